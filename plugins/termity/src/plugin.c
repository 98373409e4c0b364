/* Termity plugin descriptor: parameter schema, hook points, Lua queries/actions, entry point. */
#include <stddef.h>

#include "termity.h"
#include "termity_rules_text.h"

#define INT(n, d, lo, hi, doc) {n, FC_PARAM_INT, d, lo, hi, NULL, NULL, 0, 0, doc}
#define BOOL(n, d, doc) {n, FC_PARAM_BOOL, d, 0, 1, NULL, NULL, 0, 0, doc}
#define STR(n, d, doc) {n, FC_PARAM_STRING, 0, 0, 0, d, NULL, 0, 0, doc}
#define PATHP(n, d, doc) {n, FC_PARAM_PATH, 0, 0, 0, d, NULL, 0, 0, doc}
#define LIST(n, d, lo, hi, lmin, lmax, doc) {n, FC_PARAM_INT_LIST, 0, lo, hi, d, NULL, lmin, lmax, doc}

static const fc_param_def params[P_COUNT] = {
    [P_SCENARIO] = STR("scenario", "auto",
                       "scenario id from data/scenarios.csv; auto = recommended for the seats; custom = the players "
                       "build side B in the game (R-07, R-43..R-47)"),
    [P_MAP] = PATHP("map", "", "custom board CSV (q,r,terrain; terrain open|water|vegetation|stones|neutral) (R-43..R-47)"),
    [P_BUILD_LIMITS] = BOOL("build_limits", 1, "layout limits R-46 a/b on a custom board, built (scenario custom) or a map (R-47)"),
    [P_HAND_SIZE] = INT("hand_size", 3, 1, 8, "tokens in hand, refilled after deploying (R-10, R-16, V-2)"),
    [P_MOUND_VALUES] = LIST("mound_values", "-1", -1, 99, 1, TM_MAX_MOUNDS,
                            "each swarm's mound values; -1 = data/mounds.csv (R-40)"),
    [P_NEUTRAL_COUNT] = INT("neutral_count", -1, -1, TM_MAX_NEUTRAL, "neutral mounds; -1 = players - 1 (R-08)"),
    [P_NEUTRAL_VALUE] = INT("neutral_value", -1, -1, 99, "value of a neutral mound; -1 = data/mounds.csv (R-08)"),
    [P_CASTE_MP] = LIST("caste_mp", "-1", -1, 9, 1, TM_MAX_CASTES,
                        "movement points per caste in castes.csv order; -1 = data (R-19)"),
    [P_CASTE_STRENGTH] = LIST("caste_strength", "-1", -1, 9, 1, TM_MAX_CASTES,
                              "strength per termite per caste in castes.csv order; -1 = data (R-27)"),
    [P_SWARMS] = LIST("swarms", "-1", -1, TM_MAX_SWARMS - 1, 1, TM_SEATS,
                      "swarm of each seat: 0 BLUE, 1 RED, 2 GOLD, 3 GREY; -1 = dealt at random at setup (R-09)"),
    [P_FIRST_PLAYER] = INT("first_player", -1, -1, TM_SEATS - 1, "first player: -1 = random, else the seat (R-10)"),
    [P_OPEN_HANDS] = BOOL("open_hands", 0, "every hand is public (V-1)"),
    [P_HELD_DOUBLE] = BOOL("held_double", 0, "own mounds on the board at the end score double (V-3)"),
    [P_LETHAL_THICKETS] = BOOL("lethal_thickets", 0, "an Alate may be pushed into Vegetation and dies (V-4)"),
    [P_DEFENDER_RETREATS] = BOOL("defender_retreats", 0, "the beaten unit's owner picks the retreat (V-5)"),
    [P_CUSTOM_TILES] = INT("custom_tiles", 18, 1, TM_MAX_TILES,
                           "tiles in the pool of scenario custom, 15..18 recommended (R-43)"),
};

static const fc_hook_def hooks[H_COUNT] = {
    [H_ATTACK_STRENGTH] = {"attack_strength", "(seat, caste 0..3, target is a mound 0/1, strength) -> attack strength",
                           4, 1u, 0, 0, 100},
    [H_DEFENCE_STRENGTH] = {"defence_strength", "(attacking seat, target is a mound 0/1, strength) -> defence", 3, 1u,
                            0, 0, 100},
    [H_RETREAT_LEGAL] = {"retreat_legal", "(beaten seat, caste 0..3, terrain 0..3, legal 0/1) -> 1 if legal", 4, 1u,
                         0, 0, 1},
    [H_FINAL_SCORE] = {"final_score", "(seat, score) -> score", 2, 1u, 0, -10000, 10000},
    [H_TURN_END] = {"turn_end", "(seat, round) -> ignored; after each turn, may call actions", 2, 1u, FC_HOOK_MUTABLE,
                    FC_HOOK_ANY_LO, FC_HOOK_ANY_HI},
};

static bool seat_ok(const fc_env *env, int64_t s) { return s >= 0 && s < env->nseats; }

#define QUERY(fname, expr) \
    static int fname(void *vst, const fc_env *env, const int64_t *args, int64_t *result) \
    { \
        const tm_state *st = vst; \
        if (!seat_ok(env, args[0])) \
            return FC_ERANGE; \
        const tm_seat *p = &st->seat[args[0]]; \
        (void)p; \
        *result = (expr); \
        return 0; \
    }

QUERY(q_score, tm_score(st, env, (int)args[0]))
QUERY(q_units, tm_units_on_board(st, (int)args[0]))
QUERY(q_reserve, __builtin_popcount(p->reserve))
QUERY(q_trophies, p->trophy_sum)
QUERY(q_hand, __builtin_popcount(p->hand))
QUERY(q_stack, __builtin_popcount(p->stack))

static int q_round(void *vst, const fc_env *env, const int64_t *args, int64_t *result)
{
    (void)env, (void)args;
    *result = ((const tm_state *)vst)->round;
    return 0;
}

static int a_add_points(void *vst, const fc_env *env, const int64_t *args, int64_t *result)
{
    if (!seat_ok(env, args[0]) || args[1] < -500 || args[1] > 500)
        return FC_ERANGE;
    tm_seat *p = &((tm_state *)vst)->seat[args[0]];
    int v = p->bonus + (int)args[1];
    p->bonus = (int16_t)(v < -5000 ? -5000 : v > 5000 ? 5000 : v);
    *result = p->bonus;
    return 0;
}

static const fc_lua_fn queries[] = {
    {"score", "(seat) -> score now (R-40)", 1, 1u, q_score},
    {"units", "(seat) -> own units on the board", 1, 1u, q_units},
    {"reserve", "(seat) -> mounds in reserve", 1, 1u, q_reserve},
    {"trophies", "(seat) -> points of captured mounds", 1, 1u, q_trophies},
    {"hand", "(seat) -> tokens in hand", 1, 1u, q_hand},
    {"stack", "(seat) -> tokens in the stack", 1, 1u, q_stack},
    {"round", "() -> round 1..18 (0 during setup)", 0, 0, q_round},
};

static const fc_lua_fn actions[] = {
    {"add_points", "(seat, n) -> bonus points of the seat after adding n", 2, 1u, a_add_points},
};

static const fc_plugin plugin = {
    .struct_version = 1,
    .struct_size = sizeof(fc_plugin),
    .abi_major = FC_ABI_MAJOR,
    .api_minor = FC_API_MINOR,
    .id = "termity",
    .name = "Termity",
    .version = "1.0.0",
    .summary = "Termite swarms on a hex board: hidden hands, caste movement, supported attacks, mound captures",
    .help = "Scenario custom first builds side B: neutral mounds ('neutral at q,r'), then each builder\n"
            "takes two tiles from the pool in turn ('tile WV water', then 'lay q,r').\n"
            "Setup: draw 3 tokens, place mounds (2 players: P1, P2, P2, P1). Each turn: deploy a hand\n"
            "token ('deploy W3', then 'at q,r'), draw, then move one unit ('unit q,r', then 'to q,r' or\n"
            "'attack q,r from q,r') or 'pass'. Attacks need strictly more strength, counting support.\n"
            "After 18 rounds the most mound points (board, reserve, trophies) wins.",
    .min_seats = 2,
    .max_seats = TM_SEATS,
    .params = params,
    .nparams = P_COUNT,
    .hooks = hooks,
    .nhooks = H_COUNT,
    .queries = queries,
    .nqueries = (int)(sizeof queries / sizeof queries[0]),
    .actions = actions,
    .nactions = (int)(sizeof actions / sizeof actions[0]),
    .game = &tm_game,
    .init = NULL,
    .rules_text = termity_rules_text,
};

FC_PLUGIN_ENTRY_POINT(plugin)
