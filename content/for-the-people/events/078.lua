-- #78 Personal Advisor (Asesor personal): either side's event, 3 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks (the English
-- title is approximate) and the printed card was not available. Authored from the title: a
-- trusted advisor recovers a plan already set aside, so the player takes one card of their choice
-- from the discards into their hand. The effect is AUTHORED; a modder with the printed card
-- should check it.

-- Playable while the discard pile holds a card: said as the requirement `discards`, checked
-- without a Lua call (this `playable` was the Lua call made most often in random play);
-- the `playable` below says the same and is not asked.
function declare()
  return { text = "Take one card of your choice from the discard pile into your hand.", requires = { "discards" } }
end

-- The discard pile's own order is kept (the card numbers are not sorted as text).
playable, play = ftp.choose_one{
  keep_order = true,
  prompt = "a card from the discards to your hand",
  candidates = function(view)
    local out = {}
    for _, n in ipairs(view.discard) do out[#out + 1] = tostring(n) end
    return out
  end,
  command = function(id, view)
    return { take_from_discard = { side = view.side, card = tonumber(id) } }
  end,
}
