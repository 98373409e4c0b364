/* Hive plugin: private types shared by the plugin's sources and its tests.
 *
 * The board is a 32 x 32 torus of axial cells (q, r) = (i & 31, i >> 5): the hive holds at
 * most 28 pieces, so it never spans more than 29 cells in any direction and never meets
 * itself around the torus. Cell 0 is the origin (White's first piece). Directions are the six
 * neighbours in counter-clockwise order E, NE, NW, W, SW, SE (pointy-topped hexes), so the
 * two cells next to both X and X+dir[d] are X+dir[d-1] and X+dir[d+1].
 *
 * State: the top piece of every cell, each piece's cell, level and the piece under it, the
 * turn counter and the piece moved last (H-21). The decisions so far are not kept: the UHP
 * GameString that lists them is built by `formicary uhp` from the match's history. Rule ids
 * H-xx refer to docs/rules/hive.md. */
#ifndef HIVE_H
#define HIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "formicary/game.h"

#define HV_W 32
#define HV_CELLS (HV_W * HV_W)
#define HV_KINDS 14              /* pieces per colour: Q S1 S2 B1 B2 G1 G2 G3 A1 A2 A3 M L P */
#define HV_PIECES (2 * HV_KINDS) /* white 0..13, black 14..27 */
#define HV_NONE 0xFF
#define HV_OFF 0xFFFF          /* cell of a piece in hand */
#define HV_MAX_PLIES 512       /* bound of the draw limit (draw_turns) */
#define HV_MAX_DECISIONS 4096
#define HV_PASS 0x80000000u
#define HV_REP 32              /* positions kept for the repetition draw (house rule) */

/* Bug types. */
enum { BUG_Q, BUG_S, BUG_B, BUG_G, BUG_A, BUG_M, BUG_L, BUG_P, BUG_COUNT };
/* Expansion bits of the game type. */
enum { EXP_M = 1, EXP_L = 2, EXP_P = 4 };

/* Parameters and hook points, in schema order (plugin.c). */
enum { P_GAME_TYPE, P_QUEEN_TURN, P_TOURNAMENT, P_DRAW_TURNS, P_REPETITION, P_COUNT };
enum { H_QUEEN_TURN, H_OPENING, H_DRAW_TURNS, H_SURROUND, H_COUNT };

/* Game states (UHP GameStateString). */
enum { GS_NOT_STARTED, GS_IN_PROGRESS, GS_DRAW, GS_WHITE_WINS, GS_BLACK_WINS };

typedef struct hv_state {
    uint64_t key;                   /* Zobrist key of the pieces on the board (hv_piece_key) */
    uint32_t onboard;               /* bit p: piece p is on the board (loops skip the hand) */
    uint32_t pinned;                /* hv_pinned's answer, as pin_ok says (moves.c) */
    /* cells by the colour of their top piece as rows: bit q of tops[color][r] = cell (q, r);
     * kept by apply like key, so placement cells need no pass to build them */
    uint32_t tops[2][HV_W];
    uint8_t top[HV_CELLS];          /* piece on top of each cell, HV_NONE if empty */
    uint16_t cell[HV_PIECES];       /* HV_OFF in hand */
    uint8_t below[HV_PIECES];       /* piece directly under, HV_NONE on the ground */
    uint8_t level[HV_PIECES];       /* 0 on the ground */
    uint8_t exp;                    /* EXP_* bits of the game type */
    uint8_t result;                 /* GS_* */
    uint8_t last;                   /* piece moved or placed by the previous decision (H-21) */
    uint8_t tournament[2];          /* H-06: no Queen on a player's first turn */
    uint8_t queen_turn[2];          /* H-06: the Queen is in play by this turn of the player */
    uint8_t surround[2];            /* H-22: occupied neighbours of a Queen that lose (6) */
    uint8_t pin_ok;                 /* PIN_*: what pinned holds (hv_pinned) */
    uint16_t draw_turns;            /* H-22: decisions after which the game is drawn */
    uint16_t turn;                  /* decisions made so far */
    /* House rule `repetition` (off by default; not in the official rules): a position that
     * occurs for the third time with the same player to move is a draw. Placements cannot be
     * undone, so only positions since the last one can recur: their keys, the newest
     * HV_REP of them (a cycle longer than HV_REP / 2 decisions is not seen). */
    uint8_t repetition;             /* the rule is in force */
    uint8_t nrep;                   /* keys in rep (<= HV_REP) */
    uint8_t rep_next;               /* where the next key goes */
    uint8_t pad2_;
    uint16_t pin_from;              /* PIN_PENDING: the cell the piece moved last left (HV_OFF: placed) */
    uint8_t pad3_[2];
    uint64_t rep[HV_REP];
} hv_state;

/* Decisions: piece (bits 10..14) and destination cell (bits 0..9); HV_PASS for a pass. */
#define HV_D(piece, cell) ((fc_decision)(((uint32_t)(piece) << 10) | (uint32_t)(cell)))
#define HV_D_PIECE(d) ((int)(((d) >> 10) & 31))
#define HV_D_CELL(d) ((int)((d) & 1023))

/* Geometry. */
static inline int hv_q(int c) { return c & (HV_W - 1); }
static inline int hv_r(int c) { return c >> 5; }
static inline int hv_cell(int q, int r) { return (q & (HV_W - 1)) | ((r & (HV_W - 1)) << 5); }
extern const int8_t hv_dq[6], hv_dr[6];
/* q and r wrap separately: adding dq touches only the low five bits once masked, adding 32 dr
 * only the high five. */
static inline int hv_nb(int c, int d) { return ((c + hv_dq[d]) & (HV_W - 1)) | ((c + hv_dr[d] * HV_W) & (HV_CELLS - HV_W)); }
/* The six neighbours of c at once (q and r wrapped once each, not six times). */
static inline void hv_nbs(int c, int n[6])
{
    int q = c & (HV_W - 1), r = c & (HV_CELLS - HV_W), qp = (q + 1) & (HV_W - 1), qm = (q - 1) & (HV_W - 1);
    int rm = (r - HV_W) & (HV_CELLS - HV_W), rp = (r + HV_W) & (HV_CELLS - HV_W);
    n[0] = qp | r;
    n[1] = qp | rm;
    n[2] = q | rm;
    n[3] = qm | r;
    n[4] = qm | rp;
    n[5] = q | rp;
}
/* Whether cells a and b are neighbours: their offset (dq, dr) is one of the six directions,
 * i.e. dq + 1 and dr + 1 (wrapped) in 0..2 and not equal. */
static inline bool hv_adjacent(int a, int b)
{
    unsigned dq = (unsigned)(hv_q(a) - hv_q(b) + 1) & (HV_W - 1), dr = (unsigned)(hv_r(a) - hv_r(b) + 1) & (HV_W - 1);
    return dq <= 2 && dr <= 2 && dq != dr;
}
/* Signed axial coordinates of a cell relative to the origin, each in -16..15. */
static inline int hv_sq(int c) { return ((hv_q(c) + 16) & 31) - 16; }
static inline int hv_sr(int c) { return ((hv_r(c) + 16) & 31) - 16; }

/* Pieces. */
extern const uint8_t hv_kind_bug[HV_KINDS];
extern const uint8_t hv_kind_num[HV_KINDS]; /* 0 for Q, M, L, P */
static inline int hv_color(int p) { return p >= HV_KINDS; }
static inline int hv_bug(int p) { return hv_kind_bug[p % HV_KINDS]; }
static inline int hv_height(const hv_state *s, int c) { return s->top[c] == HV_NONE ? 0 : s->level[s->top[c]] + 1; }
bool hv_kind_used(int exp, int kind);
/* Kinds of `color` still in hand (bit k = kind k), counting only the game type's pieces. */
static inline uint32_t hv_hand_mask(const hv_state *s, int color)
{
    uint32_t used = 0x7FFu | (s->exp & EXP_M ? 1u << 11 : 0) | (s->exp & EXP_L ? 1u << 12 : 0) |
                    (s->exp & EXP_P ? 1u << 13 : 0);
    return used & ~(s->onboard >> (color * HV_KINDS)) & 0x3FFFu;
}

/* moves.c: the legal decisions; only >= 0 restricts them to those of one piece (placing or
 * moving it), for checking a decision without listing everything. */
int hv_legal(const hv_state *s, fc_decision *out, int only);
/* What hv_legal(s, out, -1) returns, without writing the decisions (fc_game.legal_count). */
int hv_legal_count(const hv_state *s);
int hv_to_move(const hv_state *s);
bool hv_queen_in_play(const hv_state *s, int color);
/* Ground pieces whose removal would split the hive (H-08): bit = the top piece of each cut cell
 * (only single pieces' bits matter: a stack's top may always leave). A search evaluates and
 * generates at the same positions, and at the children of positions it has generated, so the
 * states it makes with hv_apply (its own copies) keep the set once found (pinned, pin_ok):
 * PIN_VALID, this position's; PIN_PENDING, the previous position's, one decision (s->last, from
 * pin_from) ago, which a local test around the two cells usually carries over; PIN_STALE, to be
 * found. hv_pinned fills them in although the caller may only read the state. PIN_NONE, with
 * pinned and pin_from 0, is every state a match holds (hv_setup, hv_rekey, hv_apply_checked):
 * nothing is kept or written there, so a match's state is as before and shared reads are safe. */
enum { PIN_NONE, PIN_VALID, PIN_PENDING, PIN_STALE };
uint32_t hv_pinned(const hv_state *s);
/* The same from scratch (the articulation points of the hive), whatever pin_ok says. */
uint32_t hv_pinned_fresh(const hv_state *s);
/* PIN_NONE, pinned and pin_from 0: a state for a match. */
void hv_pin_clear(hv_state *s);
/* Cells where `color` may place now (H-05), whether or not it has pieces in hand. */
int hv_spawn_cells(const hv_state *s, int color);
/* Both colours' at once, counted up to cap: n[color] = min(hv_spawn_cells(s, color), cap). */
void hv_spawn_counts(const hv_state *s, int cap, int n[2]);

/* The key of piece p on cell c at level l: a mix of the three (no table, nothing global). A
 * state's key is the XOR over the pieces on the board, kept by hv_apply. */
static inline uint64_t hv_mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}
static inline uint64_t hv_piece_key(int p, int c, int l) { return hv_mix(((uint64_t)p << 16) | ((uint64_t)l << 10) | (uint64_t)c); }
/* The search hash: the board's key, the side to move, the piece that may not move (H-21) and,
 * while a Queen is in hand, the turn (the Queen rule H-06 depends on it). */
uint64_t hv_hash(const hv_state *s);

/* board.c */
void hv_rekey(hv_state *s); /* key, onboard and tops from scratch, after a position is read */
void hv_setup(hv_state *s, int exp);
int hv_apply(hv_state *s, fc_decision d); /* d must be legal */
int hv_apply_checked(hv_state *s, fc_decision d);
int hv_check(const hv_state *s, char *msg, size_t n);
int hv_surrounded(const hv_state *s, int color);
/* The game state after the last decision (H-22), from the board and the turn counter. */
void hv_set_result(hv_state *s);

/* notation.c */
int hv_piece_name(int p, char *buf, size_t n);
int hv_parse_piece(const char *s, int exp, int *piece);
int hv_move_text(const hv_state *s, fc_decision d, char *buf, size_t n);
int hv_move_parse(const hv_state *s, const char *text, fc_decision *out);
int hv_type_text(int exp, char *buf, size_t n);
int hv_type_parse(const char *s, int *exp);
int hv_game_string_read(hv_state *s, const char *text, char *why, size_t nwhy);
extern const char *const hv_state_names[5];

/* position.c: the position as text (docs/positions/hive.md); read also takes a GameString. */
int hv_position_write(const hv_state *s, char *buf, size_t n);
int hv_position_read(hv_state *s, const fc_env *env, const char *text, fc_error *err);

/* eval.c: the evaluation's weights (data/eval.csv) and the evaluation. */
enum { EV_SCALE, EV_QUEEN_NB, EV_QUEEN_NB_FREE = EV_QUEEN_NB + 5, EV_FREE, EV_HAND = EV_FREE + BUG_COUNT,
       EV_ON_QUEEN = EV_HAND + BUG_COUNT, EV_PINNED_AT_QUEEN, EV_SPAWN, EV_TEMPO, EV_COUNT };
typedef struct hv_data {
    double w[EV_COUNT];            /* the values evaluate uses */
    fc_eval_weight defs[EV_COUNT]; /* by name with ranges (fc_game.eval_weights) */
    char names[EV_COUNT][20];
} hv_data;
int hv_data_load(const fc_host *host, const fc_value *params, int nseats, const char *datadir, void **data,
                 fc_error *err);
void hv_data_free(void *data);
/* Values for both seats: with the data file's weights, or with w[EV_COUNT] in their place (the
 * same function, so equal weights give bit-identical values). */
void hv_evaluate(const hv_state *s, const hv_data *D, double *value);
void hv_evaluate_weighted(const hv_state *s, const double *w, double *value);
int hv_eval_weights(const hv_data *D, const fc_eval_weight **out);

extern const fc_game hv_game;

#endif
