/* Marabunta plugin descriptor: parameters, hook points, Lua queries and actions,
 * determinize (the hidden tile pile), and the game vtable. */
#include <string.h>

#include "marabunta.h"
#include "marabunta_rules_text.h"

static const fc_param_def mb_params[P_COUNT] = {
    {"board_side", FC_PARAM_ENUM, 0, 0, 0, NULL, "A|B", 0, 0,
     "territory side: A connected regions, B scattered blue region (S-01)"},
    {"player_side", FC_PARAM_ENUM, 0, 0, 0, NULL, "A|B", 0, 0, "player-board side for both players (S-03)"},
    {"ant_hills", FC_PARAM_INT, -1, -1, 9, NULL, NULL, 0, 0,
     "ant hills per player; -1 = as printed on the player board (R-32)"},
    {"cookie_values", FC_PARAM_INT_LIST, 0, 0, 50, "", NULL, 0, FC_PARAM_LIST_MAX,
     "VP above each cookie of the row, left to right; empty = as printed (R-45)"},
    {"leaf_circles", FC_PARAM_INT, 0, 0, 30, NULL, NULL, 0, 0,
     "circles per scoring leaf including pre-printed ones; 0 = as printed (R-48)"},
    {"end_region_full", FC_PARAM_BOOL, 1, 0, 1, NULL, NULL, 0, 0, "end trigger E-1: every hex of a region filled"},
    {"end_leaf_full", FC_PARAM_BOOL, 1, 0, 1, NULL, NULL, 0, 0, "end trigger E-2: last empty circle of a leaf"},
    {"end_cookies_done", FC_PARAM_BOOL, 1, 0, 1, NULL, NULL, 0, 0, "end trigger E-3: every cookie hex done"},
    {"start_player", FC_PARAM_INT, -1, -1, 1, NULL, NULL, 0, 0,
     "first splitter: 0 red, 1 blue, -1 random (S-07, A-16)"},
    {"max_rounds", FC_PARAM_INT, 30, 1, 99, NULL, NULL, 0, 0,
     "safety cap: the game ends after this round (R-87: 19 suffice with E-3 on)"},
    {"three_ones_chain", FC_PARAM_BOOL, 0, 0, 1, NULL, NULL, 0, 0,
     "AB-8: third 1 adjacent to at least one earlier 1 instead of both (A-04)"},
    {"no_ant_hills", FC_PARAM_BOOL, 0, 0, 1, NULL, NULL, 0, 0,
     "variant V-3: no ant hills, each player's first number ignores adjacency"},
    {"runner_up_half", FC_PARAM_BOOL, 0, 0, 1, NULL, NULL, 0, 0,
     "variant V-4: smaller non-zero sum scores half the region value"},
    {"counter_cut", FC_PARAM_BOOL, 0, 0, 1, NULL, NULL, 0, 0,
     "variant V-1: once per game a chooser may re-split the items instead of choosing"},
    {"seventh_die", FC_PARAM_BOOL, 0, 0, 1, NULL, NULL, 0, 0,
     "variant V-2: a white die (numbers in any region, flag on any leaf); 127 splits"},
    {"three_way_split", FC_PARAM_BOOL, 0, 0, 1, NULL, NULL, 0, 0,
     "variant V-5: three groups; chooser, then splitter take one, the third is discarded"},
};

static const fc_hook_def mb_hooks[H_COUNT] = {
    {"region_score", "(region, seat, own_sum, other_sum, vp) -> VP the seat scores for the region (R-83)", 5, 2u, 0, -1000,
     1000},
    {"round_end", "(round) -> ignored; called at the end of each round, may call actions", 1, 0u, FC_HOOK_MUTABLE,
     FC_HOOK_ANY_LO, FC_HOOK_ANY_HI},
    {"split_legal",
     "(mask, splitter, second) -> 0 forbids the split; bit i = item i (dice in dice.csv order, then the tile); "
     "two-way: mask = the tile's group, second = 0; three-way: the group of item 0 and the next group",
     3, 2u, 0, 0, 1},
};

/* ---- Lua surface ---- */

static int seat_arg(int64_t a) { return a >= 0 && a < MB_SEATS ? (int)a : -1; }

static int region_arg(const fc_env *env, int64_t a)
{
    return a >= 0 && a < ((const mb_data *)env->data)->nregions ? (int)a : -1;
}

static int q_vp(void *st, const fc_env *env, const int64_t *args, int64_t *result)
{
    int p = seat_arg(args[0]);
    if (p < 0)
        return FC_EINVAL;
    *result = ((mb_state *)st)->seat[p].vp;
    return 0;
}

static int q_round(void *st, const fc_env *env, const int64_t *args, int64_t *result)
{
    *result = ((mb_state *)st)->round;
    return 0;
}

static int q_region_sum(void *st, const fc_env *env, const int64_t *args, int64_t *result)
{
    int r = region_arg(env, args[0]), p = seat_arg(args[1]);
    if (r < 0 || p < 0)
        return FC_EINVAL;
    *result = ((mb_state *)st)->sum[r][p];
    return 0;
}

static int q_region_value(void *st, const fc_env *env, const int64_t *args, int64_t *result)
{
    int r = region_arg(env, args[0]), p = seat_arg(args[1]);
    if (r < 0 || p < 0)
        return FC_EINVAL;
    *result = mb_region_value(st, env, r, p);
    return 0;
}

static int q_cookies(void *st, const fc_env *env, const int64_t *args, int64_t *result)
{
    int p = seat_arg(args[0]);
    if (p < 0)
        return FC_EINVAL;
    *result = ((mb_state *)st)->seat[p].cookies;
    return 0;
}

static int q_ant_hills(void *st, const fc_env *env, const int64_t *args, int64_t *result)
{
    int p = seat_arg(args[0]);
    if (p < 0)
        return FC_EINVAL;
    *result = ((mb_state *)st)->seat[p].hills;
    return 0;
}

/* add_vp(seat, n): VP gained during play, kept >= 0. */
static int a_add_vp(void *st, const fc_env *env, const int64_t *args, int64_t *result)
{
    mb_state *s = st;
    int p = seat_arg(args[0]);
    if (p < 0 || args[1] < -1000 || args[1] > 1000)
        return FC_EINVAL;
    int64_t v = s->seat[p].vp + args[1];
    s->seat[p].vp = (int16_t)(v < 0 ? 0 : v > 30000 ? 30000 : v);
    *result = s->seat[p].vp;
    return 0;
}

/* give_ant_hill(seat): one more ant hill, up to the printed number. */
static int a_give_ant_hill(void *st, const fc_env *env, const int64_t *args, int64_t *result)
{
    mb_state *s = st;
    int p = seat_arg(args[0]);
    if (p < 0)
        return FC_EINVAL;
    if (s->seat[p].hills < ((const mb_data *)env->data)->ant_hills)
        s->seat[p].hills++;
    *result = s->seat[p].hills;
    return 0;
}

static const fc_lua_fn mb_queries[] = {
    {"vp", "(seat) -> VP gained during play", 1, 1u, q_vp},
    {"round", "() -> current round (1-based)", 0, 0u, q_round},
    {"region_sum", "(region, seat) -> sum of the seat's numbers in the region (0-based region)", 2, 2u,
     q_region_sum},
    {"region_value", "(region, seat) -> circles of the seat on the region's leaf", 2, 2u, q_region_value},
    {"cookies", "(seat) -> cookies crossed on the seat's row", 1, 1u, q_cookies},
    {"ant_hills", "(seat) -> ant hills left", 1, 1u, q_ant_hills},
};

static const fc_lua_fn mb_actions[] = {
    {"add_vp", "(seat, n) -> new VP in play; adds n VP (kept >= 0)", 2, 1u, a_add_vp},
    {"give_ant_hill", "(seat) -> ant hills; returns a spent ant hill", 1, 1u, a_give_ant_hill},
};

/* ---- hidden information: only the order of the face-down tiles ---- */

static void mb_determinize(void *st, const fc_env *env, int seat, fc_rng *rng)
{
    mb_state *s = st;
    env->host->rng_shuffle(rng, s->pile, s->npile, 1);
}

static int mb_round(const void *st, const fc_env *env) { return ((const mb_state *)st)->round; }

/* Kinds of decision (API minor 10): the groups of mb_decision_describe, kind code D_x = index + 1. */
static const char *const mb_kinds[D_KINDS - 1] = {"draw",  "roll",  "split", "choose", "use",     "ignore", "write",
                                                  "crate", "leaf",  "cross", "encore", "forfeit", "counter"};

static int mb_decision_kind(const void *st, const fc_env *env, fc_decision d)
{
    (void)st;
    (void)env;
    int k = MB_DK(d);
    return k > 0 && k < D_KINDS ? k - 1 : -1;
}

/* Sources of chance (API minor 11): the setup (the pile's order and the start player, S-06,
 * S-07), the tiles drawn from the pile and the dice rolled each round. */
static int mb_chance_source(const void *st, const fc_env *env, const char *const **names)
{
    static const char *const sources[] = {"setup", "tiles", "dice", NULL};
    (void)env;
    *names = sources;
    return !st ? 0 : ((const mb_state *)st)->phase == PH_DRAW ? 1 : 2;
}

static const fc_game mb_game = {
    .struct_version = 1,
    .struct_size = sizeof(fc_game),
    .state_size = sizeof(mb_state),
    .max_decisions = MB_MAX_DECISIONS,
    .data_load = mb_data_load,
    .data_free = mb_data_free,
    .init = mb_init,
    .to_move = mb_to_move,
    .legal = mb_legal,
    .apply = mb_apply,
    .decision_text = mb_decision_text,
    .decision_parse = mb_decision_parse,
    .decision_describe = mb_decision_describe,
    .scores = mb_scores,
    .evaluate = mb_evaluate,
    .determinize = mb_determinize,
    .view = mb_view,
    .round = mb_round,
    .check = mb_check,
    .phase_topic = mb_phase_topic,
    .position_write = mb_position_write,
    .position_read = mb_position_read,
    .eval_weights = mb_eval_weights,
    .evaluate_weighted = mb_evaluate_weighted,
    .kinds = mb_kinds,
    .nkinds = D_KINDS - 1,
    .decision_kind = mb_decision_kind,
    .chance_source = mb_chance_source,
};

static const fc_plugin mb_plugin = {
    .struct_version = 1,
    .struct_size = sizeof(fc_plugin),
    .abi_major = FC_ABI_MAJOR,
    .api_minor = FC_API_MINOR,
    .id = "marabunta",
    .name = "Marabunta",
    .version = "1.0.0",
    .summary = "Knizia's two-player ant roll-and-write: split six dice and a tile, the other player chooses",
    .help = "Each round the splitter draws a tile (draw T3), rolls six dice (roll pink 2, ...) and splits\n"
            "the seven items in two groups (split pink,tile / blue,...). The other player takes one\n"
            "(choose ...) and resolves it first, then the splitter resolves the rest: item by item,\n"
            "'use ITEM' then its targets (write q,r [hill], crate A3, leaf pink, cross q,r, encore pink)\n"
            "or 'ignore ITEM'. Rewards and unlocked abilities are asked for at once. Regions go to the\n"
            "larger sum of numbers, worth the circles on their leaf. Variants: counter_cut ('counter'),\n"
            "seventh_die (a white die), three_way_split (three groups, the third is discarded).",
    .min_seats = 2,
    .max_seats = 2,
    .params = mb_params,
    .nparams = P_COUNT,
    .hooks = mb_hooks,
    .nhooks = H_COUNT,
    .queries = mb_queries,
    .nqueries = (int)(sizeof mb_queries / sizeof mb_queries[0]),
    .actions = mb_actions,
    .nactions = (int)(sizeof mb_actions / sizeof mb_actions[0]),
    .game = &mb_game,
    .init = NULL,
    .rules_text = marabunta_rules_text,
};

FC_PLUGIN_ENTRY_POINT(mb_plugin)
