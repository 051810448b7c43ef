-- #1 Empty Haversacks (Morrales vacíos): Union event, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: a Confederate army runs out of rations and
-- loses men. Read as FtP 4.2.4: 1 infantry SP of a Confederate army (its last SP may go,
-- eliminating the army with its penalty), the space chosen by the Union player (the card names
-- no chooser in cards.toml); the number is AUTHORED. Kept after the event (authored).

function declare()
  return { text = "A Confederate army of the Union player's choice loses 1 infantry SP.", playable = true }
end

playable, play = ftp.sp_removal{ victim = "csa", count = 1, in_army = true, chooser = "union" }
