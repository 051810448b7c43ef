-- #16 Grierson's Raid (La incursión de Grierson): Union event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks (digest 6: base event NOT DESCRIBED) and
-- the printed card was not available. The Italian optional rule Wilson's Raid (IT 5.67E) says
-- this card places PCs on Confederate resource spaces holding no CSA SP or forts; read here as
-- 2 Union PCs (FtP 11.3) in resource-centre spaces (destroyed or not) that are Confederate-
-- controlled and hold no CSA SP and no CSA fort, chosen by the Union; the number is AUTHORED.
-- The optional rule's NE-Alabama route (turns 12-13) is not part of this event. Kept after the
-- event (authored).

function declare()
  return { text = "Place 2 Union PCs in Confederate resource spaces that hold no Confederate SP or fort.", playable = true }
end

local function target(s)
  return s.resource > 0 and s.control == "csa" and s.fort ~= "csa"
end

playable, play = ftp.pc_placement{ side = "union", where = target, count = 2, name = "a Confederate resource space" }
