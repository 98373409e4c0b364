variant{ name = "Wrong", game = "termity" }
