-- One VM instruction copying megabytes, again and again.
function play(view)
  local s = ("x"):rep(4e6)
  while true do local t = s .. "y" end
end
