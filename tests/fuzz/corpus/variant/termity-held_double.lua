termity
-- held_double (docs/rules/termity.md, V-3): own mounds standing on the board at the end score
-- twice their printed value; reserve mounds and trophies score once.
-- Why: rewards defending what you built over raiding; a test of the turtle strategy.
variant{ name = "held_double", game = "termity",
         description = "Own mounds on the board at the end score double (V-3)" }

set("held_double", true)
