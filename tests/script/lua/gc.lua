-- Hooks whose answer would depend on garbage collection; x selects the attempt.
variant{ name = "GC", game = "testgame" }
hook("score", function(seat, x)
  if x == 1 then
    local mt = {}
    local w = setmetatable({}, mt)
    mt.__mode = "v" -- made weak after setmetatable, where no check sees it
    w[1] = {}
    for i = 1, 20000 do local g = {i} end
    return w[1] and 1 or 0
  end
  if x == 2 then return setmetatable({}, {__mode = "k"}) and 1 end
  if x == 3 then return collectgarbage("count") end
  return seat * 100 + x
end)
