/* Termity plugin: private types shared by the plugin's source files and its tests.
 * The state is one plain struct (no pointers); the data object holds everything static (board,
 * terrain, swarms, mound values) read from plugins/termity/data and specialised for the
 * match's parameters. Rule ids (R-xx, A-xx, V-x) refer to the rules (docs/rules/termity.md). */
#ifndef TERMITY_H
#define TERMITY_H

#include <stdbool.h>
#include <stdint.h>

#include "formicary/game.h"

#define TM_SEATS 4
#define TM_MAX_RADIUS 6
#define TM_SPAN (2 * TM_MAX_RADIUS + 1)
#define TM_MAX_CELLS 128 /* 127 hexes at radius 6 */
#define TM_MAX_TOK 24    /* tokens per swarm (bitmask in 32 bits) */
#define TM_MAX_MOUNDS 8  /* mounds per swarm (FC_PARAM_LIST_MAX) */
#define TM_MAX_NEUTRAL 5 /* neutral mounds in the box */
#define TM_MAX_CASTES 4
#define TM_TERRAINS 4
#define TM_MAX_SWARMS 4
#define TM_MAX_DECISIONS 1024
#define TM_MAX_SCEN 16
#define TM_MAX_TILES 32 /* terrain tiles in the box (bitmask in 32 bits) */
#define TM_NO_CELL 0xFF

/* Parameters, in schema order (plugin.c). */
enum {
    P_SCENARIO, P_MAP, P_BUILD_LIMITS, P_HAND_SIZE, P_MOUND_VALUES, P_NEUTRAL_COUNT, P_NEUTRAL_VALUE,
    P_CASTE_MP, P_CASTE_STRENGTH, P_SWARMS, P_FIRST_PLAYER, P_OPEN_HANDS, P_HELD_DOUBLE, P_LETHAL_THICKETS,
    P_DEFENDER_RETREATS, P_CUSTOM_TILES, P_COUNT
};

/* Hook points, in declaration order (plugin.c). */
enum { H_ATTACK_STRENGTH, H_DEFENCE_STRENGTH, H_RETREAT_LEGAL, H_FINAL_SCORE, H_TURN_END, H_COUNT };

/* Terrain codes: the row order of data/terrain.csv must follow this (checked by code letter). */
enum { TR_OPEN, TR_WATER, TR_VEGETATION, TR_STONES };

/* Phases of the state machine. */
enum {
    PH_DRAW,       /* chance: the seat `drawer` draws one token (opening hands R-10, refill R-16) */
    PH_SETUP,      /* setup mound placement by `turn` */
    PH_DEPLOY,     /* choose a hand token */
    PH_DEPLOY_HEX, /* choose the hex for the chosen token */
    PH_DISCARD,    /* no token can be deployed, discard one */
    PH_MOVE,       /* choose a unit to move, or pass */
    PH_MOVE_DEST,  /* destination or attack of the chosen unit */
    PH_RETREAT,    /* attacker (or defender under V-5) picks a retreat hex */
    PH_ATK_MOUND,  /* attacker picks the value of the mound on the captured hex */
    PH_REPLACE,    /* owner of a captured mound places a replacement */
    PH_OVER,
    /* custom board built in the game (scenario custom, R-43 … R-46), before the opening draws */
    PH_NEUTRAL,  /* `turn` places the next neutral mound */
    PH_TILE,     /* `turn` takes a tile from the pool and chooses its face */
    PH_TILE_HEX  /* `turn` lays the taken tile on a hex */
};
#define TM_BUILDING(ph) ((ph) >= PH_NEUTRAL)

/* Decisions: kind in bits 24..27, fields a (16..23), b (8..15), c (0..7). */
enum {
    D_DRAW = 1, /* a = token index */
    D_MOUND,    /* a = mound index, b = cell (setup or replacement) */
    D_MOUND_RM, /* a = mound index, b = cell of the own unit removed */
    D_TOKEN,    /* a = token index to deploy */
    D_HEX,      /* b = deployment cell */
    D_DISCARD,  /* a = token index */
    D_UNIT,     /* b = cell of the unit to move */
    D_PASS,
    D_TO,       /* b = destination cell */
    D_ATTACK,   /* b = target cell, c = attack-from cell */
    D_RETREAT,  /* b = retreat cell (c = 1: Alate destroyed in Vegetation, V-4) */
    D_ATK_MOUND, /* a = mound index */
    D_NEUTRAL,   /* b = cell of a neutral mound */
    D_TILE,      /* a = tile index (lowest of its face pair in the pool), c = face 0/1 */
    D_LAY        /* b = cell for the taken tile */
};
#define TM_D(k, a, b, c) \
    ((fc_decision)(((uint32_t)(k) << 24) | ((uint32_t)(a) << 16) | ((uint32_t)(b) << 8) | (uint32_t)(c)))
#define TM_DK(d) ((int)(((d) >> 24) & 0xFu))
#define TM_DA(d) ((int)(((d) >> 16) & 0xFFu))
#define TM_DB(d) ((int)(((d) >> 8) & 0xFFu))
#define TM_DC(d) ((int)((d)&0xFFu))

/* Evaluation weights, in the order eval_weights lists them (eval.c, data/eval.csv). */
enum { TM_W_SCALE, TM_W_STRENGTH, TM_W_FADE, TM_W_UNPLAYED, TM_W_CAPTURE_NOW, TM_W_CAPTURE_LATER, TM_W_PRESSURE,
       TM_W_COUNT };

/* Token status. */
enum { TK_STACK, TK_HAND, TK_BOARD, TK_DEAD, TK_DISCARDED, TK_NONE };

/* Cell contents: 0 empty; 1 + seat * 32 + token for a unit; TM_PM_MOUND + owner * 8 +
 * index for a mound (owner TM_NEUTRAL = neutral). */
#define TM_PM_MOUND 128
#define TM_NEUTRAL 4
#define TM_UNIT(seat, tok) ((uint8_t)(1 + ((seat) << 5) + (tok)))
#define TM_MOUND(owner, idx) ((uint8_t)(TM_PM_MOUND + (owner)*8 + (idx)))
#define TM_IS_UNIT(p) ((p) != 0 && (p) < TM_PM_MOUND)
#define TM_IS_MOUND(p) ((p) >= TM_PM_MOUND)
#define TM_U_SEAT(p) (((p)-1) >> 5)
#define TM_U_TOK(p) (((p)-1) & 31)
#define TM_M_OWNER(p) (((p)-TM_PM_MOUND) / 8)
#define TM_M_IDX(p) (((p)-TM_PM_MOUND) % 8)

typedef struct tm_caste {
    char code;
    char name[12];
    uint8_t flyer;         /* passes over enemy non-flyers (R-22 b) */
    uint8_t mp;            /* movement allowance, parameter caste_mp overrides */
    uint8_t per_termite;   /* strength per termite, parameter caste_strength overrides */
    uint8_t support_range; /* 1, or 2 for Nasute */
    uint8_t slime;         /* +1 per supporting token of this caste on slime terrain */
    uint8_t grip;          /* Strong Grip */
    int8_t cost[TM_TERRAINS];
    uint8_t stand;   /* terrain bitmask: deploy / end a move */
    uint8_t retreat; /* terrain bitmask: legal retreat terrain */
} tm_caste;

typedef struct tm_token {
    char id[8];
    uint8_t caste, termites, strength;
    uint8_t type;  /* index of the first token of the swarm with the same caste and termites */
    uint8_t flyer; /* copy of its caste's flag, for the path search */
} tm_token;

typedef struct tm_swarm {
    char name[8];
    int ntok;
    tm_token tok[TM_MAX_TOK];
} tm_swarm;

typedef struct tm_terrain {
    char code;
    char name[12];
    uint8_t defence; /* added to a defending unit */
    uint8_t slime;   /* slime terrain for the bonus of R-28 */
    uint8_t view_class;
} tm_terrain;

typedef struct tm_scenario {
    char id[8];
    int players;
    char file[64];
    int recommended;
    char description[96];
} tm_scenario;

/* A board: terrain per cell and neutral mound cells. */
typedef struct tm_board {
    uint8_t terrain[TM_MAX_CELLS];
    int nneutral;
    uint8_t neutral[TM_MAX_NEUTRAL];
} tm_board;

typedef struct tm_data {
    int radius, ncells;
    fc_hex cell[TM_MAX_CELLS];
    int16_t index[TM_SPAN][TM_SPAN]; /* [r + R][q + R] -> cell or -1 */
    uint8_t nnb[TM_MAX_CELLS];
    uint8_t nb[TM_MAX_CELLS][6];  /* first nnb entries valid */
    uint8_t dist[TM_MAX_CELLS][TM_MAX_CELLS];
    uint8_t edge[TM_MAX_CELLS];
    tm_terrain terrain_def[TM_TERRAINS];
    tm_board board;
    char board_name[FC_PARAM_STR_MAX];
    int ncastes;
    tm_caste caste[TM_MAX_CASTES];
    int nswarms;
    tm_swarm swarm[TM_MAX_SWARMS];
    int fixed_swarm[TM_SEATS]; /* parameter swarms: seat -> swarm, or -1: dealt at random */
    int nmounds;
    int mound_value[TM_MAX_MOUNDS];
    int neutral_value;
    int hand_size;
    int first_player;
    bool open_hands, held_double, lethal_thickets, defender_retreats;
    int ntiles;
    uint8_t tile_face[TM_MAX_TILES][2]; /* terrain codes of each tile's faces (tiles.csv) */
    uint8_t tile_type[TM_MAX_TILES];    /* lowest tile index with the same pair of faces */
    char tile_code[TM_MAX_TILES][4];    /* face letters, "WV" */
    bool custom;                        /* scenario custom: the board is built in the game */
    bool limits;                        /* R-46 a, b while building (R-47: build_limits) */
    uint32_t custom_pool;               /* tiles laid out for the drafting */
    int neutral_want;                   /* neutral mounds the builders place */
    int box_neutral;                    /* neutral mounds in the box (mounds.csv) */
    int nscen;
    tm_scenario scen[TM_MAX_SCEN];
    fc_eval_weight eval[TM_W_COUNT]; /* evaluation weights (eval.csv) */
    double eval_w[TM_W_COUNT];       /* their values, for evaluate */
} tm_data;

typedef struct tm_seat {
    uint32_t stack, hand, board; /* token bitmasks */
    uint8_t tok_st[TM_MAX_TOK];
    uint8_t tok_cell[TM_MAX_TOK]; /* TM_NO_CELL unless on the board */
    uint8_t reserve;              /* mound bitmask */
    uint8_t mound_cell[TM_MAX_MOUNDS];
    uint8_t ntrophy;
    uint8_t trophy[TM_MAX_MOUNDS * TM_SEATS + TM_MAX_NEUTRAL]; /* mound codes (TM_MOUND) */
    int16_t trophy_sum;
    int16_t bonus; /* points from Lua actions */
    uint8_t turns; /* turns completed */
} tm_seat;

typedef struct tm_state {
    uint8_t piece[TM_MAX_CELLS];
    tm_seat seat[TM_SEATS];
    uint8_t nseats, phase, turn, first, round;
    uint8_t drawer;      /* PH_DRAW: who draws */
    uint8_t after_draw;  /* phase after the opening draws / a refill */
    uint8_t setup_step;  /* index into the setup placement order */
    uint8_t sel;         /* chosen token (deploy) or unit cell (move) */
    uint8_t atk_target, atk_from, atk_start;
    uint8_t replacer;    /* seat placing a replacement mound (PH_REPLACE) */
    uint8_t neutral_taken;
    uint8_t neutral_cell[TM_MAX_NEUTRAL];
    uint8_t last_move_from, last_move_to; /* for the view */
    uint8_t swarm[TM_SEATS];              /* swarm of each seat */
    uint8_t terrain[TM_MAX_CELLS];        /* board terrain: the data's, or built */
    /* custom board building (R-43 … R-46) */
    uint32_t pool, box;                   /* tiles still to lay, tiles returned to the box */
    uint8_t tile_cell[TM_MAX_TILES];      /* where each tile lies, TM_NO_CELL */
    uint32_t face2;                       /* laid tiles showing their second face */
    uint8_t neutral_placed;               /* neutral mounds placed so far */
    uint8_t pair_left;                    /* tiles the active builder still lays */
    uint8_t face_sel;                     /* PH_TILE_HEX: face of the taken tile (sel = tile) */
} tm_state;

/* data.c */
int tm_data_load(const fc_host *host, const fc_value *params, int nseats, const char *datadir, void **data,
                 fc_error *err);
void tm_data_free(void *data);
/* Reads a map CSV (q,r,terrain) into b and validates it: on-board, tile pool, neutral mound
 * constraints and, when limits, the layout limits of R-46 a/b. Errors name the
 * offending hexes. The CSV is `text` when given (a user's map, held by the rule set; path only
 * names it), else the file at path (the plugin's own scenario maps). */
int tm_map_read(const fc_host *host, const tm_data *D, const char *path, const char *text, int want_neutral,
                bool limits, tm_board *b, fc_error *err);
int tm_cell_at(const tm_data *D, int q, int r);

/* combat.c */
typedef struct tm_moves {
    int nto, natk;
    uint8_t to[TM_MAX_CELLS];
    uint8_t atk_t[TM_MAX_CELLS * 6], atk_f[TM_MAX_CELLS * 6];
    uint8_t prev[TM_MAX_CELLS]; /* a reached hex's predecessor on a least-cost path (to show it) */
} tm_moves;
static inline const tm_token *tm_token_of(const tm_data *D, const tm_state *s, int seat, int tok)
{
    return &D->swarm[s->swarm[seat]].tok[tok];
}
static inline const tm_caste *tm_caste_of(const tm_data *D, const tm_state *s, int seat, int tok)
{
    return &D->caste[D->swarm[s->swarm[seat]].tok[tok].caste];
}
static inline int tm_lowest(uint32_t x) { return __builtin_ctz(x); }
int tm_gen_moves(const tm_data *D, const tm_state *s, const fc_env *env, int start, tm_moves *mv, bool any_only,
                 fc_decision want);
bool tm_unit_can_move(const tm_data *D, const tm_state *s, const fc_env *env, int cell);
int tm_retreat_opts(const tm_data *D, const tm_state *s, const fc_env *env, int target, int from, uint8_t *out,
                    uint8_t *lethal);
bool tm_one_step_ok(const tm_data *D, const tm_state *s, const fc_env *env, fc_decision d);

/* rules.c */
extern const fc_game tm_game;
int tm_legal(const void *st, const fc_env *env, fc_decision *out, uint32_t *weights);
int tm_apply(void *st, const fc_env *env, fc_decision d);
int tm_to_move(const void *st, const fc_env *env);
int tm_unit_strength(const tm_data *D, const tm_state *s, int seat, int tok);
int tm_attack_strength(const tm_data *D, const tm_state *s, const fc_env *env, int seat, int mover_tok, int target);
int tm_defence_strength(const tm_data *D, const tm_state *s, const fc_env *env, int seat, int target);
int tm_mound_value(const tm_data *D, int code);
int tm_score(const tm_state *s, const fc_env *env, int seat);
int tm_units_on_board(const tm_state *s, int seat);
bool tm_mound_hex_ok(const tm_data *D, const tm_state *s, int cell, bool ignore_unit);

/* build.c: the custom board built in the game (R-43 …) */
/* Starts building (init); returns 1 when there is nothing to build. */
int tm_build_start(const tm_data *D, tm_state *s, const fc_env *env);
int tm_build_legal(const tm_data *D, const tm_state *s, fc_decision *out);
/* Applies a building decision (already checked legal); returns 1 when the board is finished. */
int tm_build_apply(const tm_data *D, tm_state *s, const fc_env *env, fc_decision d);
bool tm_build_valid(const tm_data *D, const tm_state *s, fc_decision d);
bool tm_lay_ok(const tm_data *D, const tm_state *s, int cell, int terrain);
int tm_build_check(const tm_data *D, const tm_state *s, char *msg, size_t n);

/* notation.c */
int tm_decision_text(const void *st, const fc_env *env, fc_decision d, char *buf, size_t n);
int tm_decision_parse(const void *st, const fc_env *env, const char *text, fc_decision *out);
void tm_decision_describe(const void *st, const fc_env *env, fc_decision d, fc_decision_info *out);
/* kinds of decision (API minor 10): names and the kind of a decision (notation.c) */
#define TM_NKINDS 12
extern const char *const tm_kinds[TM_NKINDS];
int tm_decision_kind(const void *st, const fc_env *env, fc_decision d);
uint32_t tm_decision_audience(const void *st, const fc_env *env, fc_decision d);
int tm_decision_revealed(const void *st, const fc_env *env, int seat, uint32_t audience, fc_decision d);
int tm_token_text(const tm_data *D, const tm_state *s, int seat, int tok, char *buf, size_t n);

/* position.c: positions as text (docs/positions/termity.md) */
int tm_position_write(const void *st, const fc_env *env, char *buf, size_t n);
int tm_position_read(void *st, const fc_env *env, const char *text, fc_error *err);

/* view.c */
void tm_scores(const void *st, const fc_env *env, int32_t *score, int *rank);
void tm_determinize(void *st, const fc_env *env, int seat, fc_rng *rng);
void tm_view(const void *st, const fc_env *env, int seat, fc_view *v);
int tm_round(const void *st, const fc_env *env);
int tm_check(const void *st, const fc_env *env, char *msg, size_t n);

/* eval.c: the evaluation and its weights (read by data_load) */
int tm_eval_load(const fc_host *h, const char *datadir, tm_data *D, fc_error *err);
int tm_eval_weights(const fc_env *env, const fc_eval_weight **out);
void tm_evaluate_weighted(const void *st, const fc_env *env, const double *w, double *value);
void tm_evaluate(const void *st, const fc_env *env, double *value);

#endif
