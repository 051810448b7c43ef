-- #12 Cabinet Intrigue (Intrigas en el gobierno / Intrigo di gabinetto): CSA event, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks. The effect is the one the rulebook's
-- example of play shows (the CSA plays it: Union -3 SW) and the card is not removed after the
-- event (the example says so; `remove = false` in cards.toml).

function declare()
  return { text = "Union Strategic Will -3." }
end

function play(view)
  return { commands = { { sw = { side = "union", change = -3 } } } }
end
