-- #40 Emergency Call for Volunteers (Llamada de emergencia para voluntarios): Union event, 3 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks (digest 6: NOT DESCRIBED) and the printed
-- card was not available. Authored from the title: Lincoln's call for volunteers raises new
-- regiments (the digest: "probably new SP; 4.2.7 would apply"). The number of SP is AUTHORED; a
-- modder with the printed card should correct it. Read as 2 new Union infantry SP placed one at a
-- time in Union-controlled spaces free of the enemy (FtP 4.2.7), chosen by the Union player. Kept
-- after the event (authored in cards.toml).

function declare()
  return {
    text = "Place 2 Union SP in Union-controlled spaces that hold no enemy SP or fort.",
    playable = true,
  }
end

local function candidates(view)
  local out = {}
  for id, s in pairs(view.spaces) do
    if s.control == "union" and s.sp[view.enemy] == 0 and (s.fort == nil or s.fort == "union") then
      out[#out + 1] = id
    end
  end
  return out
end

function playable(view)
  return #candidates(view) > 0
end

function play(view)
  local n = #view.inputs
  if n < 2 then
    return { ask = { seat = "union", prompt = "a Union SP (" .. (n + 1) .. " of 2)", options = candidates(view) } }
  end
  local cmds = {}
  for _, id in ipairs(view.inputs) do
    cmds[#cmds + 1] = { add_sp = { space = id, side = "union", count = 1 } }
  end
  return { commands = cmds }
end
