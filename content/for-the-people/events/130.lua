-- #130 Union Siege Guns (Cañones de asedio de la Unión): Union event, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title (the Union's heavy siege artillery,
-- Yorktown, Vicksburg, Petersburg): until the end of the turn the Union gets +1 when attacking in
-- every battle (a battle DRM in force, FtP 4.2 and 7.5). The DRM and its length are AUTHORED; a
-- modder with the printed card should check them.

function declare()
  return { text = "Until the end of the turn, Union forces get +1 to their battle roll when attacking." }
end

function play(view)
  return { commands = { { battle_drm = { side = "union", drm = 1, role = "attacker" } } } }
end
