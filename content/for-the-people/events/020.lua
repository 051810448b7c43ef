-- #20 Union Arms Production Delay: CSA event, 3 OPs.
-- FtP 4.2.4: it removes infantry SP (never cavalry; an army's last SP may go, eliminating the
-- army with its penalty) and cards.toml's sp_removal_chooser says who picks them
-- (the CSA). RECONSTRUCTED: the card text is not in the rulebooks; the
-- number of SP (2) and whose SP (union) are authored.

function declare()
  return { text = "The Union loses 2 infantry SP, chosen by the Confederate player.", playable = true }
end

playable, play = ftp.sp_removal{ victim = "union", count = 2 }
