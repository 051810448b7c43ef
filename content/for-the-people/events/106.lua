-- #106 Clydeside Shipyards (Astilleros del Clyde): CSA event, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks (digest 6: NOT DESCRIBED) and the
-- printed card was not available. Authored from the title: the Clyde built most of the
-- Confederacy's blockade runners. The rulebook lists every blockade-lowering card (FtP 10.5.3:
-- #82, #128) and every ironclad card (FtP 6.7: #53-55), so this one does neither; authored
-- instead: 2 new CSA SP landed by blockade runners in open blockade-runner ports (FtP 10.5.2,
-- 10.5.4: a CSA-controlled BR port whose coastal fort is not Union). The number is AUTHORED; a
-- modder with the printed card should check it.

local COUNT = 2

function declare()
  return { text = "Place 2 Confederate SP in open blockade-runner ports (1 per port).", playable = true }
end

local function ports(view, used)
  local out = {}
  for id, s in pairs(view.spaces) do
    if s.br_open and s.sp.union == 0 and not used[id] then out[#out + 1] = id end
  end
  return out
end

function playable(view)
  return #ports(view, {}) > 0
end

function play(view)
  local used = {}
  for _, id in ipairs(view.inputs) do used[id] = true end
  local n = #view.inputs
  if n < COUNT then
    local c = ports(view, used)
    if #c > 0 then
      return { ask = { seat = "csa", prompt = "a blockade-runner port for 1 SP (" .. (n + 1) .. " of " .. COUNT .. ")", options = c } }
    end
  end
  local cmds = {}
  for _, id in ipairs(view.inputs) do cmds[#cmds + 1] = { add_sp = { space = id, side = "csa", count = 1 } } end
  return { commands = cmds }
end
