marsz
-- hungry_winter (house rule with hooks): from round 4 on one food feeds one ant fewer,
-- and after each dormancy the player with the fewest points gains 1 food.
-- Why: a catch-up rule and a harder last feeding; tests feeding_capacity and round_end.
variant{ name = "hungry_winter", game = "marsz",
         description = "From round 4 one food feeds 1 ant fewer; the last player gets 1 food each round" }

hook("feeding_capacity", function(seat, capacity)
  if game.round() >= 4 and capacity > 1 then
    return capacity - 1
  end
  return nil
end)

hook("round_end", function(round)
  local worst, who = nil, nil
  for s = 1, 5 do
    local ok, v = pcall(game.score, s)
    if ok and (worst == nil or v < worst) then
      worst, who = v, s
    end
  end
  if who then
    action.add_food(who, 1)
  end
  return nil
end)
