-- #79 Indian Allies (Aliados indios): CSA event, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title (the Indian Territory's nations
-- allied to the Confederacy; the map has no Indian Territory): 1 new CSA infantry SP in a
-- CSA-controlled Arkansas or Texas space free of Union SP and forts (FtP 4.2.7); the place and
-- number are AUTHORED. Kept after the event (authored in cards.toml).

function declare()
  return {
    text = "Place 1 Confederate SP in a Confederate-controlled Arkansas or Texas space that holds no Union SP or fort.",
    playable = true,
  }
end

-- `first`: stop at the first candidate (ftp.choose_one's `playable`).
local function candidates(view, first)
  local out = {}
  -- Only Arkansas's and Texas's spaces can qualify: only they are read (`ftp.spaces_of`), in the
  -- order `pairs` gives `view.spaces`' ids (by bytes, as `<` compares strings).
  for _, id in ipairs(ftp.spaces_of(view, { "ar", "tx" })) do
    local s = view.spaces[id]
    -- FtP 10.4.3: Confederate reinforcements by card never go to a pro-Union space.
    if s.control == "csa" and s.sp.union == 0 and s.fort ~= "union" and not s.pro_union then
      out[#out + 1] = id
      if first then return out end
    end
  end
  return out
end

playable, play = ftp.choose_one{
  seat = "csa",
  prompt = "a Confederate SP in Arkansas or Texas",
  candidates = candidates,
  command = function(id)
    return { add_sp = { space = id, side = "csa", count = 1 } }
  end,
}
