-- #89 Quaker Guns: CSA interrupt event, 1 OP.
-- FtP 3.3.2, 4.2.5: played when the Union activates a force to move (with OPs, or one move of a
-- campaign card), it cancels that move; the CSA then plays its own normal round (the
-- interrupt does not use it up). Naval moves cannot be interrupted (FtP 4.2.5, ES).
-- RECONSTRUCTED: the card text is not in the rulebooks; its other conditions, if any, are
-- unknown and not applied.

function declare()
  return { text = "Interrupt: play when the Union activates a force to move; the move is cancelled.", when = { "enemy_move" } }
end

function play(view)
  return { commands = { { cancel_move = true } } }
end
