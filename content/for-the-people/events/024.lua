-- #24 Pre-War Treason (Traición antes de la guerra): CSA event, 3 OPs; removed after the event.
-- RECONSTRUCTED: the card text is not in the rulebooks. The effect is the one the 1861 example of
-- play (turn 3) shows: the CSA places 2 forts (New Madrid MO, Manassas VA) and the card is removed.
-- Read here as 2 CSA forts, one at a time, in CSA-controlled spaces without a fort (nor a printed
-- coastal fort) and without Union SP (FtP 6.8), chosen by the CSA.

function declare()
  return {
    text = "Place 2 Confederate forts in Confederate-controlled spaces that hold no fort and no Union SP. Remove this card.",
    playable = true,
  }
end

-- `first`: stop at the first candidate (enough for `playable`).
local function candidates(view, taken, first)
  local out = {}
  -- Only CSA-controlled spaces can qualify: only they are read (`view.controlled`, in the
  -- order `pairs` gives `view.spaces`' ids).
  for _, id in ipairs(view.controlled.csa) do
    local s = view.spaces[id]
    if s.fort == nil and not s.coastal_fort and s.sp.union == 0 and not taken[id] then
      out[#out + 1] = id
      if first then return out end
    end
  end
  return out
end

function playable(view)
  return #candidates(view, {}, true) > 0
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
      return { ask = { seat = "csa", prompt = "a Confederate fort (" .. (n + 1) .. " of 2)", options = c } }
    end
  end
  local cmds = {}
  for _, id in ipairs(view.inputs) do
    cmds[#cmds + 1] = { fort = { space = id, side = "csa" } }
  end
  return { commands = cmds }
end
