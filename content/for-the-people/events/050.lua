-- #50 CSS Sumter (CSS Sumter: buque corsario): CSA event, 1 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks. The effect is the one the 1861
-- example of play shows: Union -1 SW (commerce losses to the raider); the example does not say
-- whether the card is removed: it is kept (`remove = false`, authored in cards.toml).

function declare()
  return { text = "Union Strategic Will -1." }
end

function play(view)
  return { commands = { { sw = { side = "union", change = -1 } } } }
end
