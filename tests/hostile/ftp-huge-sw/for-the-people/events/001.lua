-- Strategic Will changed by more than the type holds.
function declare()
  return { text = "Wraps SW." }
end

function play(view)
  return { commands = { { sw = { side = "union", change = 32767 } } } }
end
