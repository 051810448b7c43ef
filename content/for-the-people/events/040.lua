-- #40 Emergency Call for Volunteers (Llamada de emergencia para voluntarios): Union event, 3 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: Lincoln's call for volunteers raises new
-- regiments (the rules suggest new SP, to which 4.2.7 would apply). The number of SP is AUTHORED; a
-- modder with the printed card should correct it. Read as 2 new Union infantry SP placed one at a
-- time in Union-controlled spaces free of the enemy (FtP 4.2.7), chosen by the Union player. Kept
-- after the event (authored in cards.toml).

function declare()
  return {
    text = "Place 2 Union SP in Union-controlled spaces that hold no enemy SP or fort.",
    playable = true,
  }
end

playable, play = ftp.sp_placement{ side = "union", count = 2, controlled = true, name = "a Union-controlled space" }
