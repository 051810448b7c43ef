-- A playable() that never returns.
function declare()
  return { text = "Never decides.", playable = true }
end

function playable(view)
  while true do end
end

function play(view)
  return { commands = {} }
end
