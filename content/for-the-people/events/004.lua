-- #4 Costly Error (Error caro): event for either side, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: an enemy commander's blunder. Read as a DRM
-- of -2 on the enemy's die roll in its next battle this turn (FtP 7.5, `battle_drm`); the
-- value is AUTHORED. Kept after the event (authored).

function declare()
  return { text = "The enemy's next battle this turn: -2 to its die roll." }
end

function play(view)
  return { commands = { { battle_drm = { side = view.enemy, drm = -2, next = true } } } }
end
