marabunta
-- counter_cut (docs/rules/marabunta.md, V-1): once per game each player, as chooser, may reject the
-- split and re-split the same seven items; the original splitter then chooses first.
-- Why: punishes lopsided splits; tests whether split-and-choose is balanced for the splitter.
variant{ name = "counter_cut", game = "marabunta",
         description = "Once per game a chooser may re-split instead of choosing (V-1)" }

set("counter_cut", true)
