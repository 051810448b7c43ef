-- #106 Clydeside Shipyards (Astilleros del Clyde): CSA event, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title: the Clyde built most of the
-- Confederacy's blockade runners. The rulebook lists every blockade-lowering card (FtP 10.5.3:
-- #82, #128) and every ironclad card (FtP 6.7: #53-55), so this one does neither; authored
-- instead: 2 new CSA SP landed by blockade runners in open blockade-runner ports (FtP 10.5.2,
-- 10.5.4: a CSA-controlled BR port whose coastal fort is not Union). The number is AUTHORED; a
-- modder with the printed card should check it.

function declare()
  return { text = "Place 2 Confederate SP in open blockade-runner ports (1 per port).", playable = true }
end

playable, play = ftp.sp_placement{ side = "csa", count = 2, distinct = true, where = function(s) return s.br_open end, name = "an open blockade-runner port" }
