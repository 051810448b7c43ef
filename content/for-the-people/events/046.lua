-- #46 East Tennessee Unionists (Secesionistas a favor de la Unión en Tennessee): Union event, 1 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: the Unionists of East Tennessee. Read, like #11
-- Nathaniel Lyon, as 1 Union PC(s) in Tennessee spaces not already Union and holding no enemy SP
-- (FtP 11.3), chosen by the Union player; the number is AUTHORED. Kept after the event (authored).

function declare()
  return {
    text = "Place 1 Union PC(s) in Tennessee spaces that hold no Confederate SP.",
    requires = { "not_all_control:tn:union" },
    playable = true,
  }
end

playable, play = ftp.pc_placement{ side = "union", state = "tn", count = 1, name = "Tennessee" }
