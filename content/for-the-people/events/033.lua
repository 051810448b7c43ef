-- #33 Orphan Brigade (Primera Brigada de Kentucky): CSA event, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title (the 1st Kentucky Brigade, raised
-- from Kentuckians who went South): 1 new CSA infantry SP in a Kentucky space that is not
-- Union-controlled and holds no Union SP or fort (FtP 4.2.7), nor is pro-Union (FtP 10.4.3), as #47 places SP in the border
-- states; the number is AUTHORED. Kept after the event (authored in cards.toml).

function declare()
  return {
    text = "Place 1 Confederate SP in a Kentucky space that is not Union-controlled or pro-Union and holds no Union SP or fort.",
    playable = true,
  }
end

-- `first`: stop at the first candidate (ftp.choose_one's `playable`).
local function candidates(view, first)
  local out = {}
  -- Only Kentucky's spaces can qualify: only they are read (`view.state_spaces`, in the order
  -- `pairs` gives `view.spaces`' ids).
  for _, id in ipairs(view.state_spaces.ky or {}) do
    local s = view.spaces[id]
    -- FtP 10.4.3: Confederate reinforcements by card never go to a pro-Union space.
    if s.control ~= "union" and s.sp.union == 0 and s.fort ~= "union" and not s.pro_union then
      out[#out + 1] = id
      if first then return out end
    end
  end
  return out
end

playable, play = ftp.choose_one{
  seat = "csa",
  prompt = "a Confederate SP in Kentucky",
  candidates = candidates,
  command = function(id)
    return { add_sp = { space = id, side = "csa", count = 1 } }
  end,
}
