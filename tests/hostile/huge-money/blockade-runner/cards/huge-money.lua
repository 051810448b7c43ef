-- A payment that would wrap or list one fund action per dollar.
function play(view)
  return { {money = 2147483647} }
end
