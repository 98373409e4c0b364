-- Sandbox escapes and runaway code inside a hook; x selects the attack.
variant{ name = "Attacks", game = "testgame" }
hook("score", function(seat, x)
  if x == 1 then return io.open("/etc/passwd") end
  if x == 2 then return os.execute("echo pwned") end
  if x == 3 then return require("io") end
  if x == 4 then return load("return 1")() end
  if x == 5 then return string.dump(print) end
  if x == 6 then while true do end end
  if x == 7 then pcall(function() while true do end end) return 1 end
  if x == 8 then local s = string.rep("x", 1 << 30) return #s end
  if x == 9 then local t = {} for i = 1, 1e9 do t[i] = string.rep("y", 4096) .. i end end
  if x == 10 then local function f(n) return f(n + 1) + 1 end return f(1) end
  if x == 11 then return "a string" end
  if x == 12 then return 2.5 end
  if x == 13 then return xpcall(function() while true do end end, function() while true do end end) end
  if x == 14 then return math.maxinteger end
  if x == 15 then return (1 << 31) - 1 end
  if x == 16 then return math.mininteger end
  return seat * 100 + x
end)
hook("round_end", function(r) return r + 1 end)
