-- #90 Habeas Corpus (Hábeas corpus): CSA event, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: Lincoln's suspension of habeas corpus costs the
-- Union support. The amount is AUTHORED; a modder with the printed card should correct it. Kept
-- after the event (authored in cards.toml).

function declare()
  return { text = "Union Strategic Will -1." }
end

function play(view)
  return { commands = { { sw = { side = "union", change = -1 } } } }
end
