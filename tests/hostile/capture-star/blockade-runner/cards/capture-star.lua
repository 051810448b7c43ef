-- Quadratic matching: 50,000 starts, each scanning the rest.
function play(view)
  local s = ("a"):rep(5e4)
  s:find("(a*)*b")
  return {}
end
