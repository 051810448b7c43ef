-- #29 Crittenden Compromise (La propuesta de Crittenden): Union event, 2 OPs; removed after the event.
-- RECONSTRUCTED: the card text is not in the rulebooks. The effect is the one the 1861 example of
-- play shows: the Union places 2 PCs in Kentucky (Lexington, Louisville) and the card is removed.
-- Read here, as #11, as 2 Union PCs in Kentucky spaces not already Union and holding no Confederate
-- SP (FtP 11.3), each chosen by the Union.

function declare()
  return {
    text = "Place 2 Union PCs in Kentucky spaces that hold no Confederate SP. Remove this card.",
    requires = { "not_all_control:ky:union" },
    playable = true,
  }
end

playable, play = ftp.pc_placement{ side = "union", state = "ky", count = 2, name = "Kentucky" }
