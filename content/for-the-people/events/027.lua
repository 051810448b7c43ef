-- #27 Choctaw Indians: CSA event, 3 OPs.
-- FtP 4.4 (its example): the CSA plays it and one card, drawn at random from the Union hand, is
-- discarded; a special event discarded this way still happens if its conditions are met.
-- RECONSTRUCTED: the card text is not in the rulebooks; the rest of its effect, if any, is
-- unknown and not applied.

function declare()
  return { text = "Discard a card at random from the Union hand.", requires = { "opponent_has_cards" } }
end

function play(view)
  return { commands = { { discard_random = { side = "union", count = 1 } } } }
end
