-- #44 West Virginia (Virginia Occidental): Union event, 2 OPs; removed after the event.
-- RECONSTRUCTED: the card text is not in the rulebooks. The effect is the one the 1861 example of
-- play shows: the Union places 3 PCs in West Virginia (Parkersburg, Grafton, Weston) and the card
-- is removed. Read here, as #11, as 3 Union PCs in West Virginia spaces not already Union and
-- holding no Confederate SP (FtP 11.3), each chosen by the Union.

function declare()
  return {
    text = "Place 3 Union PCs in West Virginia spaces that hold no Confederate SP. Remove this card.",
    playable = true,
  }
end

local function candidates(view, taken)
  local out = {}
  for id, s in pairs(view.spaces) do
    if s.state == "wv" and s.control ~= "union" and s.sp.csa == 0 and s.pc_ok.union and not taken[id] then
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
  if n < 3 then
    local c = candidates(view, taken)
    if #c > 0 then
      return { ask = { seat = "union", prompt = "a Union PC in West Virginia (" .. (n + 1) .. " of 3)", options = c } }
    end
  end
  local cmds = {}
  for _, id in ipairs(view.inputs) do
    cmds[#cmds + 1] = { pc = { space = id, side = "union" } }
  end
  return { commands = cmds }
end
