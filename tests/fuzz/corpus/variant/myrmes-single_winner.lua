myrmes
-- single_winner (docs/rules/myrmes.md, V-5): ties for first place are broken by most food + dirt +
-- stone, then most larvae, then fewest tunnel exits; only then is the win shared.
-- Why: not part of the published game; tools (ladders, A/B tests, tournaments) want one winner.
variant{ name = "single_winner", game = "myrmes",
         description = "Ties broken by stored cubes, then larvae, then fewest exits (V-5)" }

set("single_winner", true)
