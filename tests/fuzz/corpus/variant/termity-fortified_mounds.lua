termity
-- fortified_mounds (house rule with a hook): a mound defends with +2 strength.
-- Why: mound captures swing the score by a mound's full value twice (lost by one player,
-- gained as a trophy by the other); stronger mounds test a slower, positional game.
variant{ name = "fortified_mounds", game = "termity",
         description = "Mounds defend with +2 strength (defence_strength hook)" }

hook("defence_strength", function(attacker, is_mound, strength)
  if is_mound == 1 then
    return strength + 2
  end
  return nil  -- units defend as usual
end)
