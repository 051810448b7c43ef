-- #16 Grierson's Raid (La incursión de Grierson): Union event, 2 OPs.
-- RECONSTRUCTED: the card text is not in the rulebooks (digest 6: base event NOT DESCRIBED) and
-- the printed card was not available. Read here, after the historical raid (April-May 1863,
-- through Mississippi), as 2 Union PCs (FtP 11.3) in Confederate-controlled Mississippi spaces
-- holding no CSA SP and no CSA fort, chosen by the Union; the state and the number are AUTHORED.
-- A PC never destroys a resource center here: in the Spanish edition only #59 and #111 are
-- exceptions to FtP 11.3 D. The Italian optional rule Wilson's Raid (IT 5.67E: PCs on resource
-- spaces, turns 12-13) is not part of this event. Kept after the event (authored).

function declare()
  return { text = "Place 2 Union PCs in Confederate-controlled Mississippi spaces that hold no Confederate SP or fort.", playable = true }
end

local function target(s)
  return s.state == "ms" and s.control == "csa" and s.fort ~= "csa"
end

playable, play = ftp.pc_placement{ side = "union", where = target, count = 2, name = "Mississippi" }
