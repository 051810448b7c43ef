-- #41 Governor Harris / Confederate Tennessee: CSA event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks. The rulebook's example of play shows
-- +2 CSA SP, both placed at Nashville; read here as 2 CSA SP placed one at a time in
-- Confederate-controlled Tennessee spaces free of the enemy (FtP 4.2.7), chosen by the CSA.

function declare()
  return {
    text = "Place 2 Confederate SP in Confederate-controlled Tennessee spaces without Union SP or forts.",
    playable = true,
  }
end

local function candidates(view)
  local out = {}
  for id, s in pairs(view.spaces) do
    if s.state == "tn" and s.control == "csa" and s.sp.union == 0 and s.fort ~= "union" then
      out[#out + 1] = id
    end
  end
  return out
end

function playable(view)
  return #candidates(view) > 0
end

function play(view)
  local n = #view.inputs
  if n < 2 then
    return { ask = { seat = "csa", prompt = "a Confederate SP in Tennessee (" .. (n + 1) .. " of 2)", options = candidates(view) } }
  end
  local cmds = {}
  for _, id in ipairs(view.inputs) do
    cmds[#cmds + 1] = { add_sp = { space = id, side = "csa", count = 1 } }
  end
  return { commands = cmds }
end
