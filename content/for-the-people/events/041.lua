-- #41 Governor Harris / Confederate Tennessee: CSA event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks. The rulebook's example of play shows
-- +2 CSA SP, both placed at Nashville; read here as 2 CSA SP placed one at a time in
-- Confederate-controlled Tennessee spaces free of the enemy (FtP 4.2.7), chosen by the CSA.

function declare()
  return {
    text = "Place 2 Confederate SP in Confederate-controlled Tennessee spaces without Union SP or forts.",
    requires = { "some_control:tn:csa" },
    playable = true,
  }
end

playable, play = ftp.sp_placement{ side = "csa", count = 2, states = { "tn" }, where = function(s) return s.state == "tn" and s.control == "csa" end, name = "Tennessee" }
