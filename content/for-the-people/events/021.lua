-- #21 Confederate Agents in Europe (Agente de la Confederación en Europa): CSA event, 3 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: Confederate diplomacy abroad. The amount is
-- AUTHORED; a modder with the printed card should correct it. Kept after the event (authored in
-- cards.toml).

function declare()
  return { text = "Confederate Strategic Will +2." }
end

function play(view)
  return { commands = { { sw = { side = "csa", change = 2 } } } }
end
