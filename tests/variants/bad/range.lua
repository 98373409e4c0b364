variant{ name = "range", description = "years out of range", game = "myrmes" }
set("years", 9)
