hive
-- quick_draw (parameter and hook): a game without a result after 120 decisions is a draw (H-22
-- default 300), and the tournament opening is kept.
-- Why: simulations of long shuffling games end sooner; tests the decisive-game rate.
variant{ name = "quick_draw", game = "hive",
         description = "Draw after 120 decisions instead of 300 (H-22)" }

set("tournament", true)
hook("draw_turns", function(turns)
  return 120
end)
