variant{ name = "overflow", description = "a hook result far outside the point's range", game = "marabunta" }
hook("region_score", function(region, seat, own, other, vp)
  return math.maxinteger
end)
