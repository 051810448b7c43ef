-- #16 Grierson's Raid (La incursión de Grierson): Union event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks and
-- the printed card was not available. Read here, after the historical raid (April-May 1863,
-- through Mississippi), as 2 Union PCs (FtP 11.3) in Confederate-controlled Mississippi spaces
-- holding no CSA SP and no CSA fort, chosen by the Union; the state and the number are AUTHORED.
-- A PC never destroys a resource center here: in the Spanish edition only #59 and #111 are
-- exceptions to FtP 11.3 D. Kept after the event (authored).
--
-- FtP 5.6.7 E, Wilson's Raid (IT 5.67 E; only with the option `opt-special-generals` = on and
-- an edition whose `wilsons_raid` is "optional_card_16", the Italian one): in turns 12 and 13
-- the Union playing this card "may count the 4-space route through the dashed links [5.10]
-- and/or place PCs on CSA resource spaces that hold no CSA SP or forts" (example: a Union
-- general at Decatur, AL could place a PC on Selma, Atlanta or Columbus). As the base text is
-- missing, the route is AUTHORED as "a space at most 4 land links (the NE-Alabama dashed links
-- included) from a Union general on the map": the 2 PCs may then also go on such CSA resource
-- spaces without CSA SP or fort, in any state, an exception to FtP 11.3 D (the PC there
-- destroys the resource center, as the Spanish #111 Wilson's Raid may). Either use is the
-- Union's choice among the spaces offered. Off, or in other turns, the card is unchanged.

function declare()
  return { text = "Place 2 Union PCs in Confederate-controlled Mississippi spaces that hold no Confederate SP or fort. Italian edition, optional rule 5.6.7 E, turns 12-13 (Wilson's Raid): also on Confederate resource spaces without Confederate SP or fort within 4 spaces (dashed links included) of a Union general.", playable = true }
end

local function target(s)
  return s.state == "ms" and s.control == "csa" and s.fort ~= "csa"
end

-- FtP 5.6.7 E: the card is Wilson's Raid now.
local function wilson(view)
  return view.special_generals and view.wilsons_raid == "optional_card_16" and (view.turn == 12 or view.turn == 13)
end

-- Spaces at most `n` land links from a Union general on the map (in an army or not).
local function near_union_generals(view, n)
  local dist, queue = {}, {}
  for _, g in pairs(view.generals) do
    if g.side == "union" and (g.where == "map" or g.where == "army") and g.space ~= nil and dist[g.space] == nil then
      dist[g.space] = 0
      queue[#queue + 1] = g.space
    end
  end
  local i = 1
  while i <= #queue do
    local id = queue[i]
    i = i + 1
    if dist[id] < n then
      for _, t in ipairs(view.spaces[id].land) do
        if dist[t] == nil then
          dist[t] = dist[id] + 1
          queue[#queue + 1] = t
        end
      end
    end
  end
  return dist
end

-- FtP 5.6.7 E: a CSA resource space without CSA SP or fort on the raid's route.
local function wilson_spaces(view)
  if not wilson(view) then
    return nil
  end
  local near = near_union_generals(view, 4)
  return function(s, id)
    return near[id] ~= nil and s.resource > 0 and not s.resource_destroyed and s.control == "csa" and s.fort == nil and not s.coastal_fort and s.capital == nil
  end
end

local function name(view)
  if wilson(view) then
    return "Mississippi or a Confederate resource space within 4 spaces of a Union general (Wilson's Raid, FtP 5.6.7 E)"
  end
  return "Mississippi"
end

-- `state`: outside Wilson's Raid only Mississippi's spaces are read (`target` tests it too).
playable, play = ftp.pc_placement{ side = "union", state = "ms", where = target, count = 2, name = name, exception = wilson_spaces }
