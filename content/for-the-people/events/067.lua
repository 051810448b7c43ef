-- #67 J. B. Eads River Ironclads (Buques blindados fluviales): Union event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks. The effect is the one the 1861 example of
-- play (turn 3) shows: the Amphibious Assault track goes from 0 to 2 (FtP 6.4.1), read as +2. The
-- example does not say whether the card is removed: it is kept (authored in cards.toml).

function declare()
  return { text = "Amphibious Assault track +2." }
end

function play(view)
  return { commands = { { amphibious = 2 } } }
end
