myrmes
-- winter_aid (house rule with a hook): each winter, the player with the lowest score (all
-- players tied for lowest) owes 2 food less.
-- Why: a catch-up rule. Winter penalties snowball (a starving colony scores less and then
-- starves again); this tests whether softening them for the last player keeps games closer.
variant{ name = "winter_aid", game = "myrmes",
         description = "The last player in score owes 2 winter food less (catch-up hook)" }

local seats = 4  -- game.score fails beyond the real seat count; we stop at the first failure

local function lowest(seat)
  local mine = game.score(seat)
  for other = 1, seats do
    local ok, s = pcall(game.score, other)
    if not ok then break end
    if s < mine then return false end
  end
  return true
end

hook("winter_cost", function(seat, year, owed)
  if lowest(seat) then
    return math.max(owed - 2, 0)
  end
  return nil  -- keep the game's value
end)
