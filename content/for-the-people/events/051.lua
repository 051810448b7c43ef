-- #51 Confederate Torpedoes (Torpedos confederados): CSA event, 1 OP.
-- FtP 6.7: places a torpedo marker in any CSA-controlled port or coastal-fort space (no LOC needed, ES);
-- at most one of a kind per space and at most 6 in play; once placed it never moves. The card may be
-- played many times in a game (FtP 6.7), so it is not removed.
-- RECONSTRUCTED: the printed card text is not in the rulebooks; the effect is the rulebook's
-- (FtP 6.7), one counter per play (the rulebook does not say how many). A modder with the printed card can correct the text here.

function declare()
  return { text = "Place a torpedo marker in a Confederate-controlled port or coastal fort (at most 6 in play, one per space).", playable = true }
end

local function spaces(view)
  local out = {}
  if view.weapons.torpedoes < view.weapons.max.torpedoes then
    for id, s in pairs(view.spaces) do
      if s.port and s.control == "csa" and not s.torpedo then
        out[#out + 1] = id
      end
    end
  end
  table.sort(out)
  return out
end

function playable(view)
  return #spaces(view) > 0
end

function play(view)
  if #view.inputs == 0 then
    return { ask = { seat = "csa", prompt = "place a torpedo marker", options = spaces(view) } }
  end
  return { commands = { { weapon = { kind = "torpedo", space = view.inputs[1] } } } }
end
