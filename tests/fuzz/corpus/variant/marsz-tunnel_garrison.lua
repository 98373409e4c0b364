marsz
-- tunnel_garrison (house rule with hooks): ants in the Great Tunnel fight with +1 strength,
-- and every colony goal scores at least 1 point while in play.
-- Why: pulls more ants into the central battle and softens unlucky goal draws; tests the
-- battle_strength and goal_score hook points.
variant{ name = "tunnel_garrison", game = "marsz",
         description = "+1 strength in the Great Tunnel; goals score at least 1 (hooks)" }

hook("battle_strength", function(seat, location, centipede, strength)
  if location == 0 then
    return strength + 1
  end
  return nil
end)

hook("goal_score", function(seat, card, points)
  if points < 1 then
    return 1
  end
  return nil
end)
