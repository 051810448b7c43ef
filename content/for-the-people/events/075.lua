-- #75 Western Concentration Bloc (CSA, 2 OPs), and the same event for #100 Shiloh, #101
-- Chickamauga and #102 First Manassas (CSA, 3 OPs): a concentration event (FtP 4.5).
-- #103 Seven Days / Chattanooga (either side, 3 OPs) shares it too: its cards.toml flag
-- `b_and_o` lets the Union use the B&O railroad, and FtP 4.5.1 holds for the Union as well (the
-- concentration space is in a state originally Confederate, in the Spanish edition:
-- `view.concentration_original_csa`; IT 4.51 has only the rail-link sentence).
-- FtP 4.5.1: SP move into the concentration space by railroad only (through friendly spaces
-- free of the enemy), one at a time, as many as the player likes; generals do not move, nor do
-- cavalry brigades (only loose infantry SP are moved here: by a reading of an ambiguous rule, SP on an army
-- display stay with their army). The space must be in a state originally Confederate (ES only), friendly, and
-- hold a general of the player's; with no SP moved no rail link is needed. Under a rail
-- restriction in force (#125) the view shows no railroad links for the side and the `rail = true`
-- SP moves are refused by the command layer: the concentration moves no SP.
-- FtP 4.5.2: a general in the space is then activated (one move); the player chooses how many SP
-- go; he must attempt an attack (enforced by the movement rules, ordered.rs: no stop, and no
-- step, conversion, pick-up or drop-off that puts every enemy force out of reach).
-- Not yet applied: on #100 and #101 the army commander becomes eligible for leader
-- casualties (FtP 7.7).
-- #102 is also an interrupt (the example of play of FtP 4.2.5 and 5.8): when a Union force
-- enters a space, a CSA force two spaces away may intercept it (J. Johnston, Winchester to
-- Manassas). The rules engine offers that among the interceptions (cards.toml flag
-- `intercept_two`), not this script.
-- RECONSTRUCTED: the card text is not in the rulebooks; the rulebook's concentration rules
-- are its whole effect here.

local TEXT = "Concentration: move any number of SP by rail into a friendly space of an original Confederate state holding one of your generals; then that general is activated and must attempt to attack an enemy force."

-- FtP 10.2.4: the Union may use the B&O railroad when the card says so (cards.toml flag).
local function use_bo(view)
  if view.side ~= "union" then return false end
  for _, f in ipairs(view.flags) do
    if f == "b_and_o" then return true end
  end
  return false
end

function declare(card)
  if card.card == 102 then
    return { text = TEXT .. " Or, as an interrupt when a Union force enters a space, a force two spaces away may try to intercept it (FtP 5.8).", playable = true }
  end
  if card.card == 103 then
    return { text = TEXT .. " The Union may use the B&O railroad.", playable = true }
  end
  return { text = TEXT, playable = true }
end

local function friendly(view, s)
  return s.control == view.side and s.sp[view.enemy] == 0 and s.fort ~= view.enemy
end

-- `first`: stop at the first target found (enough for `playable`). Only the spaces holding a
-- general of the player's on the map or with an army are read (`view.general_spaces`, sorted
-- by id; walking every space, or every general, read each one's fields, most of the
-- time of a concentration).
local function targets(view, first)
  local out = {}
  for _, id in ipairs(view.general_spaces) do
    local s = view.spaces[id]
    local original_ok = s.original == "csa" or not view.concentration_original_csa
    if original_ok and friendly(view, s) then
      out[#out + 1] = id
      if first then return out end
    end
  end
  return out
end

-- Spaces with loose SP of the player's that reach the target by rail through friendly spaces,
-- in the order a breadth-first walk from the target reaches them (rail links, then B&O links):
-- the view's `rail_sources` (`rail_sources_bo` with the B&O) gives the friendly spaces holding
-- loose SP of the player's in that order, walked in Rust (walking them here read five
-- fields of every space reached); the SP already moved this event are taken off here. A space
-- none has left yet still holds some (its `loose` is read only once one has).
local function sources(view, target, moved)
  local reach = view.spaces[target][use_bo(view) and "rail_sources_bo" or "rail_sources"]
  local out = {}
  for _, n in ipairs(reach) do
    local gone = moved[n]
    if not gone or view.spaces[n].loose[view.side] - gone > 0 then
      out[#out + 1] = n
    end
  end
  return out
end

function playable(view)
  return #targets(view, true) > 0
end

function play(view)
  local inputs = view.inputs
  if #inputs == 0 then
    return { ask = { seat = view.side, prompt = "the concentration space (FtP 4.5.1)", options = targets(view) } }
  end
  local target = inputs[1]
  local moved = {}
  for k = 2, #inputs do
    if inputs[k] ~= "done" then
      moved[inputs[k]] = (moved[inputs[k]] or 0) + 1
    end
  end
  if inputs[#inputs] ~= "done" then
    local c = sources(view, target, moved)
    if #c > 0 then
      c[#c + 1] = "done"
      return { ask = { seat = view.side, prompt = "move 1 SP by rail to " .. view.spaces[target].name .. ", or done", options = c } }
    end
  end
  local cmds = {}
  for k = 2, #inputs do
    if inputs[k] ~= "done" then
      cmds[#cmds + 1] = { move_sp = { from = inputs[k], to = target, side = view.side, count = 1, rail = true } }
    end
  end
  cmds[#cmds + 1] = { concentrate = target }
  return { commands = cmds }
end
