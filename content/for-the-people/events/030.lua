-- #30 Glory Hallelujah (¡Gloria, aleluya!): Union event, 3 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: the Battle Hymn of the Republic rallies the
-- North. The amount is AUTHORED; a modder with the printed card should correct it. Kept after the
-- event (authored in cards.toml).

function declare()
  return { text = "Union Strategic Will +2." }
end

function play(view)
  return { commands = { { sw = { side = "union", change = 2 } } } }
end
