variant{ name = "syntax", description = "a syntax error", game = "termity" }
hook("final_score", function(seat, score)
  return score +
end)
