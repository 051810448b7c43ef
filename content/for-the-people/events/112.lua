-- #112 Severe Storms (Fuertes borrascas, ES only): CSA event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks (the English
-- title is approximate) and the printed card was not available. Authored from the title (gales
-- that scattered Union expeditions at sea, e.g. Burnside's off Hatteras in 1862): until the end
-- of the turn the Union makes no naval moves (FtP 6.1; a movement limit in force). Its length is
-- AUTHORED; a modder with the printed card should check it.

function declare()
  return { text = "Until the end of the turn, the Union may make no naval moves." }
end

function play(view)
  return { commands = { { restrict = { side = "union", move = "naval" } } } }
end
