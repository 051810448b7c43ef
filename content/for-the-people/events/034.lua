-- #34-36 Elite Unit (Unidades de élite / Unità di Élite): either side, 1 OP; the three cards
-- share this script. FtP 7.5.1: the elite units enter play through these events; each side has
-- two, the most it may have in play; an eliminated one may come back through the event.
-- [MISSING] the printed card text: AUTHORED from 7.5.1 ("once placed in an army"): one elite
-- unit of the playing side goes into one of its armies on the map, the player choosing which.
-- The use in battle (+1, voluntary) and the loss (2+ SP lost) are rules, not this script.

function declare()
  return {
    text = "Place one of your elite units (at most 2 in play) in one of your armies on the map (FtP 7.5.1).",
    playable = true,
  }
end

playable, play = ftp.choose_one{
  prompt = "the army that receives the elite unit",
  candidates = function(view)
    local out = {}
    if #view.elite[view.side] < view.elite.max then
      for id, a in pairs(view.armies) do
        if a.side == view.side then
          out[#out + 1] = id
        end
      end
    end
    return out
  end,
  command = function(id)
    return { elite = id }
  end,
}
