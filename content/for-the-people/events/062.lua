-- #62 Salmon Chase (ES) / Financial Crisis (IT, Crisi finanziaria): CSA event, 2 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title: the Treasury Secretary's
-- intrigues and the Union's financial crisis (the rulebook's example of #12 names Chase among
-- the later intriguers). The amount is AUTHORED; a
-- modder with the printed card should correct it. Kept after the event (authored in cards.toml).

function declare()
  return { text = "Union Strategic Will -2." }
end

function play(view)
  return { commands = { { sw = { side = "union", change = -2 } } } }
end
