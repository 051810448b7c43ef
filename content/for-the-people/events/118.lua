-- #118 Supplies from Mexico (Suministros desde México, ES only): CSA event, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks (digest 6: NOT DESCRIBED; the English
-- title is approximate) and the printed card was not available. Authored from the title (the
-- Matamoros trade across the Rio Grande): 2 new CSA infantry SP in Confederate-controlled Texas
-- spaces free of Union SP and forts (FtP 4.2.7), 1 per space. The number is AUTHORED; a modder
-- with the printed card should check it.

local COUNT = 2

function declare()
  return { text = "Place 2 Confederate SP in Confederate-controlled Texas spaces that hold no Union SP or fort (1 per space).", playable = true }
end

local function candidates(view, used)
  local out = {}
  for id, s in pairs(view.spaces) do
    if s.state == "tx" and s.control == "csa" and s.sp.union == 0 and s.fort ~= "union" and not used[id] then
      out[#out + 1] = id
    end
  end
  return out
end

function playable(view)
  return #candidates(view, {}) > 0
end

function play(view)
  local used = {}
  for _, id in ipairs(view.inputs) do used[id] = true end
  local n = #view.inputs
  if n < COUNT then
    local c = candidates(view, used)
    if #c > 0 then
      return { ask = { seat = "csa", prompt = "a Confederate SP in Texas (" .. (n + 1) .. " of " .. COUNT .. ")", options = c } }
    end
  end
  local cmds = {}
  for _, id in ipairs(view.inputs) do cmds[#cmds + 1] = { add_sp = { space = id, side = "csa", count = 1 } } end
  return { commands = cmds }
end
