/* Fixture: a game built against API minor 2, before rules_text, phase_topic, params_check and
 * the view legend: its descriptor and vtable end where minor 2 ended. It must load and be
 * treated as having none of the minor-3 fields, nor minor 13's decision_revealed (test_learn.c). */
#include <stddef.h>

#include "../../fixtures/mini_game.h"

static const char *old_topic(const void *st, const fc_env *env)
{
    (void)st;
    (void)env;
    return "R-01";
}

/* Its one decision is hidden from seat 2; a host of minor 13 must not ask this minor-2 plugin
 * whether it was revealed (decision_revealed lies past its vtable). */
static uint32_t old_audience(const void *st, const fc_env *env, fc_decision d)
{
    (void)st, (void)env, (void)d;
    return FC_SEAT_BIT(0);
}

static int old_revealed(const void *st, const fc_env *env, int seat, uint32_t audience, fc_decision d)
{
    (void)st, (void)env, (void)seat, (void)audience, (void)d;
    return 1;
}

static const fc_game game = {
    .struct_version = 1, .struct_size = offsetof(fc_game, phase_topic), .state_size = sizeof(mini_state),
    .max_decisions = 1, .init = mini_init, .to_move = mini_to_move, .legal = mini_legal, .apply = mini_apply,
    .decision_text = mini_text, .decision_parse = mini_parse, .scores = mini_scores, .view = mini_view,
    .decision_audience = old_audience,
    .phase_topic = old_topic,           /* past struct_size: a host reading it would be wrong */
    .decision_revealed = old_revealed, /* likewise (API minor 13) */
};

static const fc_plugin plugin = {
    .struct_version = 1, .struct_size = offsetof(fc_plugin, rules_text), .abi_major = FC_ABI_MAJOR, .api_minor = 2,
    .id = "old_minor", .name = "old_minor", .version = "0.0.1", .summary = "minor 2 fixture",
    .help = "see tests/game/learn/old_minor.c", .min_seats = 1, .max_seats = 2, .game = &game,
    .rules_text = "# past struct_size: a host reading this would be wrong\n",
};

MINI_ENTRY(plugin)
