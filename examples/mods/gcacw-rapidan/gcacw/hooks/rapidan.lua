-- Cedar Mountain special rule (an example mod): Union units may not cross the Rapidan on turn 1.
--
-- forbid(view, action) is asked about every legal action: nil allows it, a string forbids it
-- and is the reason a player reads. `action.crosses` lists the names of the hexside features
-- (rivers, fords, bridges) between `action.from` and `action.to`, as the map names them.

local function crosses_rapidan(action)
  for _, name in ipairs(action.crosses or {}) do
    if name == "Rapidan River" then
      return true
    end
  end
  return false
end

function forbid(view, action)
  -- An attack across the river does not cross it; a march, an advance or a retreat does.
  if view.turn == 1 and action.side == "union" and action.kind ~= "attack" and crosses_rapidan(action) then
    return "Union units may not cross the Rapidan on turn 1 (Cedar Mountain special rule)"
  end
  return nil
end

-- A line in the log at the start of turn 1's Action Cycle, so players know the rule is on.
function on_step_start(view, step)
  if view.turn == 1 then
    return { { log = "Special rule: Union units may not cross the Rapidan on turn 1" } }
  end
  return nil
end
