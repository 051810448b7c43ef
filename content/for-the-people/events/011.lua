-- #11 Nathaniel Lyon: Union event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks. The effect is the one the rulebook's
-- example of play shows: the Union places 3 PCs in Missouri (Ironton, Lexington, St. Joseph),
-- read here as 3 PCs in Missouri spaces not already Union and holding no Confederate SP
-- (FtP 11.3), each chosen by the Union.

function declare()
  return {
    text = "Place 3 Union PCs in Missouri spaces that hold no Confederate SP.",
    requires = { "not_all_control:mo:union" },
    playable = true,
  }
end

playable, play = ftp.pc_placement{ side = "union", state = "mo", count = 3, name = "Missouri" }
