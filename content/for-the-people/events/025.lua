-- #25 Confederate Railroad Deterioration: Union event, 1 OP.
-- FtP 4.2.6: a card-removal event: a card is taken from the Confederate hand and discarded (not
-- removed from the game); the CSA then plays its normal round. The Union cannot see
-- the Confederate hand, so (a reading of an ambiguous rule) the card is taken at random. RECONSTRUCTED: the card text is not in
-- the rulebooks; the rest of its effect, if any, is unknown and not applied.

function declare()
  return { text = "Take a card at random from the Confederate hand and discard it.", requires = { "opponent_has_cards" } }
end

function play(view)
  return { commands = { { discard_random = { side = "csa", count = 1 } } } }
end
