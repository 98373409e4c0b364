variant{ name = "runtime", description = "a hook that fails while playing", game = "myrmes" }
hook("winter_cost", function(seat, year, owed)
  return owed + nil
end)
