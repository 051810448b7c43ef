-- #38 George W. Rains / Gunpowder Production (Aumento de la producción de pólvora): CSA event, 2 OP(s).
-- RECONSTRUCTED: the card text is not in the rulebooks (digest 6: NOT DESCRIBED) and the printed
-- card was not available. Authored from the title: the Augusta powder works arm new troops. The
-- number of SP is AUTHORED; a modder with the printed card should correct it. Read as 1 new
-- Confederate infantry SP placed one at a time in Confederate-controlled spaces free of the enemy
-- (FtP 4.2.7), chosen by the Confederate player. Kept after the event (authored in cards.toml).

function declare()
  return {
    text = "Place 1 Confederate SP in Confederate-controlled spaces that hold no enemy SP or fort.",
    playable = true,
  }
end

local function candidates(view)
  local out = {}
  for id, s in pairs(view.spaces) do
    if s.control == "csa" and s.sp[view.enemy] == 0 and (s.fort == nil or s.fort == "csa") then
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
  if n < 1 then
    return { ask = { seat = "csa", prompt = "a Confederate SP (" .. (n + 1) .. " of 1)", options = candidates(view) } }
  end
  local cmds = {}
  for _, id in ipairs(view.inputs) do
    cmds[#cmds + 1] = { add_sp = { space = id, side = "csa", count = 1 } }
  end
  return { commands = cmds }
end
