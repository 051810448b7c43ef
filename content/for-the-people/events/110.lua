-- #110 Gettysburg Address (El discurso de Gettysburg): Union event, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks (the Spanish 1864
-- deck leaves it out) and the printed card was not available. Authored from the title: Lincoln's
-- address strengthens the Union's resolve. The amount is AUTHORED; a modder with the printed card
-- should correct it. Kept after the event (authored in cards.toml).

function declare()
  return { text = "Union Strategic Will +2." }
end

function play(view)
  return { commands = { { sw = { side = "union", change = 2 } } } }
end
