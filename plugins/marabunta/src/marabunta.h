/* Marabunta plugin: private declarations shared by its source files and its tests.
 * Rule ids (S-, D-, R-, A-) refer to docs/rules/marabunta.md. */
#ifndef MARABUNTA_H
#define MARABUNTA_H

#include <stdbool.h>
#include <stdint.h>

#include "formicary/game.h"

#define MB_SEATS 2
#define MB_MAX_HEX 128
#define MB_MAX_REGIONS 8
#define MB_MAX_FACES 8
#define MB_MAX_DICE 7
#define MB_MAX_ITEMS 8 /* dice + the tile; a split is a mask over them */
#define MB_MAX_SPLITS 966 /* three-way splits of 8 items: S(8,3) */
#define MB_MAX_TILES 12
#define MB_MAX_ABIL 16
#define MB_MAX_GROUPS 8
#define MB_MAX_COOKIES 16
#define MB_MAX_TASKS 24
#define MB_MAX_DECISIONS 1024 /* S(8,3) = 966 three-way splits with the seventh die */
#define MB_NAME 24
#define MB_ANY 0xFF /* no region restriction */

/* ---- parameters (schema order) ---- */
enum {
    P_BOARD_SIDE,
    P_PLAYER_SIDE,
    P_ANT_HILLS,
    P_COOKIE_VALUES,
    P_LEAF_CIRCLES,
    P_END_REGION,
    P_END_LEAF,
    P_END_COOKIES,
    P_START_PLAYER,
    P_MAX_ROUNDS,
    P_THREE_ONES_CHAIN,
    P_NO_ANT_HILLS,
    P_RUNNER_UP_HALF,
    P_COUNTER_CUT,
    P_SEVENTH_DIE,
    P_THREE_WAY_SPLIT,
    P_COUNT
};

/* ---- hook points ---- */
enum { H_REGION_SCORE, H_ROUND_END, H_SPLIT_LEGAL, H_COUNT };

/* ---- 84-bit hex sets ---- */
typedef struct mb_set {
    uint64_t w[2];
} mb_set;

static inline bool mb_has(const mb_set *s, int i) { return (s->w[i >> 6] >> (i & 63)) & 1u; }
static inline void mb_add(mb_set *s, int i) { s->w[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline void mb_del(mb_set *s, int i) { s->w[i >> 6] &= ~((uint64_t)1 << (i & 63)); }
static inline mb_set mb_and(mb_set a, mb_set b) { return (mb_set){{a.w[0] & b.w[0], a.w[1] & b.w[1]}}; }
static inline mb_set mb_or(mb_set a, mb_set b) { return (mb_set){{a.w[0] | b.w[0], a.w[1] | b.w[1]}}; }
static inline mb_set mb_minus(mb_set a, mb_set b) { return (mb_set){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}}; }
static inline bool mb_empty(mb_set a) { return !(a.w[0] | a.w[1]); }
static inline int mb_count(mb_set a) { return __builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1]); }
/* Lowest member, removing it; -1 when empty. */
static inline int mb_pop(mb_set *s)
{
    for (int k = 0; k < 2; k++)
        if (s->w[k]) {
            int b = __builtin_ctzll(s->w[k]);
            s->w[k] &= s->w[k] - 1;
            return k * 64 + b;
        }
    return -1;
}

/* ---- component data ---- */
enum { FEAT_NONE, FEAT_COOKIE, FEAT_CRATE };
enum { FACE_0, FACE_1, FACE_2, FACE_3, FACE_CRATE, FACE_FLAG, FACE_KINDS };
/* Effects of tiles and abilities. */
enum { FX_PLACE, FX_FREE, FX_CRATES, FX_LEAVES, FX_CROSS_PAIR, FX_CROSS_COOKIE, FX_ENCORE, FX_COOKIES, FX_VP, FX_KINDS };

typedef struct mb_effect {
    char id[MB_NAME];
    char name[MB_NAME];
    uint8_t kind, value, count;
    uint8_t mandatory, returns; /* tiles only */
} mb_effect;

/* Evaluation weights (eval.c; data/eval.csv), in file-independent order. */
enum {
    MBW_SCALE,
    MBW_PROJECTED,
    MBW_REGION_SOFT,
    MBW_REGION_DOUBT,
    MBW_HILL,
    MBW_CRATE,
    MBW_ACCESS,
    MBW_COOKIE_REACH,
    MBW_COUNT
};

typedef struct mb_data {
    /* territory (the chosen side only) */
    int nhex;
    fc_hex hex[MB_MAX_HEX];
    uint8_t region[MB_MAX_HEX];
    uint8_t feature[MB_MAX_HEX];
    int16_t nb[MB_MAX_HEX][6];
    mb_set nbset[MB_MAX_HEX];
    mb_set all, cookie_hexes, crate_hexes;
    mb_set region_hexes[MB_MAX_REGIONS];
    int16_t index[32][32]; /* [r+16][q+16] -> hex or -1 */
    /* regions, leaves, dice */
    int nregions;
    char region_name[MB_MAX_REGIONS][MB_NAME];
    char region_letter[MB_MAX_REGIONS];
    uint8_t region_view[MB_MAX_REGIONS];
    uint8_t leaf_empty[MB_MAX_REGIONS];       /* empty circles at start */
    uint8_t leaf_pre[MB_MAX_REGIONS][MB_SEATS]; /* pre-printed circles per seat */
    int ndice;
    char die_name[MB_MAX_DICE][MB_NAME];
    uint8_t die_region[MB_MAX_DICE]; /* MB_ANY for the V-2 white die */
    int nfaces[MB_MAX_DICE];
    uint8_t face[MB_MAX_DICE][MB_MAX_FACES];
    /* tiles */
    int ntiles, special; /* special: the tile that returns to the pile */
    mb_effect tile[MB_MAX_TILES];
    /* player boards (the chosen side) */
    int nabil;
    mb_effect abil[MB_MAX_ABIL];
    int ngroups;
    char group_id[MB_MAX_GROUPS][8];
    uint8_t group_crates[MB_MAX_GROUPS];
    uint8_t group_abil[MB_MAX_GROUPS];
    int total_crates;
    int ncookies;
    int8_t cookie_vp[MB_MAX_COOKIES];
    int ant_hills, track_max;
    /* evaluation weights (eval.csv): values, and their names and ranges for fc_game.eval_weights */
    double w[MBW_COUNT];
    fc_eval_weight eval[MBW_COUNT];
} mb_data;

/* ---- state ---- */
/* PH_PICK: the splitter takes one of the two groups the chooser left (V-5). */
enum { PH_DRAW, PH_ROLL, PH_SPLIT, PH_CHOOSE, PH_PICK, PH_RESOLVE, PH_OVER };
/* Pending effects and consequences: a stack, newest on top. */
enum { TK_PLACE, TK_CONS, TK_CRATE, TK_LEAVES, TK_FLAG, TK_PAIR, TK_COOKIE_HEX, TK_ENCORE, TK_KINDS };
#define TF_CONSTRAINED 1u /* the first number obeys R-30 unless an ant hill is spent */
#define TF_ABILITY 2u     /* from an unlocked ability: may be forfeited */
#define TF_MANDATORY 4u   /* T8 */

typedef struct mb_task {
    uint8_t kind;
    uint8_t value;  /* number to write */
    uint8_t count;  /* numbers to write / crates / leaves still to do / hexes with consequences */
    uint8_t done;   /* numbers written / consequences applied */
    uint8_t region; /* region of the first number, or MB_ANY */
    uint8_t flags;
    uint8_t used;   /* leaves already coloured by this effect (bit per region) */
    uint8_t hex[3];
} mb_task;

/* hex[] codes */
#define HX_AVAIL 0
#define HX_CROSSED 1
#define HX_NUM(seat, v) (2 + 4 * (seat) + (v))
#define HX_SEAT(c) (((c)-2) / 4)
#define HX_VALUE(c) (((c)-2) % 4)

typedef struct mb_seat {
    int16_t vp;      /* VP gained during play (cookies, abilities) */
    uint8_t hills;   /* ant hills left */
    uint8_t cookies; /* cookies crossed on own row */
    uint8_t numbers; /* own numbers on the board */
    uint8_t crates[MB_MAX_GROUPS];
    uint8_t cut_used; /* V-1 counter-cut spent */
    uint8_t pad[2];
} mb_seat;

typedef struct mb_state {
    mb_set avail;          /* available hexes (D-05) */
    mb_set own[MB_SEATS];  /* hexes holding the seat's numbers */
    mb_set near[MB_SEATS]; /* hexes adjacent to an own number */
    uint8_t hex[MB_MAX_HEX];
    uint8_t leaf[MB_MAX_REGIONS][MB_SEATS]; /* circles coloured on each leaf */
    uint8_t sum[MB_MAX_REGIONS][MB_SEATS];  /* numbers written per region */
    mb_seat seat[MB_SEATS];
    uint8_t pile[MB_MAX_TILES]; /* hidden order of the regular tiles left, top last */
    uint8_t npile;
    uint8_t face[MB_MAX_DICE]; /* rolled face kinds (FACE_*) */
    uint8_t nrolled;
    uint8_t tile; /* the round's tile */
    uint8_t round, phase, splitter, resolver; /* splitter: of the round */
    uint8_t cut;             /* V-1: the chooser counter-cut, roles swapped for this round */
    uint8_t nparts;          /* groups of the split: 2, or 3 under V-5 */
    uint8_t part[3];         /* the split's groups: two-way tile's group first; three-way by lowest item */
    uint8_t group[MB_SEATS]; /* items of each seat this round */
    uint8_t left;            /* items of the resolver not handled yet */
    int8_t trigger;          /* the triggering player or -1 */
    uint8_t ntask;
    mb_task task[MB_MAX_TASKS];
} mb_state;

/* ---- decisions: kind << 24 | a << 16 | b << 8 | c ---- */
enum {
    D_DRAW = 1,
    D_ROLL,
    D_SPLIT, /* a = the tile's group (two-way) or the first group, b = the second group (three-way) */
    D_CHOOSE,
    D_USE,
    D_IGNORE,
    D_WRITE,
    D_CRATE,
    D_LEAF,
    D_CROSS,
    D_ENCORE,
    D_FORFEIT,
    D_COUNTER, /* V-1 */
    D_KINDS
};
#define MB_D(k, a, b) (((uint32_t)(k) << 24) | ((uint32_t)(a) << 16) | ((uint32_t)(b) << 8))
#define MB_DK(d) ((int)((d) >> 24))
#define MB_DA(d) ((int)(((d) >> 16) & 0xFFu))
#define MB_DB(d) ((int)(((d) >> 8) & 0xFFu))

/* ---- shared functions ---- */
static inline int64_t mb_par(const fc_env *env, int i) { return env->params[i].i; }
static inline int mb_nitems(const mb_data *D) { return D->ndice + 1; }
static inline int mb_tile_item(const mb_data *D) { return D->ndice; }
static inline int mb_full(const mb_data *D) { return (1 << mb_nitems(D)) - 1; }
/* Who splits and who chooses in this round (V-1 swaps them after a counter-cut). */
static inline int mb_split_seat(const mb_state *s) { return s->splitter ^ s->cut; }
static inline int mb_choose_seat(const mb_state *s) { return 1 - mb_split_seat(s); }

/* Empty circles left on a region's leaf. */
static inline int mb_leaf_empty(const mb_state *s, const fc_env *env, int region)
{
    return ((const mb_data *)env->data)->leaf_empty[region] - s->leaf[region][0] - s->leaf[region][1];
}
/* D-09: circles of the seat's colour on the region's leaf. */
static inline int mb_region_value(const mb_state *s, const fc_env *env, int region, int seat)
{
    return ((const mb_data *)env->data)->leaf_pre[region][seat] + s->leaf[region][seat];
}

/* data.c */
int mb_data_load(const fc_host *host, const fc_value *params, int nseats, const char *datadir, void **data,
                 fc_error *err);
void mb_data_free(void *data);
int mb_face_parse(const char *s);
extern const char *const mb_face_names[FACE_KINDS];

/* round.c: set-up, round flow, splits, scoring */
int mb_init(void *st, const fc_env *env, fc_rng *rng, fc_error *err);
int mb_to_move(const void *st, const fc_env *env);
int mb_legal(const void *st, const fc_env *env, fc_decision *out, uint32_t *weights);
int mb_apply(void *st, const fc_env *env, fc_decision d);
void mb_end_round(mb_state *s, const fc_env *env);
void mb_final(const mb_state *s, const fc_env *env, int32_t *total);
void mb_scores(const void *st, const fc_env *env, int32_t *score, int *rank);

/* rules.c: marks, effects and their consequences during resolution */
int mb_legal_resolve(const mb_state *s, const fc_env *env, fc_decision *out);
int mb_apply_resolve(mb_state *s, const fc_env *env, fc_decision d);
/* Target hexes of the top TK_PLACE task: without (plain) and with an ant hill (hill). */
void mb_place_targets(const mb_state *s, const fc_env *env, mb_set *plain, mb_set *hill);
int mb_cookie_vp(const fc_env *env, int position);

/* eval.c: the heuristic evaluation and its weights (data/eval.csv) */
struct fc_loader;
int mb_eval_load(struct fc_loader *L, mb_data *D);
int mb_eval_weights(const fc_env *env, const fc_eval_weight **out);
void mb_evaluate_weighted(const void *st, const fc_env *env, const double *w, double *value);
void mb_evaluate(const void *st, const fc_env *env, double *value);

/* notation.c */
int mb_decision_text(const void *st, const fc_env *env, fc_decision d, char *buf, size_t n);
int mb_decision_parse(const void *st, const fc_env *env, const char *text, fc_decision *out);
void mb_decision_describe(const void *st, const fc_env *env, fc_decision d, fc_decision_info *out);
int mb_item_name(const mb_data *D, int item, char *buf, size_t n);

/* position.c: positions as text (docs/positions/marabunta.md) */
int mb_position_write(const void *st, const fc_env *env, char *buf, size_t n);
int mb_position_read(void *st, const fc_env *env, const char *text, fc_error *err);

/* view.c */
void mb_view(const void *st, const fc_env *env, int seat, fc_view *v);
/* The rule id or heading of docs/rules/marabunta.md for the current step. */
const char *mb_phase_topic(const void *st, const fc_env *env);
int mb_check(const void *st, const fc_env *env, char *msg, size_t n);

#endif
