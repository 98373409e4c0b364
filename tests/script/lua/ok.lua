-- A valid variant: metadata, parameters, and hooks using game./action. accessors.
variant{ name = "Test", description = "exercises the variant API", game = "testgame" }
set("years", 4)
set("sizes", {4, 5, 6})
set("fast", true)
set("title", "hello")

hook("score", function(seat, x)
  if x == 1 then return game.food(seat) end
  if x == 2 then return seat end
  if x == 3 then return math.random(1, 1000000000) end
  if x == 4 then return action.give(seat, 1) end
  if x == 5 then return game.round() * 10 end
  if x == 6 then return nil end
  if x == 7 then return true end
  if x == 8 then return 6.0 end
  if x == 9 then return game.food(seat + 5) end
  if x == 10 then return game.food() end
  if x == 11 then return game.food("1") end
  if x == 12 then return game.food(1.5) end
  return seat * 100 + x
end)

hook("round_end", function(r)
  action.give(2, 5)
  if r < 0 then return action.give(1, -1) end
  return game.food(2) + r
end)
