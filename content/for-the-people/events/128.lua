-- #128 Union Naval Stores Shortage: CSA event, 3 OPs.
-- The rulebook lists this card among those that lower the blockade level (FtP 10.5.3); the
-- examples of play show such a card changing it by exactly 1 (#68, #71); lowering is read as
-- -1 too. RECONSTRUCTED: the
-- rest of the card text is not in the rulebooks.

function declare()
  return { text = "Blockade level -1 (never below 0)." }
end

function play(view)
  return { commands = { { blockade = -1 } } }
end
