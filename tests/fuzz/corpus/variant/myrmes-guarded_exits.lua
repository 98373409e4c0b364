myrmes
-- guarded_exits (docs/rules/myrmes.md, V-4): a worker cannot enter an opponent's tunnel exit.
-- Why: in the standard game exits are no obstacle; guarding them makes the placement of
-- your own exits a blocking tool and rewards spreading out over the garden.
variant{ name = "guarded_exits", game = "myrmes",
         description = "Workers cannot enter opponents' tunnel exits (V-4)" }

set("guarded_exits", true)
