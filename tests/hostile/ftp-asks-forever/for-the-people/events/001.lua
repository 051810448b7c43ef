-- An event that asks the same question again and again.
function declare()
  return { text = "Asks for ever." }
end

function play(view)
  return { ask = { seat = "union", prompt = "Again?", options = { "yes" } } }
end
