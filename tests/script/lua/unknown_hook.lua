-- A hook point the game does not declare.
variant{ name = "Bad hook", game = "testgame" }
hook("score", function() return 1 end)



hook("winter_cost", function() return 0 end)
