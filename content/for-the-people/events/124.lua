-- #124 Confederate Desertions (Deserciones en la Confederación): Union event, 2 OPs.
-- FtP 4.2.4: it removes infantry SP (never cavalry; an army's last SP may go, eliminating the
-- army with its penalty). RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: 1 Confederate
-- infantry SP deserts; the number and the chooser (the Union, who plays it, as the card does not
-- say otherwise here) are AUTHORED. Kept after the event (authored in cards.toml).

function declare()
  return { text = "The Confederacy loses 1 infantry SP, chosen by the Union.", playable = true }
end

-- `first`: stop at the first candidate (ftp.choose_one's `playable`).
local function spaces(view, first)
  local out = {}
  -- Only spaces with CSA SP can hold CSA infantry: only they are read (`view.occupied`, in
  -- the order `pairs` gives `view.spaces`' ids).
  for _, id in ipairs(view.occupied.csa) do
    local s = view.spaces[id]
    if s.infantry.csa > 0 then
      out[#out + 1] = id
      if first then return out end
    end
  end
  return out
end

playable, play = ftp.choose_one{
  seat = "union",
  prompt = "remove a Confederate infantry SP",
  candidates = spaces,
  command = function(id)
    return { remove_sp = { space = id, side = "csa", count = 1 } }
  end,
}
