hive
-- early_queen (house rule with a hook): each Queen must be in play by its owner's third turn
-- instead of the fourth (H-06).
-- Why: an earlier Queen is exposed earlier; tests whether the opening tempo still decides.
variant{ name = "early_queen", game = "hive",
         description = "Each Queen must be placed by its owner's third turn (H-06)" }

hook("queen_turn", function(seat, turn)
  return 3
end)
