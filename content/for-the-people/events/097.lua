-- #97 Davis Tours the South (Davis recorre el Sur): CSA event, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: the President's tour rallies the South. The
-- amount is AUTHORED; a modder with the printed card should correct it. Kept after the event
-- (authored in cards.toml).

function declare()
  return { text = "Confederate Strategic Will +1." }
end

function play(view)
  return { commands = { { sw = { side = "csa", change = 1 } } } }
end
