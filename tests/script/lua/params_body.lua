variant{ name = "Knobs", game = "testgame" }
param("bonus", 3, 0, 10)
local b = params.bonus
