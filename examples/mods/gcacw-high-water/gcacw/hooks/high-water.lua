-- High water on the Rapidan (an example mod, not a rule of the rulebook or the scenario).
--
-- move.crosses and combat.crosses list the names of the hexside features between `from` and
-- `to`, as the map names them.
local function crosses_rapidan(t)
  for _, name in ipairs(t.crosses or {}) do
    if name == "Rapidan River" then
      return true
    end
  end
  return false
end

-- movement_cost(view, move) runs for each hex a march enters: {extra = N} more MP, or
-- {prohibit = "reason"}.
function movement_cost(view, move)
  if crosses_rapidan(move) then
    return {extra = 1, reason = "high water on the Rapidan"}
  end
  return nil
end

-- combat_modifier(view, combat) is a DRM on the attacker's die (GCACW 7.4).
function combat_modifier(view, combat)
  if crosses_rapidan(combat) then
    return {modifier = -1, reason = "attacking across the Rapidan in high water"}
  end
  return nil
end
