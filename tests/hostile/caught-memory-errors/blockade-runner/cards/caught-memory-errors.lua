-- Each caught memory error is an emergency collection of the whole heap.
function play(view)
  while true do pcall(string.rep, "x", 1 << 30) end
end
