-- Bench fixture: a no-op split_legal hook, called for every candidate split (63 a round).
variant{ name = "noop", game = "marabunta", description = "no-op hooks (bench fixture)" }
hook("split_legal", function(mask, splitter, second) return nil end)
hook("round_end", function(round) end)
