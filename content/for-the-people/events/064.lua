-- #64 USS Kearsarge Sinks CSS Alabama (El USS Kearsage hunde al CSS Alabama): Union event, 1 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title: the end of the raider (see #49 CSS Alabama). The amount is AUTHORED; a
-- modder with the printed card should correct it. Kept after the event (authored in cards.toml).

function declare()
  return { text = "Union Strategic Will +1." }
end

function play(view)
  return { commands = { { sw = { side = "union", change = 1 } } } }
end
