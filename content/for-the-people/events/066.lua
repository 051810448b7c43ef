-- #66 Wilson's Creek (either side, 1 OP), and the same event for #104 Big Bethel (either
-- side, 1 OP): a small early battle in one state.
-- FtP 4.2.4: the event removes infantry SP (never cavalry; an army's last SP may go, eliminating
-- the army with its penalty); cards.toml's sp_removal_chooser says who picks them (the player).
-- RECONSTRUCTED: the card texts are not in the rulebooks and the
-- printed cards were not available. Authored from the titles (Wilson's Creek, Missouri, and Big
-- Bethel, Virginia, both 1861) on the model of the rulebook's other small-battle card, #73 Ball's
-- Bluff (FtP 4.2.4): the enemy loses 1 infantry SP in that state, chosen by the player. The state
-- and the number are AUTHORED; a modder with the printed card should check them.

local STATE = { [66] = { id = "mo", name = "Missouri" }, [104] = { id = "va", name = "Virginia" } }

function declare(card)
  local s = STATE[card.card] or STATE[66]
  return { text = "The enemy loses 1 infantry SP in a " .. s.name .. " space of your choice.", playable = true }
end

-- `first`: stop at the first candidate (ftp.choose_one's `playable`).
local function spaces(view, first)
  local st = (STATE[view.card] or STATE[66]).id
  local out = {}
  -- Only that state's spaces can qualify: only they are read (`view.state_spaces`).
  for _, id in ipairs(view.state_spaces[st] or {}) do
    local s = view.spaces[id]
    if s.infantry[view.enemy] > 0 then
      out[#out + 1] = id
      if first then return out end
    end
  end
  return out
end

playable, play = ftp.choose_one{
  seat = function(view) return view.chooser end,
  prompt = function(view) return "remove 1 " .. view.enemy .. " infantry SP (FtP 4.2.4)" end,
  candidates = spaces,
  command = function(id, view)
    return { remove_sp = { space = id, side = view.enemy, count = 1 } }
  end,
}
