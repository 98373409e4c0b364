-- A typo in a parameter name.
variant{ name = "Typo", game = "testgame" }
set("years", 3)

set("yaers", 4)
