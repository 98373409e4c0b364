marabunta
-- runner_up_half (docs/rules/marabunta.md, V-4): in region scoring the smaller non-zero sum scores
-- floor(region value / 2).
-- Why: softens the all-or-nothing region race, so contesting a lost region still pays.
variant{ name = "runner_up_half", game = "marabunta",
         description = "The smaller non-zero sum scores half the region value (V-4)" }

set("runner_up_half", true)
