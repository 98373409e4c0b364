variant{ name = "signature", description = "a hook expecting too many arguments", game = "myrmes" }
hook("winter_cost", function(seat, year, owed, extra)
  return owed
end)
