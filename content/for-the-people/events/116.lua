-- #116 Confederate River Flotilla (Flotilla fluvial confederada, ES only; CSA, 2 OPs; authored
-- from its title: the River Defense Fleet that rammed and sank Union river ironclads at Plum
-- Point Bend in 1862), and the same event for #129 Torpedo Sinks USS Cairo (Una mina hunde el
-- USS Cairo, ES only): CSA event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks (the English
-- title is approximate) and the printed card was not available. The rulebook places torpedo
-- markers only with #51 (FtP 6.7), so this card places none. Authored from the title (the Eads
-- river ironclad Cairo, sunk by a torpedo on the Yazoo in December 1862) as the reverse of #67
-- J. B. Eads River Ironclads, which raises the Amphibious Assault track (FtP 6.4.1): the track
-- goes down by 1. The amount is AUTHORED; a modder with the printed card should check it.

function declare(card)
  local why = card.card == 116 and "Confederate rams sink a Union river ironclad" or "A torpedo sinks a Union river ironclad"
  return { text = why .. ": the Amphibious Assault track goes down by 1.", playable = true }
end

function playable(view)
  return view.amphibious > 0
end

function play(view)
  return { commands = { { amphibious = -1 } } }
end
