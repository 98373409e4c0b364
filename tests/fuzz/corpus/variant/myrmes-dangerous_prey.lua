myrmes
-- dangerous_prey (docs/rules/myrmes.md, V-3): prey table T-11 becomes
--   ladybug 1 soldier -> 2 food, 0 VP; termite 2 soldiers -> 1 food, 3 VP;
--   spider 3 soldiers -> 2 food, 6 VP.
-- Why: hunting is a cheap VP source in the standard game; this makes big prey a real
-- investment in soldiers and tests whether a soldier-heavy strategy can compete.
-- Uses the hook points hunt_soldiers, hunt_food and hunt_reward (kind 0 ladybug, 1 termite,
-- 2 spider). Entering a prey hex still requires hunting it (R-24).
variant{ name = "dangerous_prey", game = "myrmes",
         description = "Prey cost 1/2/3 soldiers and give 2/1/2 food and 0/3/6 VP (V-3)" }

local soldiers = { [0] = 1, 2, 3 }
local food     = { [0] = 2, 1, 2 }
local vp       = { [0] = 0, 3, 6 }

hook("hunt_soldiers", function(seat, kind, need) return soldiers[kind] end)
hook("hunt_food",     function(seat, kind, gain) return food[kind] end)
hook("hunt_reward",   function(seat, kind, points) return vp[kind] end)
