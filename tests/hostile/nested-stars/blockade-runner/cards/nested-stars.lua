-- A pattern whose matching takes time exponential in its stars.
function play(view)
  local s = ("a"):rep(1e5)
  s:find(("a*"):rep(100) .. "b")
  return {}
end
