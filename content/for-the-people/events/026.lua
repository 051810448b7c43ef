-- #26 King Cotton (El algodón es el amo): event for either side, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks. Played by the Union, the effect is the one
-- the 1861 example of play (turn 3) shows: CSA -2 SW (the failure of cotton diplomacy). What it
-- does when the CSA plays it is not described: read here as the mirror, CSA +2 SW (the hope that
-- Europe could not do without Southern cotton, as the rulebook's historical note puts it). A modder
-- with the printed card should correct the CSA half.

function declare()
  return { text = "Union plays: Confederate Strategic Will -2. Confederacy plays: Confederate Strategic Will +2." }
end

function play(view)
  local change = -2
  if view.side == "csa" then
    change = 2
  end
  return { commands = { { sw = { side = "csa", change = change } } } }
end
