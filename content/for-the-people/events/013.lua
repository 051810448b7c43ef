-- #13 Missouri Guerrilla Raids (Incursiones guerrilleras en Misuri): CSA event, 2 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: pro-Confederate guerrillas in Missouri. Read,
-- like #11 Nathaniel Lyon, as 2 Confederate PC(s) in Missouri spaces not already Confederate and
-- holding no enemy SP (FtP 11.3), chosen by the Confederate player; the number is AUTHORED. Kept
-- after the event (authored).

function declare()
  return {
    text = "Place 2 Confederate PC(s) in Missouri spaces that hold no Union SP.",
    requires = { "not_all_control:mo:csa" },
    playable = true,
  }
end

playable, play = ftp.pc_placement{ side = "csa", state = "mo", count = 2, name = "Missouri" }
