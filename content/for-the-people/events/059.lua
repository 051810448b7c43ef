-- #59 David Farragut (Farragut): Union event, 2 OPs.
-- FtP 6.1, 6.3.1, 6.4.1: after the event the Union may make one naval move (up to 3 SP and a
-- general from a Union-controlled port or coastal fort, whatever the card's OP value) with +2 to running the guns; it may pass CSA coastal forts and enter their ports (FtP 6.1.3, 6.8.2; a beaten force that passed one loses 1 more SP, 6.3.2).
-- FtP 11.3 D exception (ES; cards.toml flag `pc_capture`; a reading of an ambiguous rule): the event's PC is placed by
-- the rules when the move ends holding the CSA port it entered; it may capture the port's
-- ungarrisoned coastal fort (FtP 6.8.4) or destroy a resource center.
-- RECONSTRUCTED: the printed card text is not in the rulebooks; the effect is the one the
-- rulebook gives the event (FtP 6.1.3, 6.3.1, 6.4.1 and the 1862 example of play for #57).
-- Whether the card is removed after the event is authored (not removed).

function declare()
  return { text = "The Union may make one naval move: it may pass Confederate coastal forts and enter their ports; +2 to running the guns. A Confederate port the force enters and holds gets a Union PC, which may capture its coastal fort.", playable = true }
end

-- A Union force in a Union-controlled port: the rules offer its naval moves after the event
-- (and the move may be declined).
function playable(view)
  -- Only spaces with Union SP can hold loose Union SP: only they are read (`view.occupied`).
  for _, id in ipairs(view.occupied.union) do
    local s = view.spaces[id]
    if s.port and s.control == "union" and s.loose.union > 0 then
      return true
    end
  end
  return false
end

function play(view)
  return { commands = { { naval_move = "farragut" } } }
end
