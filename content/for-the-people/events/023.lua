-- #23 Bermuda Blockade Runners (Suministro desde las Bermudas): CSA event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks (digest 6: NOT DESCRIBED) and the printed
-- card was not available. Authored from the title: runners bringing supplies from Bermuda
-- through the blockade. Read as the blockade level -1 (FtP 10.5.3, kept within its limits),
-- playable while the level is above 0; the number is AUTHORED. Kept after the event (authored).

function declare()
  return { text = "Lower the blockade level by 1.", playable = true }
end

function playable(view)
  return view.blockade > 0
end

function play(view)
  return { commands = { { blockade = -1 } } }
end
