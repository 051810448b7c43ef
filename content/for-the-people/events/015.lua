-- #15 Mosby's Rangers (Los hombres de Mosby): CSA event, 1 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title: partisan raids behind the Union lines in Virginia. The amount is AUTHORED; a
-- modder with the printed card should correct it. Kept after the event (authored in cards.toml).

function declare()
  return { text = "Union Strategic Will -1." }
end

function play(view)
  return { commands = { { sw = { side = "union", change = -1 } } } }
end
