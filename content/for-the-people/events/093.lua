-- #93-96 Strategy Board (Junta de estrategia, four copies): Union event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks (the English
-- title is approximate) and the printed card was not available. Authored from the title: the
-- War Department's board sends a general where he is needed, so the Union moves one of its
-- generals (not a cavalry general, whose brigade moves only by the movement rules) on the map or on an army display to a supplied Union-controlled space holding Union
-- SP (he joins an army there). The effect is AUTHORED; a modder with the printed card should
-- check it.

function declare()
  return { text = "Move one Union general (not cavalry) on the map to any supplied Union-controlled space holding Union SP.", playable = true }
end

-- `first`: stop at the first space found. Only the spaces holding Union SP are read
-- (`view.occupied.union`, in the order `pairs` gives `view.spaces`' ids).
local function spaces(view, from, first)
  local out = {}
  for _, id in ipairs(view.occupied.union) do
    local s = view.spaces[id]
    if id ~= from and s.control == "union" and s.sp.union > 0 and s.sp.csa == 0 and s.supplied.union then
      out[#out + 1] = id
      if first then return out end
    end
  end
  return out
end

-- `first`: stop at the first general found (enough for `playable`).
local function generals(view, first)
  local out = {}
  for id, g in pairs(view.generals) do
    if g.side == "union" and not g.cavalry and (g.where == "map" or g.where == "army") and #spaces(view, g.space, true) > 0 then
      out[#out + 1] = id
      if first then return out end
    end
  end
  return out
end

function playable(view)
  return #generals(view, true) > 0
end

function play(view)
  local n = #view.inputs
  if n == 0 then
    return { ask = { seat = "union", prompt = "the general to move", options = generals(view) } }
  end
  local g = view.inputs[1]
  if n == 1 then
    return { ask = { seat = "union", prompt = "where " .. view.generals[g].name .. " goes", options = spaces(view, view.generals[g].space) } }
  end
  return { commands = { { place_general = { general = g, space = view.inputs[2] } } } }
end
