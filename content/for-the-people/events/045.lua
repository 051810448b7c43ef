-- #45 Food Shortage (Escasez de alimentos): Union event, 3 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: food shortages in the South (the Union plays
-- it). The amount is AUTHORED; a modder with the printed card should correct it. Kept after the
-- event (authored in cards.toml).

function declare()
  return { text = "Confederate Strategic Will -2." }
end

function play(view)
  return { commands = { { sw = { side = "csa", change = -2 } } } }
end
