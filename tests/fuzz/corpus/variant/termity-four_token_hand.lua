termity
-- four_token_hand (docs/rules/termity.md, V-2): draw 4 tokens at the start and refill to 4.
-- Why: a bigger hand gives more choice of what to deploy each turn; the game still lasts 18
-- rounds and the hand simply empties over the last rounds.
variant{ name = "four_token_hand", game = "termity",
         description = "Hands of 4 tokens instead of 3 (V-2)" }

set("hand_size", 4)
