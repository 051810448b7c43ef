-- #105 Cavalry Detachments (Destacamento de caballería): either side's event, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title on the model of the cavalry raid,
-- which removes enemy PCs (FtP 5.5.3): a detachment of one of the player's cavalry generals on
-- the map removes 1 enemy PC from his space or an adjacent one that holds no enemy SP or fort;
-- never a capital or a coastal fort (the CSA cannot retake one, FtP 6.8.2). The effect is
-- AUTHORED; a modder with the printed card should check it.

function declare()
  return { text = "Remove 1 enemy PC from a space holding or adjacent to one of your cavalry generals, free of enemy SP and forts.", playable = true }
end

-- The candidates are the spaces of the player's cavalry generals on the map
-- (`view.cavalry_spaces`) and the spaces adjacent to them (walking `view.generals`
-- made every general's entry); `play` offers them sorted, so the order they are found in does
-- not matter. `first`: stop at the first one found (enough for `playable`).
playable, play = ftp.choose_one{
  prompt = "remove an enemy PC",
  candidates = function(view, first)
    local seen, out = {}, {}
    -- Whether `id` qualifies (kept in `out`) and the search may stop.
    local function consider(id)
      local s = view.spaces[id]
      if not seen[id] and s.control == view.enemy and s.original ~= view.enemy and s.sp[view.enemy] == 0
          and s.fort ~= view.enemy and not s.capital and not s.coastal_fort then
        seen[id] = true
        out[#out + 1] = id
        return first
      end
      return false
    end
    for _, id in ipairs(view.cavalry_spaces) do
      if consider(id) then return out end
      for _, n in ipairs(view.spaces[id].adjacent) do
        if consider(n) then return out end
      end
    end
    return out
  end,
  command = function(id)
    return { remove_pc = id }
  end,
}
