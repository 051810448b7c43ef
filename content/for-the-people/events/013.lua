-- #13 Missouri Guerrilla Raids (Incursiones guerrilleras en Misuri): CSA event, 2 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks (digest 6: NOT DESCRIBED) and the printed
-- card was not available. Authored from the title: pro-Confederate guerrillas in Missouri. Read,
-- like #11 Nathaniel Lyon, as 2 Confederate PC(s) in Missouri spaces not already Confederate and
-- holding no enemy SP (FtP 11.3), chosen by the Confederate player; the number is AUTHORED. Kept
-- after the event (authored).

function declare()
  return {
    text = "Place 2 Confederate PC(s) in Missouri spaces that hold no Union SP.",
    playable = true,
  }
end

local function candidates(view, taken)
  local out = {}
  for id, s in pairs(view.spaces) do
    if s.state == "mo" and s.control ~= "csa" and s.sp[view.enemy] == 0 and s.pc_ok.csa and not taken[id] then
      out[#out + 1] = id
    end
  end
  return out
end

function playable(view)
  return #candidates(view, {}) > 0
end

function play(view)
  local taken = {}
  for _, id in ipairs(view.inputs) do
    taken[id] = true
  end
  local n = #view.inputs
  if n < 2 then
    local c = candidates(view, taken)
    if #c > 0 then
      return { ask = { seat = "csa", prompt = "a Confederate PC in Missouri (" .. (n + 1) .. " of 2)", options = c } }
    end
  end
  local cmds = {}
  for _, id in ipairs(view.inputs) do
    cmds[#cmds + 1] = { pc = { space = id, side = "csa" } }
  end
  return { commands = cmds }
end
