-- #22 Josiah Gorgas: CSA event, 3 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: the Confederate Chief of Ordnance arms new
-- troops. The number of SP is AUTHORED; a modder with the printed card should correct it. Read as 2
-- new Confederate infantry SP placed one at a time in Confederate-controlled spaces free of the
-- enemy (FtP 4.2.7), chosen by the Confederate player. Kept after the event (authored in
-- cards.toml).

function declare()
  return {
    text = "Place 2 Confederate SP in Confederate-controlled spaces that hold no enemy SP or fort.",
    playable = true,
  }
end

playable, play = ftp.sp_placement{ side = "csa", count = 2, controlled = true, name = "a Confederate-controlled space" }
