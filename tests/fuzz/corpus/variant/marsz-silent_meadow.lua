marsz
-- silent_meadow (docs/rules/marsz.md, V-1): no reactions after other players' actions;
-- the thorax reactions at the end of the worker phase stay.
-- Why: shows how much of the game's interaction and tempo comes from free reactions.
variant{ name = "silent_meadow", game = "marsz",
         description = "No neighbour reactions; thorax reactions remain (V-1)" }

set("reactions_enabled", false)
