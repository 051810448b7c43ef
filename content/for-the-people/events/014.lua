-- #14 Red River Campaign (La campaña del río Rojo): Union event, 3 OPs. The Union may not
-- discard it voluntarily (FtP 4.2.3, cards.toml no_voluntary_discard).
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title: Banks's 1864 expedition up the Red
-- River into Louisiana. Read, like #11 Nathaniel Lyon, as 2 Union PCs in Louisiana spaces not
-- already Union and holding no Confederate SP (FtP 11.3), chosen by the Union; the number is
-- AUTHORED. Kept after the event (authored).

function declare()
  return { text = "Place 2 Union PCs in Louisiana spaces that hold no Confederate SP.", requires = { "not_all_control:la:union" }, playable = true }
end

playable, play = ftp.pc_placement{ side = "union", state = "la", count = 2, name = "Louisiana" }
