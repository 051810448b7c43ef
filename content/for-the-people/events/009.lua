-- #9 Clara Barton: Union event, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: Clara Barton's care of the wounded returns
-- men to the ranks. Read as 2 new Union infantry SP, each in a space holding a Union army
-- (FtP 4.2.7; an army there absorbs them), chosen by the Union; the number is AUTHORED. Kept
-- after the event (authored).

function declare()
  return { text = "Place 2 Union infantry SP with Union armies (1 at a time, the same army or two).", playable = true }
end

playable, play = ftp.sp_placement{ side = "union", count = 2, in_army = true, name = "a Union army's space" }
