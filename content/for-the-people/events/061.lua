-- #61 Ship Island / Key West: Union event, 3 OPs.
-- FtP 10.5.3: raises the blockade level (by 1, as the examples show for #68 and #71).
-- FtP 6.8.5: when the Union plays it, a Union PC goes at once on Forts St. Philip/Jackson,
-- unless a CSA SP and/or a CSA ironclad is there (ES "siempre y cuando no esté ocupado por una UM
-- confederada y/o buque blindado confederado", IT 6.85 the same): the view's `ironclad` flag.
-- RECONSTRUCTED: the card text itself is not in the rulebooks.

function declare()
  return { text = "Blockade level +1 (at most 5, 4 after Foreign Intervention). Place a Union PC on Forts St. Philip/Jackson unless a Confederate SP or ironclad is there." }
end

function play(view)
  local cmds = { { blockade = 1 } }
  local forts = view.spaces.forts_st_philip_jackson
  if forts.sp.csa == 0 and not forts.ironclad and forts.control ~= "union" then
    cmds[#cmds + 1] = { pc = { space = "forts_st_philip_jackson", side = "union" } }
  end
  return { commands = cmds }
end
