-- #8 Three Cigars (Tres cigarros): event for either side, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: Lee's Special Order 191, found wrapped
-- around three cigars, gave his plans away. Read as: the opponent discards 1 card at random
-- (a special event discarded still happens if playable, FtP 4.4); the number is AUTHORED.
-- Kept after the event (authored).

function declare()
  return { text = "Your opponent discards 1 card at random.", requires = { "opponent_has_cards" } }
end

function play(view)
  return { commands = { { discard_random = { side = view.enemy, count = 1 } } } }
end
