myrmes
-- short_game (docs/rules/myrmes.md, V-1): two years instead of three; winter food 4 then 6.
-- Why: a 40-minute game for teaching and for fast playtest loops; the steeper second winter
-- keeps the food economy under pressure although there is one winter less to prepare for.
variant{ name = "short_game", game = "myrmes",
         description = "Two years; winter food 4 then 6; the game ends after the second winter (V-1)" }

set("years", 2)
set("winter_food", {4, 6})
