marabunta
-- shared_ties (house rule with a hook): a region (0-based index in the hook) with equal non-zero sums scores half its
-- value (rounded down) for both players instead of nothing.
-- Why: in the standard game a tie wastes the region for both, which invites spoiling; this
-- tests whether rewarding a draw makes the contest for regions more attractive.
variant{ name = "shared_ties", game = "marabunta",
         description = "Tied non-zero regions score half their value for both (region_score hook)" }

hook("region_score", function(region, seat, own_sum, other_sum, vp)
  if own_sum > 0 and own_sum == other_sum then
    return game.region_value(region, seat) // 2  -- regions are 0-based
  end
  return nil
end)
