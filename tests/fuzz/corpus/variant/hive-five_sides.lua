hive
-- five_sides (house rule with a hook): a Queen with five of its six neighbours occupied loses
-- (H-22 asks for all six).
-- Why: shorter games and a stronger attacker; tests how often the defender escapes at five.
variant{ name = "five_sides", game = "hive",
         description = "A Queen surrounded on five sides loses (H-22)" }

hook("surround", function(seat, sides)
  return 5
end)
