-- #44 West Virginia (Virginia Occidental): Union event, 2 OPs; removed after the event.
-- RECONSTRUCTED: the card text is not in the rulebooks. The effect is the one the 1861 example of
-- play shows: the Union places 3 PCs in West Virginia (Parkersburg, Grafton, Weston) and the card
-- is removed. Read here, as #11, as 3 Union PCs in West Virginia spaces not already Union and
-- holding no Confederate SP (FtP 11.3), each chosen by the Union.

function declare()
  return {
    text = "Place 3 Union PCs in West Virginia spaces that hold no Confederate SP. Remove this card.",
    requires = { "not_all_control:wv:union" },
    playable = true,
  }
end

playable, play = ftp.pc_placement{ side = "union", state = "wv", count = 3, name = "West Virginia" }
