-- #43 Kansas (admitted to the Union) (Kansas es admitida en la Unión): Union event, 1 OP;
-- removed after the event.
-- RECONSTRUCTED: the card text is not in the rulebooks. The effect is the one the 1861 example
-- of play shows: "Kansas is admitted to the Union, which allows placing 1 SP in MO"; the Union
-- places it at Kansas City (a neutral space) and the card is removed. Read here as 1 Union
-- infantry SP in a Missouri space that is not Confederate-controlled and holds no Confederate
-- SP or fort (FtP 4.2.7), chosen by the Union.

function declare()
  return {
    text = "Place 1 Union SP in a Missouri space that is not Confederate-controlled and holds no Confederate SP or fort. Remove this card.",
    playable = true,
  }
end

-- `first`: stop at the first candidate (ftp.choose_one's `playable`).
local function candidates(view, first)
  local out = {}
  -- Only Missouri's spaces can qualify: only they are read (`view.state_spaces`, in the order
  -- `pairs` gives `view.spaces`' ids).
  for _, id in ipairs(view.state_spaces.mo or {}) do
    local s = view.spaces[id]
    if s.control ~= "csa" and s.sp.csa == 0 and s.fort ~= "csa" then
      out[#out + 1] = id
      if first then return out end
    end
  end
  return out
end

playable, play = ftp.choose_one{
  seat = "union",
  prompt = "a Union SP in Missouri",
  candidates = candidates,
  command = function(id)
    return { add_sp = { space = id, side = "union", count = 1 } }
  end,
}
