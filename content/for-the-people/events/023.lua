-- #23 Bermuda Blockade Runners (Suministro desde las Bermudas): CSA event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: runners bringing supplies from Bermuda
-- through the blockade. FtP 10.5.3 lists every card that changes the blockade level (#23 is not
-- among them, nor in IT 10.53), so this card does not change it (an earlier reconstruction
-- lowered it by 1; #106 was authored on the same reading of the list). Authored instead, as #106
-- on a smaller scale: 1 new CSA SP landed by the runners in an open blockade-runner port (FtP
-- 10.5.2, 10.5.4: a CSA-controlled BR port whose coastal fort is not Union). The number is
-- AUTHORED; a modder with the printed card should check it. Kept after the event (authored).

function declare()
  return { text = "Place 1 Confederate SP in an open blockade-runner port.", playable = true }
end

playable, play = ftp.sp_placement{ side = "csa", count = 1, where = function(s) return s.br_open end, name = "an open blockade-runner port" }
