-- #123 Quantrill's Raiders (Los hombres de Quantrill, ES only): either side's event, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title (William Quantrill's Missouri
-- guerrillas, the Lawrence raid): played by the Confederacy, 1 CSA PC in a Missouri space not
-- already Confederate that holds no Union SP; played by the Union (the hunt for the raiders),
-- 1 Confederate PC removed from a Missouri space without Confederate SP. Event PCs keep FtP 11.3
-- and 11.3 D. The effect is AUTHORED; a modder with the printed card should check it.

function declare()
  return { text = "Confederate player: place 1 Confederate PC in Missouri (no Union SP there). Union player: remove 1 Confederate PC from a Missouri space without Confederate SP.", playable = true }
end

-- `first`: stop at the first candidate (ftp.choose_one's `playable`).
local function candidates(view, first)
  local out = {}
  -- Only Missouri's spaces can qualify: only they are read (`view.state_spaces`, in the order
  -- `pairs` gives `view.spaces`' ids).
  for _, id in ipairs(view.state_spaces.mo or {}) do
    local s = view.spaces[id]
    do
      if view.side == "csa" and s.control ~= "csa" and s.sp.union == 0 and s.pc_ok.csa then
        out[#out + 1] = id
        if first then return out end
      elseif view.side == "union" and s.control == "csa" and s.original ~= "csa" and s.sp.csa == 0 then
        out[#out + 1] = id
        if first then return out end
      end
    end
  end
  return out
end

playable, play = ftp.choose_one{
  prompt = function(view)
    return view.side == "csa" and "a Confederate PC in Missouri" or "remove a Confederate PC in Missouri"
  end,
  candidates = candidates,
  command = function(id, view)
    if view.side == "csa" then
      return { pc = { space = id, side = "csa" } }
    end
    return { remove_pc = id }
  end,
}
