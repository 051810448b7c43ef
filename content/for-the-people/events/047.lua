-- #47 Confederacy Recognizes KY, MO, MD & DE (La Confederación reconoce KY, MO, MD y DE):
-- CSA event, 3 OPs; removed after the event. RECONSTRUCTED: the card text is not in the rulebooks.
-- The effect is the one the 1861 example of play (turn 3) shows: the CSA adds 2 SP at Springfield
-- (MO) and the card is removed. Read here, as #41, as 2 CSA SP placed one at a time in spaces of
-- the four named states that are not Union-controlled and hold no Union SP or fort (FtP 4.2.7),
-- chosen by the CSA.

function declare()
  return {
    text = "Place 2 Confederate SP in Kentucky, Missouri, Maryland or Delaware spaces that are not Union-controlled and hold no Union SP or fort. Remove this card.",
    playable = true,
  }
end

local STATES = { ky = true, mo = true, md = true, de = true }

local function candidates(view)
  local out = {}
  for id, s in pairs(view.spaces) do
    if STATES[s.state] and s.control ~= "union" and s.sp.union == 0 and s.fort ~= "union" then
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
    return { ask = { seat = "csa", prompt = "a Confederate SP in KY, MO, MD or DE (" .. (n + 1) .. " of 2)", options = candidates(view) } }
  end
  local cmds = {}
  for _, id in ipairs(view.inputs) do
    cmds[#cmds + 1] = { add_sp = { space = id, side = "csa", count = 1 } }
  end
  return { commands = cmds }
end
