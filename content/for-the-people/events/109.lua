-- #109 Fortified Lines (Líneas fortificadas): CSA event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title (the entrenched lines of 1864-65): until
-- the end of the turn the Confederacy gets +1 when defending in every battle (a battle DRM in
-- force, FtP 4.2 and 7.5). The DRM and its length are AUTHORED; a modder with the printed card
-- should check them.

function declare()
  return { text = "Until the end of the turn, Confederate forces get +1 to their battle roll when defending." }
end

function play(view)
  return { commands = { { battle_drm = { side = "csa", drm = 1, role = "defender" } } } }
end
