variant{ name = "Twice", game = "testgame" }
hook("score", function() return 1 end)
hook("score", function() return 2 end)
