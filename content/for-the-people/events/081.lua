-- #81 Emancipation Proclamation: special event for either side, 3 OPs (FtP 4.4.1).
-- The rules (not this script) make it mandatory on the holder's first round once its
-- conditions are met, allow it for OPs only as the last card, never as a discard, and remove
-- it after the event (cards.toml remove = true).
-- Effect (FtP 4.4.1, 12.9): the turn marker flips to "Emancipation"; from then on the CSA loses
-- 5 SW every Fall (war guilt, applied by the Political Control Phase).
-- A reading of the rules: the card text with its exact conditions is not in the sources; the
-- condition is inferred as a Union win in a medium or large battle, read here as one this turn (`union_major_win`).

function declare()
  return {
    text = "Special event: play it on your first round after a Union victory in a medium or large battle this turn. The Emancipation Proclamation is proclaimed (CSA war guilt -5 SW every Fall). Remove this card from the game.",
    requires = { "union_major_win", "no_emancipation" },
  }
end

function play(view)
  return { commands = { { emancipation = true }, { log = "the Emancipation Proclamation is proclaimed (FtP 4.4.1)" } } }
end
