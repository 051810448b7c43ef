-- #7 Mud March (Marcha por el fango): event for either side, 1 OP, played as an interrupt.
-- FtP 5.2.6: an army that spends its first MP converting its start space has spent its "first
-- MP" for this card, so the card limits an enemy army's move by MP. RECONSTRUCTED beyond that:
-- the card text is not in the rulebooks and the printed card was not available. Read, from
-- the title (Burnside's army bogged down, January 1863) and 5.2.6, as an interrupt (FtP 4.2.5)
-- when an enemy army has just been activated to move by land: it may spend only its first MP
-- this move (`limit_mp`); the 1 MP is AUTHORED from 5.2.6. Kept after the event (authored).

function declare()
  return { text = "Interrupt: play when the enemy activates an army to move; it may spend only 1 MP this move.", when = { "enemy_move" }, playable = true }
end

function playable(view)
  return view.moving ~= nil and view.moving.kind == "army"
end

function play(view)
  return { commands = { { limit_mp = 1 } } }
end
