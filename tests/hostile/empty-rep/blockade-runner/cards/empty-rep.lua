-- A million million copies of nothing, then a loop moving nothing.
function play(view)
  local s = ("").rep("", 1e15)
  while true do table.move({}, 1, 1e12, 1) end
end
