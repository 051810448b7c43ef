-- #51 Confederate Torpedoes (Torpedos confederados): CSA event, 1 OP.
-- FtP 6.7: places a torpedo marker in any CSA-controlled port or coastal-fort space (no LOC needed, ES);
-- at most one of a kind per space and at most 6 in play; once placed it never moves. The card may be
-- played many times in a game (FtP 6.7), so it is not removed.
-- RECONSTRUCTED: the printed card text is not in the rulebooks; the effect is the rulebook's
-- (FtP 6.7), one counter per play (the rulebook does not say how many). A modder with the printed card can correct the text here.

function declare()
  return { text = "Place a torpedo marker in a Confederate-controlled port or coastal fort (at most 6 in play, one per space).", playable = true }
end

playable, play = ftp.weapon_placement{ kind = "torpedo", pool = "torpedoes", prompt = "place a torpedo marker" }
