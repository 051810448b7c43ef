-- A what-if rule for 1861 (an example mod, not a rule of the rulebook): Confederate blocks may not enter Union home territory.
--
-- forbid(view, action) is asked about every legal action: nil allows it, a string forbids it.
-- `action.to_home` is whose home territory the action's destination hex is ("usa" or "csa").

function forbid(view, action)
  if view.year == 1861 and action.side == "csa" and action.to_home == "usa" then
    return "in 1861 the Confederacy fights a defensive war: no Confederate block enters Union territory (this mod's what-if rule)"
  end
  return nil
end
