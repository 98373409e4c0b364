-- Bench fixture: no-op hooks on Termity's attack computation and every turn end.
variant{ name = "noop", game = "termity", description = "no-op hooks (bench fixture)" }
hook("attack_strength", function(seat, caste, mound, s) return nil end)
hook("defence_strength", function(seat, mound, s) return nil end)
hook("turn_end", function(seat, round) end)
