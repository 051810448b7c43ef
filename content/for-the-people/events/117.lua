-- #117 Clandestine Blockade-Runner Port (Puerto clandestino para rompedores de bloqueo, ES
-- only): CSA event, 3 OPs.
-- FtP 10.5.2 (ES): St. Marks (FL) is an East Gulf blockade-runner port only with this card: the
-- map ties the port to card 117 (`br_card`), and the rules count it as a BR port while this
-- event is in force; it is then open or closed as any BR port (CSA-controlled, with a LOC).
-- RECONSTRUCTED: the card text is not in the rulebooks beyond that. Authored: the event stays in
-- force for the rest of the game (it cannot be played again while in force); the card is not
-- removed (AUTHORED as for every unconfirmed card in cards.toml). A modder with
-- the printed card should check it.

function declare()
  return { text = "St. Marks (Florida) becomes an East Gulf blockade-runner port for the rest of the game.", requires = { "not_in_force:117" } }
end

function play(view)
  return { commands = { { in_force = {} }, { log = "St. Marks is a blockade-runner port (FtP 10.5.2)" } } }
end
