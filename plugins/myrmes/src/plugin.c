/* Myrmes plugin descriptor: parameter schema, hook points, Lua queries/actions, entry point. */
#include <stddef.h>

#include "myrmes.h"
#include "myrmes_rules_text.h"

#define INT(n, d, lo, hi, doc) {n, FC_PARAM_INT, d, lo, hi, NULL, NULL, 0, 0, doc}
#define BOOL(n, d, doc) {n, FC_PARAM_BOOL, d, 0, 1, NULL, NULL, 0, 0, doc}
#define LIST(n, d, lo, hi, lmin, lmax, doc) {n, FC_PARAM_INT_LIST, 0, lo, hi, d, NULL, lmin, lmax, doc}

static const fc_param_def params[P_COUNT] = {
    [P_YEARS] = INT("years", 3, 1, MY_MAX_YEARS, "years played; the game ends after that winter (R-01, V-1)"),
    [P_WINTER_FOOD] = LIST("winter_food", "-1,-1,-1", -1, 50, 1, MY_MAX_YEARS,
                           "food owed each winter per year; -1 = data/winter.csv (T-12, V-2)"),
    [P_WINTER_PENALTY] = INT("winter_penalty", 3, 0, 50, "VP lost per winter food not paid (R-57)"),
    [P_START_SCORE] = INT("start_score", 10, 0, 1000, "score at the start (S-08)"),
    [P_ANT_CAP] = INT("ant_cap", 8, 1, 16, "most workers + soldiers a player may have (R-04)"),
    [P_NURSE_CAP] = INT("nurse_cap", 8, 1, 16, "most nurses a player may have in play (R-05)"),
    [P_BASE_MOVES] = INT("base_moves", 3, 0, 20, "movement points of a worker going outside (R-19)"),
    [P_EVENT_MOVES] = INT("event_moves", -1, -1, 20, "extra MP of the +3 moves event; -1 = data/events.csv (R-64)"),
    [P_STORAGE_LOW] = INT("storage_low", 4, 0, 99, "storage limit at the 'low' colony levels 0 and I (R-51)"),
    [P_STORAGE_HIGH] = INT("storage_high", 6, 0, 99, "storage limit at the 'high' colony levels II and III (R-51)"),
    [P_SACRIFICE_LARVAE] = INT("sacrifice_larvae", 3, 1, 20, "larvae discarded for 1 food (R-07)"),
    [P_OBJECTIVE_BONUS] = LIST("objective_bonus", "5,4,3", 0, 50, 3, 3,
                               "earlier-completer bonus with 2, 3, 4 players (S-11, R-49)"),
    [P_OBJECTIVE_POINTS] = LIST("objective_points", "6,9,12", 0, 99, 3, 3, "VP of level 1, 2, 3 objectives (R-48)"),
    [P_FIRST_PLAYER] = INT("first_player", -1, -1, 3, "first player: -1 = random, else the seat 0..3 (S-06)"),
    [P_MIRROR_HOOK] = BOOL("mirror_hook", 1, "chiral pheromones (the hook) may be laid mirrored (A-14)"),
    [P_START_NURSES] = INT("start_nurses", 3, 0, 16, "nurses in the nursery at the start (S-08)"),
    [P_START_WORKERS] = INT("start_workers", 2, 0, 16, "workers at the start (S-08)"),
    [P_START_LARVAE] = INT("start_larvae", 1, 0, 50, "larvae at the start (S-08)"),
    [P_TUNNELS] = INT("tunnels", 4, 1, 8, "tunnel-exit tokens per player, the start exit included (R-43)"),
    [P_MARKERS] = INT("markers", 4, 0, 8, "marker cubes per player: marked special tiles at a time (R-06)"),
    [P_CLEAR_COST] = INT("clear_cost", 1, 0, 9, "dirt paid to clear a pheromone (R-26)"),
    [P_TUNNEL_DIRT] = INT("tunnel_dirt", 1, 0, 9, "dirt gained by the tunnel action (R-43)"),
    [P_NURSE_FOOD] = INT("nurse_food", 2, 0, 9, "food paid for a new nurse (R-46)"),
    [P_NURSE_LARVAE] = INT("nurse_larvae", 2, 0, 9, "larvae paid for a new nurse (R-46)"),
    [P_GUARDED_EXITS] = BOOL("guarded_exits", 0, "workers cannot enter opponents' tunnel exits (V-4)"),
    [P_WINTER_SOLDIER_HALF] = BOOL("winter_soldier_half", 0, "soldiers cut winter food by at most half (V-2)"),
    [P_SINGLE_WINNER] = BOOL("single_winner", 0, "break ties for rank by cubes, larvae, fewer exits (V-5)"),
};

static const fc_hook_def hooks[H_COUNT] = {
    [H_ON_ROUND_END] = {"on_round_end", "(year, season, round) -> ignored; after phase 6, may call actions", 3, 0,
                        FC_HOOK_MUTABLE, FC_HOOK_ANY_LO, FC_HOOK_ANY_HI},
    [H_WINTER_COST] = {"winter_cost", "(seat, year, owed) -> food owed; once per seat each winter", 3, 1u, 0, 0, 250},
    [H_HUNT_REWARD] = {"hunt_reward", "(seat, prey kind 0..2, vp) -> VP for the hunt", 3, 1u, 0, -100, 100},
    [H_PHEROMONE_POINTS] = {"pheromone_points", "(seat, size, vp) -> VP for placing a pheromone", 3, 1u, 0, -100, 100},
    [H_OBJECTIVE_POINTS] = {"objective_points", "(seat, level, vp) -> VP for completing an objective", 3, 1u, 0, -100,
                            100},
    [H_HUNT_SOLDIERS] = {"hunt_soldiers", "(seat, prey kind 0..2, soldiers) -> soldiers needed (0..16) to hunt it",
                         3, 1u, 0, 0, 16},
    [H_HUNT_FOOD] = {"hunt_food", "(seat, prey kind 0..2, food) -> food gained (0..20) by the hunt", 3, 1u, 0, 0, 20},
};

static bool seat_ok(const fc_env *env, int64_t s) { return s >= 0 && s < env->nseats; }

#define QUERY(fname, expr) \
    static int fname(void *vst, const fc_env *env, const int64_t *args, int64_t *result) \
    { \
        const my_state *st = vst; \
        if (!seat_ok(env, args[0])) \
            return FC_ERANGE; \
        const my_seat *p = &st->seat[args[0]]; \
        (void)p; \
        *result = (expr); \
        return 0; \
    }

QUERY(q_score, p->score)
QUERY(q_food, p->res[R_FOOD])
QUERY(q_dirt, p->res[R_DIRT])
QUERY(q_stone, p->res[R_STONE])
QUERY(q_larvae, p->larvae)
QUERY(q_soldiers, p->soldiers)
QUERY(q_workers, p->workers + p->room_workers)
QUERY(q_nurses, my_nurses_in_play(p))
QUERY(q_level, p->level)
QUERY(q_event, p->event)
QUERY(q_exits, p->exits)

static int q_year(void *vst, const fc_env *env, const int64_t *args, int64_t *result)
{
    (void)env, (void)args;
    *result = ((const my_state *)vst)->year;
    return 0;
}

static int q_season(void *vst, const fc_env *env, const int64_t *args, int64_t *result)
{
    (void)env, (void)args;
    *result = ((const my_state *)vst)->season; /* 0 spring, 1 summer, 2 autumn, 3 winter */
    return 0;
}

static int a_add_score(void *vst, const fc_env *env, const int64_t *args, int64_t *result)
{
    if (!seat_ok(env, args[0]) || args[1] < -1000 || args[1] > 1000)
        return FC_ERANGE;
    my_add_score(vst, (int)args[0], (int)args[1]);
    *result = ((my_state *)vst)->seat[args[0]].score;
    return 0;
}

static int a_add_food(void *vst, const fc_env *env, const int64_t *args, int64_t *result)
{
    if (!seat_ok(env, args[0]) || args[1] < -250 || args[1] > 250)
        return FC_ERANGE;
    my_seat *p = &((my_state *)vst)->seat[args[0]];
    int v = p->res[R_FOOD] + (int)args[1]; /* never below 0 nor above the stock bound */
    p->res[R_FOOD] = (uint8_t)(v < 0 ? 0 : v > 200 ? 200 : v);
    *result = p->res[R_FOOD];
    return 0;
}

static const fc_lua_fn queries[] = {
    {"score", "(seat) -> victory points", 1, 1u, q_score},
    {"food", "(seat) -> food in storage", 1, 1u, q_food},
    {"dirt", "(seat) -> dirt in storage", 1, 1u, q_dirt},
    {"stone", "(seat) -> stone in storage", 1, 1u, q_stone},
    {"larvae", "(seat) -> larvae", 1, 1u, q_larvae},
    {"soldiers", "(seat) -> soldiers", 1, 1u, q_soldiers},
    {"workers", "(seat) -> workers (room and colony rooms)", 1, 1u, q_workers},
    {"nurses", "(seat) -> nurses in play", 1, 1u, q_nurses},
    {"level", "(seat) -> colony level 0..3", 1, 1u, q_level},
    {"event", "(seat) -> event space 0..7", 1, 1u, q_event},
    {"exits", "(seat) -> tunnel exits on the board", 1, 1u, q_exits},
    {"year", "() -> year 1..", 0, 0, q_year},
    {"season", "() -> 0 spring, 1 summer, 2 autumn, 3 winter", 0, 0, q_season},
};

static const fc_lua_fn actions[] = {
    {"add_score", "(seat, n) -> new score", 2, 1u, a_add_score},
    {"add_food", "(seat, n) -> new food (clamped at 0)", 2, 1u, a_add_food},
};

/* winter_food lists one amount per year (-1 = winter.csv): a list given with another length
 * than years would leave years to the data file or ignore amounts without saying so. */
int my_params_check(const fc_host *host, const fc_value *values, const uint8_t *given, int nseats, fc_error *err)
{
    (void)nseats;
    const fc_value *wf = &values[P_WINTER_FOOD];
    int years = (int)values[P_YEARS].i;
    if (given[P_WINTER_FOOD] && wf->n != years)
        return host->error_set(err, FC_ERANGE,
                               "winter_food has %d amount%s but years is %d: give one amount per year (-1 = the "
                               "data file's amount)",
                               wf->n, wf->n == 1 ? "" : "s", years);
    return 0;
}

static const fc_plugin plugin = {
    .struct_version = 1,
    .struct_size = sizeof(fc_plugin),
    .abi_major = FC_ABI_MAJOR,
    .api_minor = FC_API_MINOR,
    .id = "myrmes",
    .name = "Myrmes",
    .version = "1.2.0", /* 1.1: O19/O20 picks, sacrifice windows; 1.2: hunt_soldiers/hunt_food hooks */
    .summary = "Ant colonies over three years: births, garden pheromones, hunting, workshop, winter",
    .help = "Each season: 1 event (pay larvae to move the cube), 2 births (assign nurses), 3 workers\n"
            "(colony rooms or outings: exit, step, hunt, clear, place, stop), 4 harvest, 5 workshop\n"
            "(tunnel, level, nurse, objective), 6 storage limit. Winter: pay food. 'sacrifice' trades larvae\n"
            "for food in your own decision windows.",
    .min_seats = 2,
    .max_seats = MY_MAX_SEATS,
    .params = params,
    .nparams = P_COUNT,
    .hooks = hooks,
    .nhooks = H_COUNT,
    .queries = queries,
    .nqueries = (int)(sizeof queries / sizeof queries[0]),
    .actions = actions,
    .nactions = (int)(sizeof actions / sizeof actions[0]),
    .game = &my_game,
    .init = NULL,
    .rules_text = myrmes_rules_text,
};

FC_PLUGIN_ENTRY_POINT(plugin)
