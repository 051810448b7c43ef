-- #113 Defenses of Washington (Las defensas de Washington, ES only): Union event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks and the
-- printed card was not available. Authored from the title (the ring of forts around the capital):
-- a Union fort counter in Washington or in a Union-controlled space next to it that has no fort
-- and no Confederate SP (FtP 6.8). The effect is AUTHORED; a modder with the printed card should
-- check it.

function declare()
  return { text = "Place a Union fort in Washington or in a Union-controlled space next to it without a fort or Confederate SP.", playable = true }
end

local function candidates(view)
  local out = {}
  local function consider(id)
    local s = view.spaces[id]
    if s.control == "union" and not s.fort and not s.coastal_fort and s.sp.csa == 0 then out[#out + 1] = id end
  end
  consider("washington")
  for _, n in ipairs(view.spaces.washington.adjacent) do consider(n) end
  table.sort(out)
  return out
end

playable, play = ftp.choose_one{
  seat = "union",
  prompt = "the space for a Union fort",
  candidates = candidates,
  command = function(id)
    return { fort = { space = id, side = "union" } }
  end,
}
