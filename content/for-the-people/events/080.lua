-- #80 Southern Religious Revival (Resurgimiento religioso en el Sur): CSA event, 1 OP.
-- FtP 10.4.3: these are CSA reinforcements by card: at most 1 SP per state, in a Confederate-
-- controlled space of a Confederate-controlled original CSA state, with a LOC, free of Union SP
-- and forts; the card's exception: they MAY be placed in pro-Union spaces.
-- RECONSTRUCTED: the rulebook gives only that exception (not the amount) and the
-- printed card was not available. The amount, 2 SP in 2 different states, is AUTHORED; a
-- modder with the printed card should check it.

local COUNT = 2

function declare()
  return { text = "Place 2 Confederate SP as reinforcements, in 2 different Confederate states; they may be placed in pro-Union spaces.", playable = true }
end

-- `first`: stop at the first candidate (enough for `playable`).
-- Only the Confederate spaces are read (`view.controlled.csa`, sorted by id as `pairs` gives
-- `view.spaces`; walking every space read each one's fields).
-- `play` (not `first`) tells the spaces holding Union SP from `view.occupied.union` (
-- reading each space's `sp` made both sides' counts); `playable` reads `sp` of the spaces it
-- reaches, so that its memoized answer holds while only those stay the same.
local function candidates(view, used, first)
  local out = {}
  local union_sp = not first and {} or nil
  if union_sp then
    for _, id in ipairs(view.occupied.union) do union_sp[id] = true end
  end
  for _, id in ipairs(view.controlled.csa) do
    local s = view.spaces[id]
    local state = view.states[s.state]
    local no_union_sp
    if union_sp then no_union_sp = not union_sp[id] else no_union_sp = s.sp.union == 0 end
    if s.original == "csa" and state.control == "csa" and not used[s.state]
        and no_union_sp and s.fort ~= "union" and s.supplied.csa then
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
  local used = {}
  for _, id in ipairs(view.inputs) do used[view.spaces[id].state] = true end
  local n = #view.inputs
  if n < COUNT then
    local c = candidates(view, used)
    if #c > 0 then
      return { ask = { seat = view.side, prompt = "a Confederate SP (" .. (n + 1) .. " of " .. COUNT .. "), pro-Union spaces allowed", options = c } }
    end
  end
  local cmds = {}
  for _, id in ipairs(view.inputs) do cmds[#cmds + 1] = { add_sp = { space = id, side = "csa", count = 1 } } end
  return { commands = cmds }
end
