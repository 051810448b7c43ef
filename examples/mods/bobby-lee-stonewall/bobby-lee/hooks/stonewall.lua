-- Stonewall (an example mod, not a rule of the rulebook): Confederate infantry defending a
-- forest hex fire one pip better.
--
-- combat_modifier(view, combat) runs at every fire and melee roll of a block. Its modifier is
-- added to each die the block rolls (+1: an F1 block hits as F2). The block is face up as it
-- rolls, so combat.unit and combat.unit_kind are public.
function combat_modifier(view, combat)
  if combat.forest and combat.side == "csa" and combat.attacker == "usa" and combat.unit_kind == "infantry" then
    return {modifier = 1, reason = "Stonewall: Confederate infantry holding a forest"}
  end
  return nil
end

-- A public line as each Combat Phase begins (BL 4.42), from the spectator's view.
function on_step_start(view, step)
  return { {log = "Stonewall is in force: Confederate infantry defending a forest fire one pip better"} }
end
