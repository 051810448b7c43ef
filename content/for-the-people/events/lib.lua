-- Building blocks shared by the card events, run before every event script in the same sandbox
-- (content/README.md, "Building blocks"). A card script uses them from its first line, e.g.
--   playable, play = ftp.sp_removal{ victim = "union", count = 2 }
-- Each returns the card's `playable` and `play` functions; the card keeps its own `declare()`.

ftp = {}

local NAMES = { union = "Union", csa = "Confederate" }
local ENEMY = { union = "csa", csa = "union" }

-- A block's setting: the value itself, or a function of the view that gives it.
local function get(x, view)
  if type(x) == "function" then return x(view) end
  return x
end

-- Spaces holding an army of `side`.
local function army_spaces(view, side)
  local out = {}
  for _, a in pairs(view.armies) do
    if a.side == side then out[a.space] = true end
  end
  return out
end

-- FtP 4.2.4: `victim` (a side, or a function of the view, e.g. the enemy of the player) loses
-- `count` infantry SP, one at a time, each picked by `view.chooser` (cards.toml
-- sp_removal_chooser; `chooser = "union"` names the seat when the card has none) in a space
-- still holding one (`in_army = true`: a space holding one of `victim`'s armies); fewer if
-- fewer are left.
function ftp.sp_removal(o)
  local count = o.count
  -- `first`: stop at the first space found (enough for `playable`).
  local function spaces(view, taken, first)
    local victim = get(o.victim, view)
    local out = {}
    -- Whether `id` qualifies (kept in `out`) and the walk may stop.
    local function consider(id)
      if view.spaces[id].infantry[victim] - (taken[id] or 0) > 0 then
        out[#out + 1] = id
        return first
      end
      return false
    end
    -- Only the spaces where `victim` has SP are read, in the order `pairs` gives
    -- `view.spaces`' ids (by bytes): those holding one of its armies (`in_army`), else all of
    -- `view.occupied[victim]` (a space with infantry SP has SP).
    if o.in_army then
      for id in pairs(army_spaces(view, victim)) do
        if consider(id) then break end
      end
    else
      for _, id in ipairs(view.occupied[victim]) do
        if consider(id) then break end
      end
    end
    return out
  end
  -- Without `in_army`, whether any space qualifies is `view.has_infantry[victim]` (computed as
  -- the walk of `view.occupied[victim]` above finds it): one boolean read, not the list, so the
  -- answer is kept while SP move about.
  local function playable(view)
    if not o.in_army then return view.has_infantry[get(o.victim, view)] end
    return #spaces(view, {}, true) > 0
  end
  local function play(view)
    local victim = get(o.victim, view)
    local taken = {}
    for _, id in ipairs(view.inputs) do
      taken[id] = (taken[id] or 0) + 1
    end
    if #view.inputs < count then
      local c = spaces(view, taken)
      if #c > 0 then
        return { ask = { seat = o.chooser or view.chooser, prompt = "remove a " .. victim .. " infantry SP (" .. (#view.inputs + 1) .. " of " .. count .. ")", options = c } }
      end
    end
    local cmds = {}
    for _, id in ipairs(view.inputs) do
      cmds[#cmds + 1] = { remove_sp = { space = id, side = victim, count = 1 } }
    end
    return { commands = cmds }
  end
  return playable, play
end

-- FtP 11.3: `count` PCs of `side` in spaces of `state` (a state id, e.g. "mo"; or any space
-- for which `where(space)` is true) that are not already `side`'s, hold no enemy SP and may take
-- an event PC (`pc_ok`: FtP 11.3 D, 6.8.2), each in a different space chosen by `side`; fewer if
-- fewer spaces qualify. `name` names the spaces
-- in the prompt ("Kentucky"; or a function of the view giving it). `exception`: see below.
function ftp.pc_placement(o)
  local side, state, count, name = o.side, o.state, o.count, o.name
  -- `first`: stop at the first space found (enough for `playable`).
  local function candidates(view, taken, first)
    local out = {}
    -- `exception(view)`, if given: nil, or a function(s, id) true where the card makes an
    -- exception to FtP 11.3 D (the PC may go there although `pc_ok` says no).
    local except = o.exception and o.exception(view)
    -- Whether `id` qualifies (kept in `out`) and the walk may stop.
    local function consider(id)
      local s = view.spaces[id]
      local ex = except ~= nil and except(s, id)
      local here = ex or ((state == nil or s.state == state) and (o.where == nil or o.where(s)))
      if here and s.control ~= side and s.sp[ENEMY[side]] == 0 and (ex or s.pc_ok[side]) and not taken[id] then
        out[#out + 1] = id
        return first
      end
      return false
    end
    -- With a `state` and no exception only that state's spaces can qualify: only they are read
    -- (`view.state_spaces`, in the order `pairs` gives `view.spaces`' ids).
    if state ~= nil and except == nil then
      for _, id in ipairs(view.state_spaces[state] or {}) do
        if consider(id) then break end
      end
    else
      for id in pairs(view.spaces) do
        if consider(id) then break end
      end
    end
    return out
  end
  local function playable(view)
    return #candidates(view, {}, true) > 0
  end
  local function play(view)
    local taken = {}
    for _, id in ipairs(view.inputs) do
      taken[id] = true
    end
    local n = #view.inputs
    if n < count then
      local c = candidates(view, taken)
      if #c > 0 then
        local where = type(name) == "function" and name(view) or name
        return { ask = { seat = side, prompt = "a " .. NAMES[side] .. " PC in " .. where .. " (" .. (n + 1) .. " of " .. count .. ")", options = c } }
      end
    end
    local cmds = {}
    for _, id in ipairs(view.inputs) do
      cmds[#cmds + 1] = { pc = { space = id, side = side } }
    end
    return { commands = cmds }
  end
  return playable, play
end

-- The spaces of the states `states` (a list of state ids), in the order `pairs` gives
-- `view.spaces`' ids (by bytes, as `<` compares strings): a script reading only those states'
-- spaces walks these.
function ftp.spaces_of(view, states)
  local out = {}
  for _, state in ipairs(states) do
    for _, id in ipairs(view.state_spaces[state] or {}) do
      out[#out + 1] = id
    end
  end
  if #states > 1 then table.sort(out) end
  return out
end

-- FtP 4.2.7: `count` new infantry SP of `side`, one at a time, each in a space `side` picks
-- among those holding one of its armies (`in_army = true`) or that it controls (`controlled =
-- true`) and for which `where(space)` is true, never where the enemy has SP or a fort; the
-- same space may be picked again, unless `distinct = true` (1 per space: fewer if fewer
-- spaces qualify). `name` names the spaces in the prompt ("a Union army"). `states` (a list
-- of state ids), if given: only those states' spaces are read (`where` must hold only there).
-- FtP 10.4.3: Confederate SP placed by a card are reinforcements and never go to a pro-Union
-- space, unless `pro_union = true` (the exception of #80 Southern Religious Revival).
function ftp.sp_placement(o)
  local side, count, name = o.side, o.count, o.name
  local barred = side == "csa" and not o.pro_union
  -- `first`: stop at the first space found (enough for `playable`).
  local function spaces(view, taken, first)
    -- `in_army`: only the spaces holding one of `side`'s armies are read, in the
    -- order `pairs` gives `view.spaces`' ids (by bytes); `controlled`: only `side`'s spaces
    -- (`view.controlled`, in the same order).
    local out = {}
    -- `play` (not `first`) tells the spaces holding enemy SP from `view.occupied` (
    -- reading each space's `sp` made both sides' counts); `playable` reads `sp` of the few
    -- spaces it reaches, so that its memoized answer holds while only those stay the same.
    local enemy_sp = not first and {} or nil
    if enemy_sp then
      for _, id in ipairs(view.occupied[ENEMY[side]]) do enemy_sp[id] = true end
    end
    local function no_enemy_sp(id, s)
      if enemy_sp then return not enemy_sp[id] end
      return s.sp[ENEMY[side]] == 0
    end
    -- Whether `id` qualifies (kept in `out`) and the walk may stop; `mine`: `id` is known to
    -- be `side`'s.
    local function consider(id, mine)
      local s = view.spaces[id]
      local here = (mine or not o.controlled or s.control == side) and (o.where == nil or o.where(s))
      if here and no_enemy_sp(id, s) and s.fort ~= ENEMY[side] and not (o.distinct and taken[id])
          and not (barred and s.pro_union) then
        out[#out + 1] = id
        return first
      end
      return false
    end
    -- `playable` (`first`) stops at the first space found, sooner than `view.controlled`,
    -- which lists both sides' spaces, is made.
    if o.controlled and not first and o.where == nil then
      -- Without `where`, no space is read: the enemy's SP and forts come from `view.occupied`
      -- and `view.forts`.
      local enemy_fort = {}
      for _, id in ipairs(view.forts[ENEMY[side]]) do enemy_fort[id] = true end
      for _, id in ipairs(view.controlled[side]) do
        if not enemy_sp[id] and not enemy_fort[id] and not (o.distinct and taken[id])
            and not (barred and view.spaces[id].pro_union) then
          out[#out + 1] = id
        end
      end
    elseif o.controlled and not first then
      for _, id in ipairs(view.controlled[side]) do
        if consider(id, true) then break end
      end
    elseif o.states then
      -- A dozen spaces read instead of every space.
      for _, id in ipairs(ftp.spaces_of(view, o.states)) do
        if consider(id) then break end
      end
    else
      for id in pairs(o.in_army and army_spaces(view, side) or view.spaces) do
        if consider(id) then break end
      end
    end
    return out
  end
  local function playable(view)
    return #spaces(view, {}, true) > 0
  end
  local function play(view)
    local taken = {}
    for _, id in ipairs(view.inputs) do
      taken[id] = true
    end
    local n = #view.inputs
    local c = n < count and spaces(view, taken) or {}
    if #c > 0 then
      return { ask = { seat = side, prompt = "1 " .. NAMES[side] .. " infantry SP in " .. name .. " (" .. (n + 1) .. " of " .. count .. ")", options = c } }
    end
    local cmds = {}
    for _, id in ipairs(view.inputs) do
      cmds[#cmds + 1] = { add_sp = { space = id, side = side, count = 1 } }
    end
    return { commands = cmds }
  end
  return playable, play
end

-- One choice, one command: `seat` (a seat name, or a function of the view; default the playing
-- side) picks one of `candidates(view)` (a list of ids, offered sorted so that the order never
-- depends on Lua's table iteration; `keep_order = true` keeps the order of a list that already
-- has one, such as a pile's) with `prompt` (a text, or a function of the view);
-- `command(id, view)` is the one command the choice issues. Playable while there is a candidate:
-- `playable` calls `candidates(view, true)`, and a candidates function may stop at the first
-- candidate it finds when its second argument is true.
function ftp.choose_one(o)
  local function options(view)
    local out = o.candidates(view)
    if not o.keep_order then table.sort(out) end
    return out
  end
  local function playable(view)
    return #o.candidates(view, true) > 0
  end
  local function play(view)
    if #view.inputs == 0 then
      return { ask = { seat = get(o.seat, view) or view.side, prompt = get(o.prompt, view), options = options(view) } }
    end
    return { commands = { o.command(view.inputs[1], view) } }
  end
  return playable, play
end

-- FtP 6.7: one CSA naval weapon of `kind` ("torpedo", "ironclad", "hunley") in a CSA-controlled
-- port or coastal-fort space without one, while fewer than the maximum are in play; `pool` is
-- its count in `view.weapons` ("torpedoes", "ironclads", "hunley").
function ftp.weapon_placement(o)
  return ftp.choose_one{
    seat = "csa",
    prompt = o.prompt,
    candidates = function(view, first)
      local out = {}
      if view.weapons[o.pool] < view.weapons.max[o.pool] then
        -- The offer (not `first`) reads only the CSA's spaces (`view.controlled`);
        -- `playable` stops at the first space found, sooner than that list is made.
        local ids = not first and view.controlled.csa or nil
        local function consider(id, s)
          if s.port and s.control == "csa" and not s[o.kind] then
            out[#out + 1] = id
            return first
          end
          return false
        end
        if ids then
          for _, id in ipairs(ids) do consider(id, view.spaces[id]) end
        else
          for id, s in pairs(view.spaces) do
            if consider(id, s) then break end
          end
        end
      end
      return out
    end,
    command = function(id)
      return { weapon = { kind = o.kind, space = id } }
    end,
  }
end
