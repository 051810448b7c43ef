-- #60 USS Monitor (Lo USS Monitor): Union event, 2 OPs.
-- FtP 6.7: "USS Monitor" removes a CSA ironclad from the map.
-- RECONSTRUCTED: the printed card text is not in the rulebooks; the rulebook says only that the
-- card can eliminate CSA ironclads. One ironclad per play, the Union's choice, is authored;
-- whether the card is removed after the event is authored (not removed).

function declare()
  return { text = "Remove one Confederate ironclad from the map.", playable = true }
end

playable, play = ftp.choose_one{
  seat = "union",
  prompt = "sink a Confederate ironclad",
  candidates = function(view, first)
    local out = {}
    -- No ironclad in play, none on the map: no space is read.
    if view.weapons.ironclads == 0 then return out end
    for id, s in pairs(view.spaces) do
      if s.ironclad then
        out[#out + 1] = id
        if first then return out end
      end
    end
    return out
  end,
  command = function(id)
    return { remove_ironclad = id }
  end,
}
