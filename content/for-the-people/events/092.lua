-- #92 Baltimore Riots (Revueltas en Baltimore): CSA event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title (the pro-Southern riots of April 1861): 1
-- Confederate PC in a Maryland space that is not already Confederate and holds no Union SP
-- (FtP 11.3), chosen by the Confederate player; the number and the area are AUTHORED. Kept after
-- the event (authored in cards.toml).

function declare()
  return {
    text = "Place 1 Confederate PC in a Maryland space that holds no Union SP.",
    playable = true,
  }
end

-- `first`: stop at the first candidate (ftp.choose_one's `playable`).
local function candidates(view, first)
  local out = {}
  -- Only Maryland's spaces can qualify: only they are read (`view.state_spaces`, in the order
  -- `pairs` gives `view.spaces`' ids).
  for _, id in ipairs(view.state_spaces.md or {}) do
    local s = view.spaces[id]
    if s.control ~= "csa" and s.sp.union == 0 and s.pc_ok.csa then
      out[#out + 1] = id
      if first then return out end
    end
  end
  return out
end

playable, play = ftp.choose_one{
  seat = "csa",
  prompt = "a Confederate PC in Maryland",
  candidates = candidates,
  command = function(id)
    return { pc = { space = id, side = "csa" } }
  end,
}
