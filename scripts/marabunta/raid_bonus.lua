-- raid_bonus (house rule with a knob): a seat that wins a contested region (its sum beats a
-- non-zero sum of the other seat) scores raid_bonus extra VP for it.
-- Why: rewards fighting over a region instead of settling in empty ones; the size of the bonus
-- is a design question, so it is a parameter to tune (docs/tuning.md):
--   formicary tune marabunta --variant raid_bonus.lua --param raid_bonus=0..6 ...
variant{ name = "raid_bonus", game = "marabunta",
         description = "Winning a contested region scores raid_bonus extra VP" }

param("raid_bonus", 3, 0, 10, "extra VP for winning a region the other seat also scored in")

hook("region_score", function(region, seat, own_sum, other_sum, vp)
  if vp > 0 and other_sum > 0 and own_sum > other_sum then
    return vp + params.raid_bonus
  end
  return nil
end)
