-- Hooks that try to keep state between calls; x selects the attempt.
variant{ name = "Stateful", game = "testgame" }
count = 0
local n = 0
local memo = {1, 2, 3}
local cfg = setmetatable({}, {__index = function(t, k) return k * 2 end, __call = function(self, v) return v + 1 end})
local Point = {}
Point.__index = Point
function Point.new(x) return setmetatable({x = x}, Point) end
function Point:twice() return self.x * 2 end
hook("score", function(seat, x)
  if x == 1 then count = count + 1; return count end
  if x == 2 then n = n + 1; return n end
  if x == 3 then memo[seat] = (memo[seat] or 0) + 1; return memo[seat] end
  if x == 4 then string.counter = (string.counter or 0) + 1; return 1 end
  if x == 5 then rawset(memo, "k", 1); return 1 end
  if x == 6 then setmetatable(memo, {}); return 1 end
  if x == 7 then getmetatable("").extra = 1; return 1 end
  if x == 8 then hook("round_end", print); return 1 end
  if x == 9 then table.insert(memo, 4); return 1 end
  if x == 10 then local it = pairs(memo); Point.cache = it; return 1 end
  if x == 11 then
    local t = {}; t[1] = seat
    local p = Point.new(seat + 1)
    local sum = 0
    for k, v in pairs(memo) do sum = sum + k * v end
    for _, v in ipairs(memo) do sum = sum + v end
    return #t + cfg[seat] + cfg(1) + #memo + rawlen(memo) + rawget(memo, 2) + p:twice() + sum
      + (getmetatable(p) == Point and 1000 or 0) + (getmetatable(cfg) ~= nil and 10000 or 0)
  end
  return seat * 100 + x
end)
hook("round_end", function(r) return r + 1 end)
