-- #38 George W. Rains / Gunpowder Production (Aumento de la producción de pólvora): CSA event, 2 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: the Augusta powder works arm new troops. The
-- number of SP is AUTHORED; a modder with the printed card should correct it. Read as 1 new
-- Confederate infantry SP placed one at a time in Confederate-controlled spaces free of the enemy
-- (FtP 4.2.7), chosen by the Confederate player. Kept after the event (authored in cards.toml).

function declare()
  return {
    text = "Place 1 Confederate SP in Confederate-controlled spaces that hold no enemy SP or fort.",
    playable = true,
  }
end

playable, play = ftp.sp_placement{ side = "csa", count = 1, controlled = true, name = "a Confederate-controlled space" }
