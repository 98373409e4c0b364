-- Work done inside C library calls, charged to the hook's budget; x selects the attack.
variant{ name = "Cost", game = "testgame" }
local big = string.rep("a", 1 << 20)
local carets = string.rep("^", 1 << 16)
local opens = string.rep("(", 1 << 16)
local digits = string.rep("7", 1 << 20)
local keys = {}
for i = 1, 100000 do keys["key" .. i] = i end
hook("score", function(seat, x)
  if x == 1 then return #table.move({}, 1, 1 << 40, 1, {}) end
  if x == 2 then local needle = string.rep("a", 1 << 15) .. "b"; for i = 1, 1e9 do big:find(needle, 1, true) end end
  if x == 3 then return opens:find("%b()") end
  if x == 4 then return big:find(string.rep(".", 4000) .. "b") end
  if x == 5 then return big:find("(a*)%1b") end
  if x == 6 then for m in carets:gmatch("^.-.-b") do end end
  if x == 7 then for i = 1, 1e9 do local u = big:upper() end end
  if x == 8 then for i = 1, 1e9 do local r = string.rep("xy", 1 << 19) end end
  if x == 9 then local t = {big, big, big, big}; for i = 1, 1e9 do local c = table.concat(t) end end
  if x == 10 then for i = 1, 1e9 do local c = big .. "x" end end
  if x == 11 then for i = 1, 1e9 do for k in pairs(keys) do break end end end
  if x == 12 then local l = {}; for i = 1, 300000 do l[i] = (i * 7919) % 100003 end; table.sort(l, function(a, b) return a > b end) end
  if x == 13 then for i = 1, 1e9 do local n = tonumber(digits) end end
  if x == 14 then for i = 1, 1e9 do local n = utf8.len(big) end end
  if x == 15 then local l = {}; for i = 1, 1e9 do table.insert(l, 1, i) end end
  if x == 16 then for i = 1, 1e9 do local s = string.format("%s", big) end end
  if x == 17 then for i = 1, 1e9 do local a, b = big:byte(1, 100000) end end
  if x == 18 then for i = 1, 1e9 do local c = utf8.codepoint(big, 1, 100000) end end
  return seat * 100 + x
end)
