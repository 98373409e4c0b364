termity
-- defender_retreats (docs/rules/termity.md, V-5): the owner of the beaten unit, not the attacker,
-- chooses its retreat hex.
-- Why: attacks become less decisive; tests whether the attacker's retreat choice is too strong.
variant{ name = "defender_retreats", game = "termity",
         description = "The beaten unit's owner chooses the retreat (V-5)" }

set("defender_retreats", true)
