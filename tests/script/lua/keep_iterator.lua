-- A gmatch iterator kept by the body would carry its position from one hook call to the next.
variant{ name = "KeepIterator", game = "testgame" }
local words = string.gmatch("one two three", "%a+")
hook("score", function(seat, x) return #words() end)
