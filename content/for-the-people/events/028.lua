-- #28 Franz Sigel: event for either side, 1 OP.
-- RECONSTRUCTED: the card text is not in the rulebooks and the printed
-- card was not available. Authored from the title: Sigel rallied German immigrants in St. Louis
-- to the Union ("I fights mit Sigel") but was a poor battlefield commander. Read as: played by
-- the Union, 1 new Union infantry SP in a Union-controlled Missouri space (FtP 4.2.7), chosen
-- by the Union; played by the CSA, -1 on the Union's die roll in its next battle this turn
-- (FtP 7.5, `battle_drm`). Both numbers are AUTHORED. Kept after the event (authored).

function declare()
  return { text = "Union: place 1 Union infantry SP in a Union Missouri space. CSA: the Union's next battle this turn is at -1.", playable = true }
end

local function union_missouri(s)
  return s.state == "mo" and s.control == "union"
end

local union_playable, union_play = ftp.sp_placement{ side = "union", count = 1, states = { "mo" }, where = union_missouri, name = "a Union Missouri space" }

function playable(view)
  return view.side == "csa" or union_playable(view)
end

function play(view)
  if view.side == "union" then
    return union_play(view)
  end
  return { commands = { { battle_drm = { side = "union", drm = -1, next = true } } } }
end
