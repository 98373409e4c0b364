marsz
-- lean_seasons (docs/rules/marsz.md, V-2): one food feeds 3 ants (epic rounds 4-5: 2);
-- abdomen bonuses and other modifiers still add.
-- Why: a hungrier colony makes food, abdomens and the Richest Stores award matter more.
variant{ name = "lean_seasons", game = "marsz",
         description = "3 ants per food, epic late rounds 2 (V-2)" }

set("feed_base", 3)
set("feed_base_epic_late", 2)
