marabunta
-- seventh_die (docs/rules/marabunta.md, V-2): a white die (0, 1, 2, 3, crate, flag): numbers go in
-- any region, a flag colours a circle on any leaf; splits cover 8 items (127 splits).
-- Why: more material per round, so more points and a faster game; tests the pacing.
variant{ name = "seventh_die", game = "marabunta",
         description = "A seventh, white die: numbers in any region, flag on any leaf (V-2)" }

set("seventh_die", true)
