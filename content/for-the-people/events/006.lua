-- #6 Ambush (Emboscada): event for either side, 1 OP, played as an interrupt (FtP 4.2.5).
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: a force lies in wait for a moving enemy.
-- Read as an interrupt when an enemy force has just been activated to move by land: the
-- playing side gets +2 on its die roll in its next battle this turn (FtP 7.5, `battle_drm`);
-- the value is AUTHORED. Kept after the event (authored).

function declare()
  return { text = "Interrupt: play when the enemy activates a force to move; +2 to your die roll in your next battle this turn.", when = { "enemy_move" } }
end

function play(view)
  return { commands = { { battle_drm = { side = view.side, drm = 2, next = true } } } }
end
