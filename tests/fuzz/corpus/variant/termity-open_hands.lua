termity
-- open_hands (docs/rules/termity.md, V-1): every hand is public; the order of the stacks stays
-- hidden.
-- Why: turns the game into perfect information apart from the draws, which shows how much of
-- the game's tension comes from bluffing with the hidden hand.
variant{ name = "open_hands", game = "termity",
         description = "Every hand is public; stacks stay hidden (V-1)" }

set("open_hands", true)
