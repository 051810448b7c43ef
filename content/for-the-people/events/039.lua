-- #39 New York Draft Riots: CSA event, 2 OPs.
-- FtP 4.2.4: it removes infantry SP (never cavalry; an army's last SP may go, eliminating the
-- army with its penalty) and cards.toml's sp_removal_chooser says who picks them
-- (the Union). RECONSTRUCTED: the card text is not in the rulebooks; the
-- number of SP (2) and whose SP (union) are authored.

function declare()
  return { text = "The Union loses 2 infantry SP, chosen by the Union player.", playable = true, turns = {7, 13} }
end

playable, play = ftp.sp_removal{ victim = "union", count = 2 }
