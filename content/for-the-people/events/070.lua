-- #70 Gustavus Fox – Ironclad Building Program (Programa de construcción de buques blindados): Union event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks ("the title
-- suggests the amphibious track, unconfirmed") and the printed card was not available. Read, like
-- #67 J. B. Eads River Ironclads (whose example raises the track by 2), as a rise of the Amphibious
-- Assault track (FtP 6.4.1); the +1 is AUTHORED. Kept after the event (authored).

function declare()
  return { text = "Amphibious Assault track +1." }
end

function play(view)
  return { commands = { { amphibious = 1 } } }
end
