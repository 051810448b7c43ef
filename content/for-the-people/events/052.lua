-- #52 Trent Affair (El caso Trent): CSA event, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks. The effect is the one the 1861 example of
-- play (turn 3) shows: CSA +5 SW (+2 more from Change of Fortune, FtP 12.4), and the card is
-- removed.

function declare()
  return { text = "Confederate Strategic Will +5. Remove this card." }
end

function play(view)
  return { commands = { { sw = { side = "csa", change = 5 } } } }
end
