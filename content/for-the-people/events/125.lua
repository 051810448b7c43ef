-- #125 Confederate Locomotive Shortage (Escasez de locomotoras en la Confederación, ES only):
-- Union event, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks (the English
-- title is approximate) and the printed card was not available. Authored from the title: until
-- the end of the turn the Confederacy may not move by rail: no rail movement bonus (FtP 5.9) and
-- no strategic movement (FtP 10.2.1) (a movement limit in force). Its length is AUTHORED; a
-- modder with the printed card should check it.

function declare()
  return { text = "Until the end of the turn, the Confederacy may not move by rail (no rail movement bonus, no strategic movement)." }
end

function play(view)
  return { commands = { { restrict = { side = "csa", move = "rail" } } } }
end
