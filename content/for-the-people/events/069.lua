-- #69 Gideon Welles - Naval Program: Union event, 3 OPs.
-- The rulebook lists this card among those that raise the blockade level (FtP 10.5.3); the
-- examples of play show such a card changing it by exactly 1 (#68, #71). RECONSTRUCTED: the
-- rest of the card text is not in the rulebooks.

function declare()
  return { text = "Blockade level +1 (at most 5, 4 after Foreign Intervention)." }
end

function play(view)
  return { commands = { { blockade = 1 } } }
end
