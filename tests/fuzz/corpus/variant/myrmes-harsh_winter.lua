myrmes
-- harsh_winter (docs/rules/myrmes.md, V-2): winter food 5/6/7, 4 VP per missing food, and soldiers
-- cut the food owed by at most half of it.
-- Why: tests whether the food engine matters enough; in the standard game a soldier army can
-- skip winter entirely, which makes hunting the only reason to feed a colony.
variant{ name = "harsh_winter", game = "myrmes",
         description = "Winter food 5/6/7, 4 VP per missing food, soldiers cut at most half (V-2)" }

set("winter_food", {5, 6, 7})
set("winter_penalty", 4)
set("winter_soldier_half", true)
