-- #20 Union Arms Production Delay: CSA event, 3 OPs.
-- FtP 4.2.4: it removes infantry SP (never cavalry; an army's last SP may go, eliminating the
-- army with its penalty) and cards.toml's sp_removal_chooser says who picks them
-- (the CSA). RECONSTRUCTED: the card text is not in the rulebooks; the
-- number of SP (2) and whose SP (union) are authored.

local VICTIM = "union"
local COUNT = 2

function declare()
  return { text = "The Union loses 2 infantry SP, chosen by the Confederate player.", playable = true }
end

local function spaces(view, taken)
  local out = {}
  for id, s in pairs(view.spaces) do
    if s.infantry[VICTIM] - (taken[id] or 0) > 0 then
      out[#out + 1] = id
    end
  end
  return out
end

function playable(view)
  return #spaces(view, {}) > 0
end

function play(view)
  local taken = {}
  for _, id in ipairs(view.inputs) do
    taken[id] = (taken[id] or 0) + 1
  end
  if #view.inputs < COUNT then
    local c = spaces(view, taken)
    if #c > 0 then
      return { ask = { seat = view.chooser, prompt = "remove a " .. VICTIM .. " infantry SP (" .. (#view.inputs + 1) .. " of " .. COUNT .. ")", options = c } }
    end
  end
  local cmds = {}
  for _, id in ipairs(view.inputs) do
    cmds[#cmds + 1] = { remove_sp = { space = id, side = VICTIM, count = 1 } }
  end
  return { commands = cmds }
end
