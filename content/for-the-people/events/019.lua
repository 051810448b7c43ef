-- #19 Belmont: event for either side, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: Grant's raid on Belmont, Missouri (November
-- 1861), a small battle both sides claimed as a victory. Read as +1 Strategic Will for the
-- side that plays it (FtP 12; Change of Fortune applies, FtP 12.4); the number is AUTHORED.
-- Kept after the event (authored).

function declare()
  return { text = "You gain 1 Strategic Will." }
end

function play(view)
  return { commands = { { sw = { side = view.side, change = 1 } } } }
end
