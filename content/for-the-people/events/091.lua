-- #91 Letters of Marque (Davis) (Jefferson Davis concede patentes de corso): CSA event, 2 OPs;
-- removed after the event (cards.toml, confirmed by the rules).
-- From the rulebook's example of play: the CSA plays it for +1 Strategic Will and the card is
-- removed (the printed card's wording is not in the rulebooks).

function declare()
  return { text = "Confederate Strategic Will +1. Remove this card." }
end

function play(view)
  return { commands = { { sw = { side = "csa", change = 1 } } } }
end
