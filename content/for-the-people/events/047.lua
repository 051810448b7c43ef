-- #47 Confederacy Recognizes KY, MO, MD & DE (La Confederación reconoce KY, MO, MD y DE):
-- CSA event, 3 OPs; removed after the event. RECONSTRUCTED: the card text is not in the rulebooks.
-- The effect is the one the 1861 example of play (turn 3) shows: the CSA adds 2 SP at Springfield
-- (MO) and the card is removed. Read here, as #41, as 2 CSA SP placed one at a time in spaces of
-- the four named states that are not Union-controlled and hold no Union SP or fort (FtP 4.2.7),
-- chosen by the CSA.

function declare()
  return {
    text = "Place 2 Confederate SP in Kentucky, Missouri, Maryland or Delaware spaces that are not Union-controlled and hold no Union SP or fort. Remove this card.",
    playable = true,
  }
end

local STATES = { ky = true, mo = true, md = true, de = true }

playable, play = ftp.sp_placement{ side = "csa", count = 2, states = { "ky", "mo", "md", "de" }, where = function(s) return STATES[s.state] and s.control ~= "union" end, name = "KY, MO, MD or DE" }
