-- #119 War in the West (Guerra en el oeste, ES only): either side's event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks (the English
-- title is approximate) and the printed card was not available. Authored from the title: until
-- the end of the turn the player gets +1 in every battle, attacking or defending, fought in the
-- western states (Kentucky, Tennessee, Mississippi, Alabama, Georgia, Missouri, Arkansas,
-- Louisiana) (a battle DRM in force, FtP 4.2 and 7.5). The DRM, its length and the states are
-- AUTHORED; a modder with the printed card should check them.

local WEST = { "ky", "tn", "ms", "al", "ga", "mo", "ar", "la" }

function declare()
  return { text = "Until the end of the turn, you get +1 to your battle roll in battles in Kentucky, Tennessee, Mississippi, Alabama, Georgia, Missouri, Arkansas and Louisiana." }
end

function play(view)
  return { commands = { { battle_drm = { side = view.side, drm = 1, states = WEST } } } }
end
