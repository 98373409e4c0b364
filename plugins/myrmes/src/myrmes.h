/* Myrmes plugin: private types shared by the plugin's source files and its tests.
 * The state is one plain struct (no pointers); the data object holds everything static,
 * read from the CSV files in plugins/myrmes/data and specialised for the match's parameters. */
#ifndef MYRMES_H
#define MYRMES_H

#include <stdbool.h>
#include <stdint.h>

#include "formicary/game.h"

#define MY_MAX_SEATS 4
#define MY_MAX_CELLS 160  /* active garden hexes */
#define MY_CELL_BYTES ((MY_MAX_CELLS + 7) / 8)
#define MY_NO_CELL 0xFF
#define MY_MAX_PHER 8     /* pheromone kinds */
#define MY_MAX_SPEC 4     /* special tile kinds */
#define MY_MAX_KINDS (MY_MAX_PHER + MY_MAX_SPEC)
#define MY_MAX_TILES 120  /* tiles in the garden at once */
#define MY_TILE_BYTES ((MY_MAX_TILES + 7) / 8)
#define MY_MAX_OBJ 24     /* objective catalogue */
#define MY_SLOTS 6        /* objectives on the board: 2 per level */
#define MY_LEVELS 4
#define MY_SPACES 8       /* event track */
#define MY_SEASONS 3
#define MY_MAX_FACES 12
#define MY_PREY 3
#define MY_MAX_YEARS 8
#define MY_MAX_DECISIONS 1024

/* Parameters, in schema order (plugin.c). */
enum {
    P_YEARS, P_WINTER_FOOD, P_WINTER_PENALTY, P_START_SCORE, P_ANT_CAP, P_NURSE_CAP, P_BASE_MOVES,
    P_EVENT_MOVES, P_STORAGE_LOW, P_STORAGE_HIGH, P_SACRIFICE_LARVAE, P_OBJECTIVE_BONUS, P_OBJECTIVE_POINTS,
    P_FIRST_PLAYER, P_MIRROR_HOOK, P_START_NURSES, P_START_WORKERS, P_START_LARVAE, P_TUNNELS, P_MARKERS,
    P_CLEAR_COST, P_TUNNEL_DIRT, P_NURSE_FOOD, P_NURSE_LARVAE, P_GUARDED_EXITS, P_WINTER_SOLDIER_HALF,
    P_SINGLE_WINNER, P_COUNT
};

/* Hook points, in declaration order (plugin.c). */
enum { H_ON_ROUND_END, H_WINTER_COST, H_HUNT_REWARD, H_PHEROMONE_POINTS, H_OBJECTIVE_POINTS, H_HUNT_SOLDIERS, H_HUNT_FOOD,
       H_COUNT };

enum { T_GRASS, T_DIRT, T_STONE, T_MUSHROOM, T_WATER };                   /* garden terrain */
enum { R_FOOD, R_DIRT, R_STONE, R_NONE };                                 /* resource cubes */
enum { EV_LEVEL, EV_VP, EV_LARVAE, EV_HARVEST, EV_MOVES, EV_SOLDIER, EV_HEX, EV_WORKER };
enum { ROOM_LARVAE, ROOM_FOOD, ROOM_CHOICE, ROOM_VP };                    /* also special harvest */
enum { TRACK_LARVAE, TRACK_SOLDIERS, TRACK_WORKERS, TRACK_WORKSHOP, TRACKS };
enum { OK_FOOD, OK_STONE, OK_DIRTSTONE, OK_LARVAE, OK_PREY, OK_SOLDIERS, OK_SPECIALS, OK_NURSES, OK_LEVEL,
       OK_PHEROMONES };
enum { WS_TUNNEL, WS_LEVEL, WS_NURSE, WS_OBJECTIVE };
/* Evaluation weights, in the order eval_weights lists them (eval.c, data/eval.csv). */
enum {
    MY_W_SCALE, MY_W_STORAGE, MY_W_LARVA, MY_W_WORKER, MY_W_SOLDIER, MY_W_NURSE, MY_W_LEVEL, MY_W_EXIT,
    MY_W_WINTER_SHORT, MY_W_PHER_CUBE, MY_W_SPECIAL_CUBE, MY_W_SPECIAL_VP, MY_W_OBJECTIVE_READY, MY_W_COUNT
};

/* Phases of the state machine. */
enum { PH_EVENT, PH_BIRTHS, PH_WORKERS, PH_HARVEST, PH_WORKSHOP, PH_ENDROUND, PH_WINTER, PH_DICE, PH_OVER };

/* Decision encoding: kind in bits 24..28, payload below. */
enum {
    D_SACRIFICE = 1, D_EVENT, D_BIRTHS, D_ROOM, D_EXIT, D_STEP, D_HUNT, D_CLEAR, D_PLACE, D_STOP, D_HARVEST,
    D_SCAVENGE, D_DONE, D_TUNNEL, D_LEVEL, D_NURSE, D_OBJECTIVE, D_DISCARD, D_PAY, D_DIE, D_PICK
};
#define MY_D(kind, payload) ((fc_decision)(((uint32_t)(kind) << 24) | ((uint32_t)(payload) & 0xFFFFFFu)))
#define MY_DKIND(d) ((int)((d) >> 24))
#define MY_DARG(d) ((uint32_t)(d) & 0xFFFFFFu)
/* births: L | S<<3 | W<<6 | K<<9 | (soldiers arriving + 1)<<12 (0 = no cap choice) */
/* place: kind | orient<<4 | anchor cell<<8 */
/* objective: slot | payment<<4 (payment: dirt count or special tile slot(s) a | b<<8; O19/O20 pay
 * later, one D_PICK per pheromone) */
/* pick: tile slot of an own pheromone chosen for O19/O20 */

typedef struct my_kind {
    char id[8];
    char name[24];
    uint8_t size, special, count, mirror; /* count: per-player set (pheromones) or supply */
    int8_t vp;
    uint8_t group, min_level, harvest, harvest_amount;
    uint8_t cost[3]; /* food, dirt, stone */
    uint8_t norient;
    fc_hex orient[FC_SHAPE_ORIENT_MAX][FC_SHAPE_MAX];
} my_kind;

/* A statically valid placement (all cells active and not water). */
typedef struct my_place {
    uint8_t kind, orient, anchor, n;
    uint8_t cell[FC_SHAPE_MAX];
} my_place;

typedef struct my_objective {
    char id[8];
    uint8_t level, kind, amount, extra;
} my_objective;

typedef struct my_data {
    int nseats;
    /* garden (active hexes only) */
    int ncells;
    fc_hex hex[MY_MAX_CELLS];
    uint8_t terrain[MY_MAX_CELLS];
    uint8_t zone[MY_MAX_CELLS];
    uint8_t prey_spot[MY_MAX_CELLS];
    uint8_t nb[MY_MAX_CELLS][6]; /* MY_NO_CELL when outside the active garden */
    int16_t index[32][32];       /* [r][q] -> cell or -1 */
    uint8_t start[MY_MAX_SEATS];
    int nspots;
    uint8_t spots[MY_MAX_CELLS];
    /* tiles */
    int npher, nkinds; /* kinds 0..npher-1 pheromones, npher..nkinds-1 specials */
    my_kind kind[MY_MAX_KINDS];
    int ngroups;
    uint8_t group_supply[MY_MAX_SPEC];
    my_place *place;             /* grouped by covered cell */
    int place_first[MY_MAX_CELLS + 1];
    /* births */
    uint8_t birth_n[TRACKS], birth_nurses[TRACKS][8], birth_yield[TRACKS][8];
    /* levels */
    int nlevels;
    uint8_t level_cost[MY_LEVELS][3], room[MY_LEVELS], room_amount[MY_LEVELS], room_food[MY_LEVELS];
    uint8_t max_size[MY_LEVELS], storage[MY_LEVELS];
    /* events and dice */
    char event_name[MY_SPACES][16];
    uint8_t event_effect[MY_SPACES], event_amount[MY_SPACES];
    char season_name[MY_SEASONS][12];
    uint8_t nfaces[MY_SEASONS], faces[MY_SEASONS][MY_MAX_FACES];
    /* objectives */
    int nobj;
    my_objective obj[MY_MAX_OBJ];
    /* prey */
    char prey_name[MY_PREY][12];
    uint8_t prey_tokens[MY_PREY], prey_soldiers[MY_PREY], prey_food[MY_PREY], prey_vp[MY_PREY];
    /* resolved numbers */
    int years;
    uint8_t winter[MY_MAX_YEARS];
    int moves, event_moves, objective_bonus;
    int objective_points[3];
    /* evaluation weights (eval.csv) and their values for evaluate */
    fc_eval_weight eval[MY_W_COUNT];
    double eval_w[MY_W_COUNT];
} my_data;

typedef struct my_tile {
    uint8_t kind; /* kind + 1; 0 = free slot */
    int8_t owner;
    uint8_t marked, n;
    uint8_t cell[FC_SHAPE_MAX - 2]; /* tiles have at most 6 hexes */
} my_tile;

typedef struct my_seat {
    int16_t score;
    uint8_t res[3]; /* food, dirt, stone in storage */
    uint8_t larvae, soldiers, workers, room_workers;
    uint8_t prey[MY_PREY];
    uint8_t nursery, track[TRACKS]; /* track[TRACK_WORKSHOP] = unused workshop nurses */
    uint8_t ws_spent, obj_nurses;
    uint8_t level, event, rooms, ws_done, obj_levels, exits, markers;
    uint8_t pher_used[MY_MAX_PHER];
    uint8_t owed; /* winter */
    /* pending (hidden until the simultaneous step is revealed) */
    uint8_t p_sac, p_event, p_births[TRACKS], p_arrive, p_disc[3], p_scav[2], p_extra, p_any;
    uint8_t p_cells[MY_CELL_BYTES];
} my_seat;

typedef struct my_state {
    uint8_t phase, year, season, first, turn, die; /* die: next die to roll in PH_DICE */
    uint8_t dice[MY_SEASONS];
    fc_simul simul;
    uint8_t simul_mask; /* seats taking part in the current simultaneous step */
    int8_t out_seat; /* seat with a worker in the garden, or -1 */
    uint8_t out_cell, out_mp;
    uint8_t prey_gone, prey_placed;
    uint8_t tile_hi; /* tile slots in use are below this */
    uint8_t group_used[MY_MAX_SPEC];
    uint8_t obj[MY_SLOTS];
    uint8_t obj_round[MY_SLOTS][MY_MAX_SEATS]; /* round of completion, 0 = not done */
    /* O19/O20 in progress in the phase-5 turn: objective slot + 1 (0 = none), the
     * pheromones picked so far (tile slots) and their count */
    uint8_t pick_slot, pick_n;
    uint8_t picked[MY_TILE_BYTES];
    uint8_t cell_tile[MY_MAX_CELLS];           /* tile slot + 1, or 0 */
    uint8_t cell_tok[MY_MAX_CELLS];            /* 1..4 exit of seat-1; 0x10 | kind = prey */
    uint8_t cube[MY_CELL_BYTES];
    my_tile tile[MY_MAX_TILES];
    my_seat seat[MY_MAX_SEATS];
} my_state;

#define MY_TOK_PREY 0x10

static inline bool my_bit(const uint8_t *set, int i) { return (set[i >> 3] >> (i & 7)) & 1u; }
static inline void my_bit_set(uint8_t *set, int i) { set[i >> 3] = (uint8_t)(set[i >> 3] | (1u << (i & 7))); }
static inline void my_bit_clr(uint8_t *set, int i) { set[i >> 3] = (uint8_t)(set[i >> 3] & ~(1u << (i & 7))); }

/* Stock changes clamp to 0..250 (far above anything reachable; see the rulings). */
static inline void my_add_u8(uint8_t *x, int n)
{
    int v = *x + n;
    *x = (uint8_t)(v > 250 ? 250 : v < 0 ? 0 : v);
}
static inline void my_add_res(my_seat *p, int r, int n) { my_add_u8(&p->res[r], n); }

#define MY_DATA(env) ((const my_data *)(env)->data)
#define MY_P(env, p) ((int)(env)->params[p].i)

/* legal.c: decision lists and the rule helpers they share with apply */
int my_legal_seat(const my_state *st, const fc_env *env, int s, fc_decision *out);
bool my_births_ok(const my_state *st, const fc_env *env, int s, uint32_t a);
int my_effect(const my_state *st, const my_data *D, int s); /* EV_* of the seat's event */
int my_effective_level(const my_state *st, const my_data *D, int s);
int my_size_limit(const my_state *st, const my_data *D, int s);
int my_storage_limit(const my_state *st, const my_data *D, int s);
int my_nurses_in_play(const my_seat *p);
int my_ants(const my_state *st, int s);
int my_storage(const my_seat *p);
/* Storage with the seat's pending sacrifices and discards is over the phase-6 limit. */
bool my_over_limit(const my_state *st, const my_data *D, int s);
/* Larvae not yet promised to pending sacrifices. */
int my_avail_larvae(const my_state *st, const fc_env *env, int s);
/* Seat s has enough free larvae to sacrifice; such a seat gets a window in every
 * simultaneous step even with nothing else to decide (ruling 1). */
bool my_can_sacrifice(const my_state *st, const fc_env *env, int s);
/* Harvest step of seat s: 0 mandatory (tile in *tile), 1 scavenging, 2 extra, -1 done. */
int my_harvest_stage(const my_state *st, const my_data *D, int s, int *tile);
/* Own pheromones connected to `seed` in breadth-first order (tile slots); returns the count. */
int my_pher_group(const my_state *st, const my_data *D, int s, int seed, uint8_t *order);
bool my_own_pher(const my_state *st, const my_data *D, int t, int s);
/* Whether tile slots a and b are adjacent (D-09). */
bool my_tiles_adjacent(const my_state *st, const my_data *D, int a, int b);
bool my_tile_costs_soldier(const my_tile *t, int s);
/* plugin.c: parameters that must agree (API minor 3) */
int my_params_check(const fc_host *host, const fc_value *values, const uint8_t *given, int nseats, fc_error *err);
/* view.c: what an objective asks ("discard 3 food") */
void my_objective_text(const my_data *D, const my_objective *o, char *buf, size_t n);
/* view.c: the heading of docs/rules/myrmes.md for the current phase */
const char *my_phase_topic(const void *st, const fc_env *env);
/* rules.c: game flow, the simultaneous phases (1, 2, 4, 6, winter) and apply */
extern const fc_game my_game;
int my_apply_seat(my_state *st, const fc_env *env, int s, fc_decision d);
int my_to_move(const void *st, const fc_env *env);
int my_round(const void *st, const fc_env *env);
void my_add_score(my_state *st, int s, int n);
void my_gain_vp(my_state *st, const fc_env *env, int s, int n); /* positive gains get +1 VP */
int64_t my_hook(my_state *st, const fc_env *env, int h, int64_t a, int64_t b, int64_t c, int64_t dflt);
/* Soldiers needed to hunt prey kind k (T-11, hook hunt_soldiers), 0..16. */
int my_hunt_soldiers(const my_state *st, const fc_env *env, int s, int k);
const char *my_seat_name(int s);
void my_end_worker_turn(my_state *st, const fc_env *env);
void my_end_workshop_turn(my_state *st, const fc_env *env);
/* turns.c: effects of the public turn phases 3 (workers, outings) and 5 (workshop, objectives) */
void my_apply_workers(my_state *st, const fc_env *env, int s, fc_decision d);
void my_apply_workshop(my_state *st, const fc_env *env, int s, fc_decision d);
/* data.c */
int my_data_load(const fc_host *host, const fc_value *params, int nseats, const char *datadir, void **data,
                 fc_error *err);
void my_data_free(void *data);
/* notation.c */
int my_text(const void *st, const fc_env *env, fc_decision d, char *buf, size_t n);
int my_parse(const void *st, const fc_env *env, const char *text, fc_decision *out);
void my_describe(const void *st, const fc_env *env, fc_decision d, fc_decision_info *out);
/* kinds of decision (API minor 10): one per decision code D_SACRIFICE .. D_PICK, named by its verb */
#define MY_NKINDS D_PICK
extern const char *const my_kinds[MY_NKINDS];
int my_decision_kind(const void *st, const fc_env *env, fc_decision d);
uint32_t my_audience(const void *st, const fc_env *env, fc_decision d);
int my_revealed(const void *st, const fc_env *env, int seat, uint32_t audience, fc_decision d);
/* view.c */
void my_view(const void *st, const fc_env *env, int seat, fc_view *v);
void my_scores(const void *st, const fc_env *env, int32_t *score, int *rank);
int my_check(const void *st, const fc_env *env, char *msg, size_t n);
void my_determinize(void *st, const fc_env *env, int seat, fc_rng *rng);
/* eval.c: the evaluation and its weights (read by data_load) */
int my_eval_load(const fc_host *host, const char *datadir, my_data *D, fc_error *err);
int my_eval_weights(const fc_env *env, const fc_eval_weight **out);
void my_evaluate_weighted(const void *st, const fc_env *env, const double *w, double *value);
void my_evaluate(const void *st, const fc_env *env, double *value);

#endif
