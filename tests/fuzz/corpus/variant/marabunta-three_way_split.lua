marabunta
-- three_way_split (docs/rules/marabunta.md, V-5): the splitter forms three groups; the chooser
-- takes one, the splitter one of the two others, the third is discarded.
-- Why: less material per round and a sharper split decision; tests a longer, leaner game.
variant{ name = "three_way_split", game = "marabunta",
         description = "Three groups: chooser, then splitter take one, the third is discarded (V-5)" }

set("three_way_split", true)
