-- Fast cruisers (an example mod, not a rule of the rulebook): from 1864, -1 to every evasion
-- target (BR 3.6: a ship is lost only if every die is greater than the target).
--
-- combat_modifier(view, combat) runs at every evasion roll; combat.year is the year in play.
function combat_modifier(view, combat)
  if combat.year >= 1864 then
    return {modifier = -1, reason = "the Union's fast cruisers"}
  end
  return nil
end

-- A public line once each year has begun (the end of the year-start step).
function on_step_end(view, step)
  if view.year == 1864 then
    return { {log = "The Union's fast cruisers join the blockade: -1 to every evasion roll"} }
  end
  return nil
end
