-- #54 CSS Virginia (CSS Virginia): CSA event, 1 OP.
-- FtP 6.7: places an ironclad in any CSA-controlled port or coastal-fort space (no LOC needed, ES);
-- at most one of a kind per space and at most 3 in play; once placed it never moves. The card may be
-- played many times in a game (FtP 6.7), so it is not removed.
-- RECONSTRUCTED: the printed card text is not in the rulebooks; the effect is the rulebook's
-- (FtP 6.7), one counter per play (any ironclad counter may be used). A modder with the printed card can correct the text here.

function declare()
  return { text = "Place an ironclad in a Confederate-controlled port or coastal fort (at most 3 in play, one per space).", playable = true }
end

playable, play = ftp.weapon_placement{ kind = "ironclad", pool = "ironclads", prompt = "place an ironclad" }
