-- #42 Anarchy in Kentucky (Anarquía en Kentucky): event for either side, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks. The effect is the one the 1861 example
-- of play shows: the CSA plays it and removes the Union PCs at Lexington and Louisville and must
-- also remove its own PC at Columbus: every PC in Kentucky is removed, whoever plays it (each
-- space reverts to neutral, the glossary's "Control político"). The example does not say
-- whether the card is removed: it is kept (authored in cards.toml).

function declare()
  return { text = "Remove every political control marker (both sides') in Kentucky.", playable = true }
end

-- `first`: stop at the first space found (enough for `playable`).
local function marked(view, first)
  local out = {}
  -- Only Kentucky's spaces can qualify: only they are read (`view.state_spaces`, in the order
  -- `pairs` gives `view.spaces`' ids).
  for _, id in ipairs(view.state_spaces.ky or {}) do
    local s = view.spaces[id]
    if s.control ~= "neutral" then
      out[#out + 1] = id
      if first then return out end
    end
  end
  return out
end

function playable(view)
  return #marked(view, true) > 0
end

function play(view)
  local cmds = {}
  for _, id in ipairs(marked(view)) do
    cmds[#cmds + 1] = { remove_pc = id }
  end
  return { commands = cmds }
end
