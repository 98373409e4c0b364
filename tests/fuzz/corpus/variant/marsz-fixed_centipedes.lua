marsz
-- fixed_centipedes (docs/rules/marsz.md, V-4): a centipede draws no cards; its strength
-- is its size + 3 and the unpredictable-enemy redraw never happens.
-- Why: removes the luck of centipede battles so players can plan exactly when to attack.
variant{ name = "fixed_centipedes", game = "marsz",
         description = "Centipede strength = size + 3, no card draws (V-4)" }

set("centipede_fixed_bonus", 3)
