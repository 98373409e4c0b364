/* March of the Ants plugin descriptor: parameter schema, hook points, Lua queries/actions, the
 * game vtable and the entry point. */
#include <stddef.h>

#include "marsz.h"
#include "marsz_rules_text.h"

#define INT(n, d, lo, hi, doc) {n, FC_PARAM_INT, d, lo, hi, NULL, NULL, 0, 0, doc}
#define BOOL(n, d, doc) {n, FC_PARAM_BOOL, d, 0, 1, NULL, NULL, 0, 0, doc}

static const fc_param_def params[P_COUNT] = {
    [P_ROUNDS] = INT("rounds", 0, 0, 9, "rounds; 0 = 4 (epic: 5) (R-24, R-82)"),
    [P_EPIC] = BOOL("epic", 0, "epic game: 5 rounds, a third III+ reward tile, feed_base_epic_late in rounds 4-5 (R-82)"),
    [P_FEED_BASE] = INT("feed_base", -1, -1, 20, "ants fed by one food; -1 = constants.csv (R-68, V-2)"),
    [P_FEED_BASE_EPIC_LATE] = INT("feed_base_epic_late", -1, -1, 20,
                                  "ants fed by one food in epic rounds 4-5; -1 = constants.csv (R-82, V-2)"),
    [P_REACTIONS] = BOOL("reactions_enabled", 1, "neighbours' reactions after actions (R-27; V-1 switches off)"),
    [P_HAND] = INT("hand_size", -1, -1, 10, "cards in the start hand; -1 = constants.csv (S-15)"),
    [P_START_LARVAE] = INT("start_larvae", -1, -1, 20, "larvae at the start; -1 = constants.csv (S-12)"),
    [P_START_FOOD] = INT("start_food", -1, -1, 20, "food at the start; -1 = constants.csv (S-14)"),
    [P_START_ANTS] = INT("start_ants", -1, -1, 20, "ants in the Great Tunnel at the start; -1 = constants.csv (S-12)"),
    [P_BATTLE_POINTS] = INT("battle_points", -1, -1, 20, "points for winning a tile battle; -1 = constants.csv (R-59)"),
    [P_BODY_POINTS] = INT("body_points", -1, -1, 20, "points per complete ant body; -1 = constants.csv (R-48)"),
    [P_STARVE_POINTS] = INT("starvation_points", -1, -1, 20, "points lost when an ant starves; -1 = constants.csv (R-69)"),
    [P_CENTI_FIXED] = INT("centipede_fixed_bonus", 0, 0, 20, "centipedes draw no cards and add this; 0 = normal rule (V-4)"),
    [P_OPEN_HANDS] = BOOL("open_hands", 0, "all hands public (V-3)"),
    [P_DRAFT] = BOOL("draft_start", 0, "drafted start hand (R-83)"),
    [P_SPECIES] = BOOL("species", 0, "ancient species (V-5): each player a random species (5 players: one standard sheet)"),
    [P_FIRST_PLAYER] = INT("first_player", -1, -1, MZ_SEATS - 1, "first player: -1 = random, else the seat (S-09)"),
};

static const fc_hook_def hooks[H_COUNT] = {
    [H_STRENGTH] = {.name = "battle_strength",
                    .doc = "(seat, location 0 = Great Tunnel or tile number, against a centipede 0/1, strength) -> strength",
                    .nargs = 4, .seat_args = 1u, .flags = 0, .lo = -100, .hi = 1000},
    [H_CASUALTIES] = {.name = "casualties",
                      .doc = "(winner seat, 0 for the Old Guard, location, casualties) -> casualties the winner deals",
                      .nargs = 3, .seat_args = 1u, .flags = 0, .lo = 0, .hi = 200},
    [H_FEED_CAPACITY] = {.name = "feeding_capacity", .doc = "(seat, ants fed by one food) -> ants fed by one food",
                         .nargs = 2, .seat_args = 1u, .flags = 0, .lo = 1, .hi = 100},
    [H_GOAL_SCORE] = {.name = "goal_score", .doc = "(seat, goal card index 56..65 for CG-01..CG-10, points) -> points",
                      .nargs = 3, .seat_args = 1u, .flags = 0, .lo = -50, .hi = 50},
    [H_ROUND_END] = {.name = "round_end", .doc = "(round) -> ignored; after each dormancy, may call actions",
                     .nargs = 1, .seat_args = 0, .flags = FC_HOOK_MUTABLE, .lo = FC_HOOK_ANY_LO,
                     .hi = FC_HOOK_ANY_HI},
};

static bool seat_ok(const fc_env *env, int64_t s) { return s >= 0 && s < env->nseats; }

#define QUERY(fname, expr) \
    static int fname(void *vst, const fc_env *env, const int64_t *args, int64_t *result) \
    { \
        const mz_state *st = vst; \
        if (!seat_ok(env, args[0])) \
            return FC_ERANGE; \
        const mz_seat *p = &st->seat[args[0]]; \
        (void)p; \
        *result = (expr); \
        return 0; \
    }

QUERY(q_score, p->score)
QUERY(q_food, p->food)
QUERY(q_larvae, p->larvae)
QUERY(q_eggs, p->eggs)
QUERY(q_hand, p->hand)
QUERY(q_ants, mz_ants_total(st, (int)args[0]))
QUERY(q_gt_ants, mz_ants_at(st, MZ_GT, (int)args[0]))
QUERY(q_heads, p->npile[SEG_HEAD])
QUERY(q_thoraxes, p->npile[SEG_THORAX])
QUERY(q_abdomens, p->npile[SEG_ABDOMEN])

static int q_round(void *vst, const fc_env *env, const int64_t *args, int64_t *result)
{
    (void)env, (void)args;
    *result = ((const mz_state *)vst)->round;
    return 0;
}

static int a_add_points(void *vst, const fc_env *env, const int64_t *args, int64_t *result)
{
    if (!seat_ok(env, args[0]) || args[1] < -100 || args[1] > 100)
        return FC_ERANGE;
    mz_state *st = vst;
    mz_add_points(st, (int)args[0], (int)args[1]);
    *result = st->seat[args[0]].score;
    return 0;
}

static int a_add_food(void *vst, const fc_env *env, const int64_t *args, int64_t *result)
{
    if (!seat_ok(env, args[0]) || args[1] < 0 || args[1] > 20)
        return FC_ERANGE;
    mz_state *st = vst;
    mz_gain(env, st, (int)args[0], (int)args[1], 0, 0, 0);
    *result = st->seat[args[0]].food;
    return 0;
}

static const fc_lua_fn queries[] = {
    {"score", "(seat) -> points", 1, 1u, q_score},
    {"food", "(seat) -> food in the pantry", 1, 1u, q_food},
    {"larvae", "(seat) -> larvae in the chamber", 1, 1u, q_larvae},
    {"eggs", "(seat) -> eggs in the pool", 1, 1u, q_eggs},
    {"hand", "(seat) -> cards in hand", 1, 1u, q_hand},
    {"ants", "(seat) -> ants on the meadow", 1, 1u, q_ants},
    {"tunnel_ants", "(seat) -> ants in the Great Tunnel", 1, 1u, q_gt_ants},
    {"heads", "(seat) -> head evolutions", 1, 1u, q_heads},
    {"thoraxes", "(seat) -> thorax evolutions", 1, 1u, q_thoraxes},
    {"abdomens", "(seat) -> abdomen evolutions", 1, 1u, q_abdomens},
    {"round", "() -> round 1..", 0, 0, q_round},
};

static const fc_lua_fn actions[] = {
    {"add_points", "(seat, n) -> points of the seat after adding n (never below 0)", 2, 1u, a_add_points},
    {"add_food", "(seat, n) -> food of the seat after gaining n", 2, 1u, a_add_food},
};

/* Sources of chance (API minor 11): March of the Ants has no chance points; everything random
 * (tiles, species, the event deck and the reshuffles of play, whose stream is seeded at setup)
 * comes from the setup. */
static int mz_chance_source(const void *st, const fc_env *env, const char *const **names)
{
    static const char *const sources[] = {"setup", NULL};
    (void)st, (void)env;
    *names = sources;
    return 0;
}

const fc_game mz_game = {
    .struct_version = 1,
    .struct_size = sizeof(fc_game),
    .state_size = sizeof(mz_state),
    .max_decisions = MZ_MAX_DECISIONS,
    .data_load = mz_data_load,
    .data_free = mz_data_free,
    .init = mz_init,
    .to_move = mz_to_move,
    .legal = mz_legal,
    .apply = mz_apply,
    .decision_text = mz_decision_text,
    .decision_parse = mz_decision_parse,
    .decision_describe = mz_decision_describe,
    .scores = mz_scores,
    .evaluate = mz_evaluate,
    .determinize = mz_determinize,
    .view = mz_view,
    .round = mz_round,
    .check = mz_check,
    .decision_audience = mz_decision_audience,
    .decision_revealed = mz_decision_revealed,
    .phase_topic = mz_phase_topic,
    .position_write = mz_position_write,
    .position_read = mz_position_read,
    .eval_weights = mz_eval_weights,
    .evaluate_weighted = mz_evaluate_weighted,
    .kinds = mz_kinds,
    .nkinds = 14, /* mz_nkinds: a static initializer needs a constant */
    .decision_kind = mz_decision_kind,
    .chance_source = mz_chance_source,
};

static const fc_plugin plugin = {
    .struct_version = 1,
    .struct_size = sizeof(fc_plugin),
    .abi_major = FC_ABI_MAJOR,
    .api_minor = FC_API_MINOR,
    .id = "marsz",
    .name = "March of the Ants",
    .version = "0.1.0",
    .summary = "Ant colonies on a growing hex meadow: explore, march, evolve, battle ants and centipedes",
    .help = "Worker phase: one action per turn (explore, forage, march, play a card, rest) with\n"
            "neighbours' reactions; it ends when the last rest tile is taken. Soldier phase: Great\n"
            "Tunnel battle, then contested tiles (from round 2). Queen phase: harvest, feeding,\n"
            "queen's choice. Dormancy: inner-meadow control and colony goals. 4 rounds (epic 5).",
    .min_seats = 2,
    .max_seats = MZ_SEATS,
    .params = params,
    .nparams = P_COUNT,
    .hooks = hooks,
    .nhooks = H_COUNT,
    .queries = queries,
    .nqueries = (int)(sizeof queries / sizeof queries[0]),
    .actions = actions,
    .nactions = (int)(sizeof actions / sizeof actions[0]),
    .game = &mz_game,
    .init = NULL,
    .rules_text = marsz_rules_text,
};

_Static_assert(sizeof(mz_state) <= 8192, "state must fit in 8 KiB");

FC_PLUGIN_ENTRY_POINT(plugin)
