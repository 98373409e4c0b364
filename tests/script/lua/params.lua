variant{ name = "Knobs", game = "testgame", description = "declares parameters" }
param("bonus", 3, 0, 10, "extra score")
param("penalty", -2, -5, 0)
set("years", 4)

hook("score", function(seat, x)
  if x == 1 then return x + params.bonus end
  if x == 2 then return params.penalty end
  if x == 3 then return params.nope end
  if x == 4 then params.bonus = 9 end
  return nil
end)
