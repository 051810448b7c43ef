-- #122 Crisis in the West (Crisis en el oeste, ES only): Union event, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks (the English
-- title is approximate) and the printed card was not available. Authored from the title (the
-- command quarrels of the Confederacy's western army, Bragg and his generals): the Union chooses
-- one Confederate general (not cavalry) on the map or on an army display in Kentucky, Tennessee,
-- Mississippi, Alabama or Georgia; he goes to the turn track and comes back in the next turn's
-- Reinforcement Phase. The effect is AUTHORED; a modder with the printed card should check it.

local WEST = { ky = true, tn = true, ms = true, al = true, ga = true }

function declare()
  return { text = "The Union chooses a Confederate general (not cavalry) in Kentucky, Tennessee, Mississippi, Alabama or Georgia: he goes to the turn track, back next turn.", playable = true }
end

-- `first`: stop at the first candidate (ftp.choose_one's `playable`).
local function candidates(view, first)
  local out = {}
  for id, g in pairs(view.generals) do
    if g.side == "csa" and not g.cavalry and (g.where == "map" or g.where == "army") and WEST[view.spaces[g.space].state] then
      out[#out + 1] = id
      if first then return out end
    end
  end
  return out
end

playable, play = ftp.choose_one{
  seat = "union",
  prompt = "the Confederate general to the turn track",
  candidates = candidates,
  command = function(id)
    return { general_to_track = { general = id, turns = 1 } }
  end,
}
