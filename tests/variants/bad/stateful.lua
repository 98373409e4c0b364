variant{ name = "stateful", description = "a hook that counts its calls in a global", game = "myrmes" }
calls = 0
hook("winter_cost", function(seat, year, owed)
  calls = calls + 1
  return owed + calls % 2
end)
