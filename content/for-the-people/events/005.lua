-- #5 Dysentery: either side's event, 1 OPs.
-- FtP 4.2.4: it removes infantry SP (never cavalry; an army's last SP may go, eliminating the
-- army with its penalty) and cards.toml's sp_removal_chooser says who picks them
-- (the player who plays it). RECONSTRUCTED: the card text is not in the rulebooks; the
-- number of SP (1) and whose SP (the enemy's) are authored.

function declare()
  return { text = "The enemy loses 1 infantry SP, chosen by the player of this card.", playable = true }
end

playable, play = ftp.sp_removal{ victim = function(view) return view.enemy end, count = 1 }
