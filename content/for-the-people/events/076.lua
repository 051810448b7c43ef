-- #76 Great Sioux Uprising (La gran sublevación de los sioux): Union event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title and history: after Second Manassas
-- John Pope was sent to Minnesota to put down the 1862 Dakota uprising, which freed the Union of
-- him. The Union removes Pope from the game (wherever he is but dead). Whether the card is removed
-- after the event is AUTHORED as for every unconfirmed card (not removed; once Pope is gone the
-- event is no longer playable). It leaves the 1863/1864 decks, as Pope's career in the
-- East ended in 1862. A modder with the printed card should check it.

function declare()
  return { text = "Pope is sent west to fight the Sioux: the Union removes John Pope from the game.", playable = true }
end

function playable(view)
  local g = view.generals.pope
  return g ~= nil and g.where ~= "dead" and g.where ~= "moving"
end

function play(view)
  return { commands = { { remove_general = "pope" }, { log = "Pope is sent to Minnesota (event #76)" } } }
end
