-- #56 CSS Hunley (CSS Hunley): CSA event, 1 OP.
-- FtP 6.7: places the CSS Hunley in any CSA-controlled port or coastal-fort space (no LOC needed, ES);
-- at most one of a kind per space and at most 1 in play; once placed it never moves. The card may be
-- played many times in a game (FtP 6.7), so it is not removed.
-- RECONSTRUCTED: the printed card text is not in the rulebooks; the effect is the rulebook's
-- (FtP 6.7), one counter per play. A modder with the printed card can correct the text here.

function declare()
  return { text = "Place the CSS Hunley in a Confederate-controlled port or coastal fort (at most 1 in play; +1 against one amphibious assault, then removed).", playable = true }
end

playable, play = ftp.weapon_placement{ kind = "hunley", pool = "hunley", prompt = "place the CSS Hunley" }
