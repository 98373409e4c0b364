bidrace
variant{ name = "Fuzz seed", description = "every hook, query and action of Bid Race", game = "bidrace" }
set("goal", 12)
set("die_sides", 4)
hook("move_bonus", function(seat, roll)
  if game.tokens(seat) < 3 then return roll % 2 end
  return -1
end)
hook("on_round_end", function(r)
  if r % 3 == 0 then action.advance(1, 1) end
  return game.position(2) + game.round()
end)
