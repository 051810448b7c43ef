-- #82 Foreign Intervention: special event for either side, 3 OPs (FtP 4.4.2).
-- The rules (not this script) make it mandatory during the turn once its conditions are met
-- (the holder may wait until the last round), allow it for OPs only as the last card (the
-- second-to-last with #81 held), never as a discard, and remove it after the event.
-- Effects (FtP 4.4.2): the blockade level -1 at once and never above 4 for the rest of the game;
-- the Union receives 2 SP fewer in every Reinforcement Phase (`in_force`, read by the
-- reinforcement rules); Union SW -10 once.
-- A reading of the rules: the card text is not in the sources; the condition CSA SW >= 110 is
-- inferred from both examples of play.

function declare()
  return {
    text = "Special event: play it during the turn if the Confederate Strategic Will is 110 or more. Blockade level -1, and never above 4 for the rest of the game; the Union receives 2 SP fewer in every Reinforcement Phase; Union Strategic Will -10. Remove this card from the game.",
    playable = true,
  }
end

function playable(view)
  return view.sw.csa >= 110
end

function play(view)
  return { commands = { { in_force = {} }, { blockade = -1 }, { sw = { side = "union", change = -10 } } } }
end
