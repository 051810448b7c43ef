-- #111 Wilson's Raid (La incursión de Wilson, ES only): Union event, 2 OPs.
-- FtP 11.3 D exception (ES; cards.toml flag `pc_capture`): its PCs may destroy a resource
-- center, capture a coastal fort, and so on.
-- RECONSTRUCTED: the rest of the card text is not in the rulebooks
-- and the printed card was not available. Authored from the title (James H. Wilson's 1865 cavalry
-- raid through Alabama and Georgia, Selma and Columbus) and the Italian edition's optional
-- Wilson's Raid rule (PCs on CSA resource spaces without CSA SP or forts): 2 Union PCs in
-- Alabama or Georgia spaces free of CSA SP and forts, each next to a space with Union SP or to
-- the raid's previous PC. The number and the route are AUTHORED; a modder with the printed card
-- should check them.

local COUNT = 2

function declare()
  return { text = "Wilson's Raid: place 2 Union PCs in Alabama or Georgia spaces free of Confederate SP and forts, next to Union SP or to the raid's previous PC; they may destroy resource centers.", playable = true }
end

-- `first`: stop at the first candidate (enough for `playable`).
local function candidates(view, taken, first)
  local out = {}
  -- Only Alabama's and Georgia's spaces can qualify: only they are read (`ftp.spaces_of`), in the
  -- order `pairs` gives `view.spaces`' ids (by bytes, as `<` compares strings).
  for _, id in ipairs(ftp.spaces_of(view, { "al", "ga" })) do
    local s = view.spaces[id]
    if s.control ~= "union" and s.sp.csa == 0 and s.fort ~= "csa"
        and not taken[id] then
      local near = false
      for _, n in ipairs(s.adjacent) do
        if view.spaces[n].sp.union > 0 or taken[n] then near = true end
      end
      if near then
        out[#out + 1] = id
        if first then return out end
      end
    end
  end
  return out
end

function playable(view)
  return #candidates(view, {}, true) > 0
end

function play(view)
  local taken = {}
  for _, id in ipairs(view.inputs) do taken[id] = true end
  local n = #view.inputs
  if n < COUNT then
    local c = candidates(view, taken)
    if #c > 0 then
      return { ask = { seat = "union", prompt = "a Union PC (" .. (n + 1) .. " of " .. COUNT .. ")", options = c } }
    end
  end
  local cmds = {}
  for _, id in ipairs(view.inputs) do cmds[#cmds + 1] = { pc = { space = id, side = "union" } } end
  return { commands = cmds }
end
