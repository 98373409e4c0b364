-- Formatting tables and functions must not depend on where the allocator put them.
variant{ name = "Addresses", game = "testgame" }
hook("score", function(seat, x)
  local a = string.format("%s|%s|%s", {}, print, setmetatable({}, {__name = "Thing"}))
  local b = tostring({}) .. tostring(function() end)
  if a ~= "table|function|Thing" or b ~= "tablefunction" then error(a .. " / " .. b) end
  return #a + #b
end)
