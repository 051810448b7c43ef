-- #46 East Tennessee Unionists (Secesionistas a favor de la Unión en Tennessee): Union event, 1 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks (digest 6: NOT DESCRIBED) and the printed
-- card was not available. Authored from the title: the Unionists of East Tennessee. Read, like #11
-- Nathaniel Lyon, as 1 Union PC(s) in Tennessee spaces not already Union and holding no enemy SP
-- (FtP 11.3), chosen by the Union player; the number is AUTHORED. Kept after the event (authored).

function declare()
  return {
    text = "Place 1 Union PC(s) in Tennessee spaces that hold no Confederate SP.",
    playable = true,
  }
end

local function candidates(view, taken)
  local out = {}
  for id, s in pairs(view.spaces) do
    if s.state == "tn" and s.control ~= "union" and s.sp[view.enemy] == 0 and s.pc_ok.union and not taken[id] then
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
  if n < 1 then
    local c = candidates(view, taken)
    if #c > 0 then
      return { ask = { seat = "union", prompt = "a Union PC in Tennessee (" .. (n + 1) .. " of 1)", options = c } }
    end
  end
  local cmds = {}
  for _, id in ipairs(view.inputs) do
    cmds[#cmds + 1] = { pc = { space = id, side = "union" } }
  end
  return { commands = cmds }
end
