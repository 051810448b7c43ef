-- War weariness (an example mod, not a rule of the rulebook): at the end of any turn, a side
-- whose Strategic Will is below half the other's gives up.
--
-- victory(view, check) runs at the end of every turn, before the rulebook's own checks.
-- check.sw holds both sides' Strategic Will; a winner ("union", "csa" or "draw") ends the game.
function victory(view, check)
  local union, csa = check.sw.union, check.sw.csa
  if 2 * union < csa then
    return {winner = "csa", reason = "war weariness: the Union's will is below half the Confederacy's"}
  end
  if 2 * csa < union then
    return {winner = "union", reason = "war weariness: the Confederacy's will is below half the Union's"}
  end
  return nil
end

-- A public line in the log as each turn ends, so players see how close the rule is.
function on_step_start(view, step)
  return { {log = "War weariness: Strategic Will Union " .. view.sw[1] .. ", CSA " .. view.sw[2]} }
end
