-- #118 Supplies from Mexico (Suministros desde México, ES only): CSA event, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks (the English
-- title is approximate) and the printed card was not available. Authored from the title (the
-- Matamoros trade across the Rio Grande): 2 new CSA infantry SP in Confederate-controlled Texas
-- spaces free of Union SP and forts (FtP 4.2.7), 1 per space. The number is AUTHORED; a modder
-- with the printed card should check it.

function declare()
  return { text = "Place 2 Confederate SP in Confederate-controlled Texas spaces that hold no Union SP or fort (1 per space).", requires = { "some_control:tx:csa" }, playable = true }
end

playable, play = ftp.sp_placement{ side = "csa", count = 2, distinct = true, states = { "tx" }, where = function(s) return s.state == "tx" and s.control == "csa" end, name = "Texas" }
