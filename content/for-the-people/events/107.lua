-- #107 Guerrilla Raids Delay Supplies (Demoras de suministros por incursiones guerrilleras): CSA
-- event, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title: guerrillas behind the Union lines
-- delay its supplies, so the Union discards 1 card drawn at random from its hand (as #27 Choctaw
-- Indians does, FtP 4.4; a special event discarded so still happens if playable). The effect is
-- AUTHORED; a modder with the printed card should check it.

function declare()
  return { text = "The Union discards 1 card drawn at random from its hand.", requires = { "opponent_has_cards" } }
end

function play(view)
  return { commands = { { discard_random = { side = "union", count = 1 } } } }
end
