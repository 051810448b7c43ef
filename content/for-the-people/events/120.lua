-- #120 Horace Greeley (ES only): either side's event, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title (the New York Tribune's editor, who
-- cried "Forward to Richmond!" in 1861 and pressed Lincoln on emancipation, then on peace talks
-- in 1864): played by the Union, Union +1 SW; played by the Confederacy, Union -1 SW (Change of
-- Fortune applies, FtP 12.4). The amounts are AUTHORED; a modder with the printed card should
-- check them.

function declare()
  return { text = "Union player: Union +1 Strategic Will. Confederate player: Union -1 Strategic Will." }
end

function play(view)
  local change = view.side == "union" and 1 or -1
  return { commands = { { sw = { side = "union", change = change } } } }
end
