-- #3 Forward to Richmond!: event for either side, 1 OP (FtP 4.2.6, 4.6).
-- Played by the CSA: a card is taken from the Union hand and the Union must use that same
-- card on its next strategy round, for OPs, to move a Union army led by a named general
-- (FtP 4.6.3: a generic commander is exempt) toward Richmond (FtP 4.6.2). The CSA cannot play
-- it if the Union has no card in hand it could discard (FtP 4.6.5 "de la que se pueda
-- descartar", with 4.2.3: not a special event, not Red River), and only such a card is taken.
-- The CSA cannot see the Union hand, so (a reading of an ambiguous rule) the card is taken at random. The army's criteria
-- on the card are not in the sources: any Union army with a named commander that the card's
-- OPs can activate. [MISSING] The effect when the Union plays it is not in the sources: the
-- event is not offered to the Union.

function declare()
  return {
    text = "Confederate player: take a card at random from the Union hand; on the Union's next round it must be played for OPs to move a Union army (not one under a generic commander) toward Richmond, by the shortest path, attacking if it can.",
    requires = { "opponent_has_discardable", "side:csa" },
  }
end

function play(view)
  return { commands = { { forward_to_richmond = true } } }
end
