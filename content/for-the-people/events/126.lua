-- #126 Devastation of the (Shenandoah) Valley (Devastación del valle, ES only): Union event, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks (the English
-- title is approximate) and the printed card was not available. Authored from the title
-- (Sheridan's burning of the Valley in 1864): playable while Union SP stand in a Shenandoah
-- Valley space (Harper's Ferry, Winchester, Strasburg, Staunton); the Confederacy loses 2 SW
-- (Change of Fortune applies, FtP 12.4). An event PC could not destroy a resource center (FtP
-- 11.3 D), so the loss is in Strategic Will. The condition and the amount are AUTHORED; a modder
-- with the printed card should check them.

local VALLEY = { "harpers_ferry", "winchester", "strasburg", "staunton" }

function declare()
  return { text = "If Union SP are in a Shenandoah Valley space (Harper's Ferry, Winchester, Strasburg, Staunton): the Confederacy loses 2 Strategic Will.", playable = true }
end

function playable(view)
  for _, id in ipairs(VALLEY) do
    if view.spaces[id].sp.union > 0 then return true end
  end
  return false
end

function play(view)
  return { commands = { { sw = { side = "csa", change = -2 } } } }
end
