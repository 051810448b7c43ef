-- #10 Dorothea Dix: Union event, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: Dorothea Dix, Superintendent of Army Nurses,
-- and the North's confidence in its care of the soldiers. Read as +2 Union Strategic Will
-- (FtP 12; Change of Fortune applies, FtP 12.4); the number is AUTHORED. Kept after the event
-- (authored).

function declare()
  return { text = "The Union gains 2 Strategic Will." }
end

function play(view)
  return { commands = { { sw = { side = "union", change = 2 } } } }
end
