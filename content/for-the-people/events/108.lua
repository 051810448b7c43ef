-- #108 Richmond Bread Riots (Disturbios en Richmond por la hambruna): Union event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: food riots in the Confederate capital weaken the
-- South's will. The amount is AUTHORED; a modder with the printed card should correct it. Kept
-- after the event (authored in cards.toml).

function declare()
  return { text = "Confederate Strategic Will -1." }
end

function play(view)
  return { commands = { { sw = { side = "csa", change = -1 } } } }
end
