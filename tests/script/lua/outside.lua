variant{ name = "Outside", game = "testgame" }
local n = 0
n = game.round()
