-- Bench fixture: registers hook points on Myrmes' hot paths and changes nothing (returns nil),
-- to measure the cost of a registered hook with `formicary bench myrmes --variant`.
variant{ name = "noop", game = "myrmes", description = "no-op hooks (bench fixture)" }
hook("hunt_soldiers", function(seat, kind, n) return nil end)
hook("hunt_food", function(seat, kind, n) return nil end)
hook("pheromone_points", function(seat, size, vp) return nil end)
hook("on_round_end", function(year, season, round) end)
