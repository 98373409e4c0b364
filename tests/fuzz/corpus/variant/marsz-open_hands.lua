marsz
-- open_hands (docs/rules/marsz.md, V-3): every hand is public; ferocity cards are still
-- chosen in ferocity order, but each choice is visible to the later players.
-- Why: measures how much bluffing with the hidden ferocity card decides battles.
variant{ name = "open_hands", game = "marsz",
         description = "All hands public; ferocity choices seen in order (V-3)" }

set("open_hands", true)
