marabunta
-- no_ant_hills (docs/rules/marabunta.md, V-3): no ant hills; each player's first number ignores
-- adjacency, then every constrained placement needs adjacency.
-- Why: ant hills are the flexibility valve of the placement rules; without them the board
-- becomes tighter and planning matters more.
variant{ name = "no_ant_hills", game = "marabunta",
         description = "No ant hills; the first number of each player is free (V-3)" }

set("no_ant_hills", true)
