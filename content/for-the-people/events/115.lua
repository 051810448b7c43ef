-- #115 Battle of Galveston (Batalla de Galveston, ES only): CSA event, 2 OPs.
-- FtP 6.8.2 exception (ES; cards.toml flag `retake_coastal_fort`): the CSA recovers a coastal
-- fort, which it otherwise never can (it makes no amphibious assaults).
-- RECONSTRUCTED: the details are not in the rulebooks and the printed
-- card was not available. Authored: a Confederate PC on one Union-controlled coastal fort of an
-- original Confederate state that holds no Union SP (FtP 11.3: never where the enemy has SP). The
-- map has no coastal fort at Galveston itself, so any such fort may be chosen. A modder with the
-- printed card should check it.
-- Scenario option `galveston-forts` (view.retake_only; a reading of an ambiguous rule): the ES
-- sentence of 6.8.2 can also be read as "Fort Monroe, which can be attacked by land or with
-- this event": then only Fort Monroe may be retaken.

function declare()
  return { text = "The Confederacy retakes a Union-controlled coastal fort that holds no Union SP: place a Confederate PC on it.", playable = true }
end

-- `first`: stop at the first candidate (ftp.choose_one's `playable`).
local function forts(view, first)
  local out = {}
  for id, s in pairs(view.spaces) do
    if s.coastal_fort and s.original == "csa" and s.control == "union" and s.sp.union == 0
        and (view.retake_only == nil or view.retake_only == id) then
      out[#out + 1] = id
      if first then return out end
    end
  end
  return out
end

playable, play = ftp.choose_one{
  seat = "csa",
  prompt = "the coastal fort to retake (FtP 6.8.2)",
  candidates = forts,
  command = function(id)
    return { pc = { space = id, side = "csa" } }
  end,
}
