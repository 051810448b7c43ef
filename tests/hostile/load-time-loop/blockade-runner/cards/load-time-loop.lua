-- Runs forever at load, before any function is called.
while true do end
function play(view) return {} end
