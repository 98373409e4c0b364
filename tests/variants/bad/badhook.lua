variant{ name = "badhook", description = "an unknown hook point", game = "termity" }
hook("turn_start", function(seat, round) end)
