/* March of the Ants (Marsz Mrówek) plugin: private types shared by the plugin's sources and its
 * tests. Rule ids (S-xx, R-xx, A-xx, V-x) and component ids (T-n, EV-/HD-/TX-/AB-/CG-xx, RT-xx,
 * RW-x, CT-x) are those of docs/rules/marsz.md.
 *
 * The state is one plain struct (mz_state, no pointers). A compound turn is a sequence of
 * atomic decisions driven by a small stack of frames: the top frame says who decides and what
 * (legal.c lists the decisions of the top frame; apply pops and pushes frames). Automatic
 * frames (refill without choice, battle arithmetic, harvest) run inside apply until somebody
 * has to decide. Card order is stored (deck, tile stack) and an RNG in the state reshuffles
 * the discard pile; determinize hides what a seat cannot see. */
#ifndef MARSZ_H
#define MARSZ_H

#include <stdbool.h>
#include <stdint.h>

#include "formicary/game.h"

#define MZ_SEATS 5
#define MZ_TILES 28
#define MZ_LOCS 29 /* 0 = Great Tunnel, 1..28 = tile T-n */
#define MZ_GT 0
#define MZ_SPACES 4
#define MZ_OUT 4 /* slot index of the outskirts (and of the Great Tunnel) */
#define MZ_CARDS 66
#define MZ_REST 13
#define MZ_REWARDS 6
#define MZ_TRACK 7
#define MZ_GT_CELLS 7
#define MZ_ADJ_CELLS 12
#define MZ_FRAMES 24
#define MZ_MAX_DECISIONS 4096
#define MZ_PILE 12
#define MZ_OG 5 /* the Old Guard's battle index (after the five seats) */
#define MZ_NONE 0xFF
#define MZ_WIN 32 /* occupancy window: q, r in -16..15 */

/* Positions: location * 5 + slot (slot 0..3 harvest space, 4 outskirts / Great Tunnel). */
#define MZ_POS(loc, slot) ((loc)*5 + (slot))
#define MZ_PLOC(p) ((p) / 5)
#define MZ_PSLOT(p) ((p) % 5)

/* Parameters, in schema order (plugin.c). */
enum {
    P_ROUNDS, P_EPIC, P_FEED_BASE, P_FEED_BASE_EPIC_LATE, P_REACTIONS, P_HAND, P_START_LARVAE, P_START_FOOD,
    P_START_ANTS, P_BATTLE_POINTS, P_BODY_POINTS, P_STARVE_POINTS, P_CENTI_FIXED, P_OPEN_HANDS, P_DRAFT,
    P_SPECIES, P_FIRST_PLAYER, P_COUNT
};

/* Hook points (plugin.c). */
enum { H_STRENGTH, H_CASUALTIES, H_FEED_CAPACITY, H_GOAL_SCORE, H_ROUND_END, H_COUNT };

/* Rewards (harvest spaces, reward tiles). */
enum { RW_F, RW_L1, RW_L2, RW_C, RW_P, RW_KINDS };
/* Card types, segments and cost kinds. */
enum { CT_EVENT, CT_EVO, CT_GOAL };
enum { SEG_HEAD, SEG_THORAX, SEG_ABDOMEN, SEG_NONE };
enum { CK_ANTS, CK_LARVAE, CK_EITHER };
/* Off-meadow placement / ongoing effects (tiles.csv "effect"). */
enum { TE_NONE, TE_CENTI_NEST, TE_ANTLION, TE_SPIDER_LAIR, TE_BEEHIVE, TE_SINKHOLE };
/* Actions and reactions. */
enum { AC_EXPLORE, AC_FORAGE, AC_MARCH, AC_PLAY, AC_REST, AC_UNIQUE, AC_COUNT };
/* Global reactions of the ancient species (V-5); Expansion's is the explore reaction. */
enum { RK_RITUAL = AC_COUNT, RK_PROPHECY, RK_DANCE, RK_COUNT };
/* Ancient species (V-5), 0 = standard nest sheet. */
enum { SP_NONE, SP_EGG_KEEPERS, SP_HORIZON, SP_VISIONARY, SP_CHAOS, SP_COUNT };

/* Card ids as code keys ("HD-05" is card index of HD-05 in cards.csv: see mz_card_find). The
 * effect code uses these indices, which data.c checks against the ids in the file. */
enum {
    EV01, EV02, EV03, EV04, EV05, EV06, EV07, EV08, EV09, EV10, EV11, EV12, EV13, EV14, EV15, EV16, EV17, EV18,
    EV19, EV20, EV21, EV22,
    HD01, HD02, HD03, HD04, HD05, HD06, HD07, HD08, HD09, HD10, HD11, HD12,
    TX01, TX02, TX03, TX04, TX05, TX06, TX07, TX08, TX09, TX10, TX11, TX12,
    AB01, AB02, AB03, AB04, AB05, AB06, AB07, AB08, AB09, AB10,
    CG01, CG02, CG03, CG04, CG05, CG06, CG07, CG08, CG09, CG10
};

typedef struct mz_tile {
    char name[24];
    uint8_t kind; /* 0 start, 1 standard, 2 off-meadow */
    uint8_t mask; /* printed openings, bit e = edge e */
    uint8_t nspaces;
    uint8_t space[MZ_SPACES]; /* RW_*, control space first */
    uint8_t centipede, wormhole, effect, n;
} mz_tile;

typedef struct mz_card {
    char id[8];
    char name[28];
    char summary[80];
    uint8_t type, seg, cost, kind, ferocity;
    int8_t food, larvae, cards, points, steps, n, m;
    int8_t levels[3];
} mz_card;

typedef struct mz_restdef {
    char id[8];
    char name[24];
    uint8_t lasting;
    int8_t food, larvae, cards, points, steps, larva_moves, strength, prevent, feed, peek;
} mz_restdef;

typedef struct mz_rewarddef {
    char id[8];
    uint8_t high;
    int8_t give[3][RW_KINDS]; /* place 1..3 */
} mz_rewarddef;

typedef struct mz_species {
    char name[24];
    char action[24];
    int8_t n, m;
} mz_species;

/* Evaluation weights (eval.c; data/eval.csv). */
enum {
    MZW_SCALE, MZW_SCORE, MZW_ANTS, MZW_LARVAE, MZW_FOOD, MZW_HAND, MZW_EVOLUTION, MZW_SPACE, MZW_SPACE_POINT,
    MZW_INNER, MZW_GOAL, MZW_STARVE, MZW_UNFED, MZW_AWARD, MZW_TUNNEL, MZW_FEROCITY, MZW_BATTLE, MZW_THREAT,
    MZW_REACH, MZW_ANTS_ROUND, MZW_GOAL_NEXT, MZW_EVO_COST, MZW_BATTLE_FER, MZW_MARCH, MZW_COUNT
};

typedef struct mz_data {
    mz_tile tile[MZ_TILES + 1]; /* 1-based */
    mz_card card[MZ_CARDS];
    mz_restdef rest[MZ_REST];
    mz_rewarddef reward[MZ_REWARDS];
    int8_t gt_q[MZ_GT_CELLS], gt_r[MZ_GT_CELLS];
    int8_t adj_q[MZ_ADJ_CELLS], adj_r[MZ_ADJ_CELLS];
    uint8_t adj_edges[MZ_ADJ_CELLS]; /* bit e: edge e of the adjacent cell faces the Great Tunnel */
    uint8_t track_size[MZ_TRACK], track_food[MZ_TRACK], track_points[MZ_TRACK];
    uint8_t track_start[MZ_SEATS + 1]; /* index by player count */
    /* constants.csv, then parameters over them */
    int pieces, start_larvae, start_ants, start_food, start_cards, start_tiles_pp, off_small, off_large;
    int rest_row_2p, start_ants_2p, march_steps, forage_draw, max_thorax, max_goals, feed_base, feed_late;
    int queen_choices, queen_food, queen_larvae, body_points, battle_points, starve_points, award_points;
    int award_tie, shoot_ants, rewards_low, rewards_high, inner_points;
    int rounds;
    bool epic, reactions, open_hands, draft;
    int centi_fixed, species, first_player;
    mz_species sp[SP_COUNT]; /* 1-based */
    /* evaluation weights (eval.csv): values, and their names and ranges for fc_game.eval_weights */
    double w[MZW_COUNT];
    fc_eval_weight eval[MZW_COUNT];
} mz_data;

/* Frames. */
enum {
    F_NONE,
    F_TURN,       /* seat chooses an action */
    F_PICKTILE,   /* TX-08: choose which of two drawn tiles to place (a, b = tiles) */
    F_PLACE,      /* place tile a; b: 0 explore (near own ants), 1 anywhere (cards), 2 2p setup */
    F_ENTER,      /* move ants onto new tile a; n = ants moved */
    F_AFTEREXP,   /* explore steps 6-8 for tile a (placement effect, TX-03b, TX-09/10) */
    F_STEPS,      /* n steps left; b flags (STEP_*) */
    F_DISCARD,    /* discard n cards; b = why (DW_*) */
    F_PAY,        /* pay n pieces of kind b for card a, then resolve */
    F_CARD,       /* card a effect, stage b */
    F_TARGET,     /* choose a tile for card a (stage b) */
    F_REFILL,     /* refill: seat, then clockwise until back to c; a = location (0: all tiles) */
    F_REACT,      /* reactions to action a; n = index of the reacting neighbour */
    F_REACT_DO,   /* one reaction of kind a; b = from thorax (1) */
    F_THORAX,     /* end-of-worker thorax reactions; n = seats done, c = used mask */
    F_SOLDIER,    /* soldier phase iterator: a = next tile number, b = stage */
    F_SHOOT,      /* HD-05 choice */
    F_SHOOT_LOSE, /* owner chooses which ant the shot removes; n left, c = shooter */
    F_BATTLE,     /* battle at location a, stage b */
    F_CENTI,      /* centipede resolution on tile a */
    F_REMOVE,     /* seat loses n ants at location a (a = MZ_NONE: anywhere on the meadow); b = why */
    F_SPOIL,      /* winner may move an ant on tile a onto its control space */
    F_QUEEN,      /* queen phase iterator, stage b */
    F_FEED,       /* seat chooses how many ants to feed */
    F_QCHOICE,    /* queen's choice: n left */
    F_ANTLION,    /* T-25 discards */
    F_SETUP2P,    /* 2-player setup: a, b = offered start tiles */
    F_DRAFT,      /* seat keeps n more cards of the draft */
    F_LARVA,      /* move up to n larvae (b: LV_* target rule) */
    F_OPTION,     /* card option choice (card a, stage b) */
    F_SWAP,       /* EV-03 swap: c = first chosen position or MZ_NONE */
    F_EVO_FREE,   /* EV-04 play an evolution free */
    F_PEEK,       /* RT-12 order the peeked tiles: n left to put back */
    F_LAIR,       /* T-26: play one of the revealed cards */
    F_CTHEFT,     /* EV-07 play one of the discarded cards */
    F_GOALDROP,   /* R-49 discard a goal to make room for card a */
    F_HD06,       /* start-of-battle Military Head moves */
    F_FEROCITY,   /* ferocity choices */
    F_CENTI_ASK,  /* HD-02a / AB-01 offer before a centipede fights */
    F_PHASE,      /* round iterator at the bottom of the stack; b = stage (PS_*) */
    F_NEXTTURN,   /* pass the active-player marker (R-26 step 6, R-40) */
    F_BONUS,      /* EV-10: n more actions */
    F_RITUAL,     /* V-5 Brood Ritual: play up to n evolutions */
    F_EXPAND,     /* V-5 Expansion: a second tile (a = first tile) */
    F_WILD,       /* V-5 Wild Dance: play a card after the steps */
    F_PROPHECY,   /* V-5 Prophecy: play a colony goal */
    F_COUNT
};

/* F_PHASE stages. */
enum { PS_WORKER, PS_THORAX, PS_SOLDIER, PS_QUEEN, PS_DORMANCY, PS_OVER };

/* F_STEPS flags. */
#define STEP_ANT_ONLY 1u   /* ant steps */
#define STEP_LARVA_FIRST 2u /* EV-13: larva steps only before the first ant step */
#define STEP_MARCH 4u      /* a March action (TX-02 may move centipedes) */
#define STEP_ANT_DONE 8u   /* EV-13: an ant step was taken */
#define STEP_REACT 16u     /* march reaction: 1 ant step or 1 larva to the Great Tunnel */
/* F_DISCARD reasons. */
enum { DW_FORAGE, DW_REACT, DW_OPP, DW_ANTLION };
/* F_LARVA target rules. */
enum { LV_INHABIT, LV_GT_ONLY, LV_TILE_ANY };
/* F_REMOVE reasons. */
enum { RM_BATTLE, RM_FEED, RM_CARD, RM_CENTI, RM_SACRIFICE };

typedef struct mz_frame {
    uint8_t kind, seat, a, b, c, n;
} mz_frame;

/* Card locations. */
enum { CL_DECK, CL_DISCARD, CL_HAND, CL_EVO, CL_GOAL, CL_FEROCITY, CL_LIMBO };

typedef struct mz_loc {
    int8_t q, r;
    uint8_t rot, placed; /* placed: order of placement (1..), 0 = not on the meadow */
    uint8_t centipede, wormhole;
    uint8_t space[MZ_SPACES]; /* seat + 1, or 0 */
    uint8_t out[MZ_SEATS];    /* outskirts (Great Tunnel: all ants) */
} mz_loc;

typedef struct mz_seat {
    uint8_t eggs, larvae, food, hand;
    int16_t score;
    uint8_t npile[3];
    uint8_t pile[3][MZ_PILE]; /* evolution piles, top = last */
    uint8_t ngoals;
    uint8_t rested, turns, starved_final, bodies;
    uint8_t rest_strength, rest_prevent, rest_feed; /* lasting rest tile effects this round */
    uint8_t call_to_arms;                          /* EV-19 bonus this round */
    uint8_t fer[2];                                 /* ferocity cards placed (MZ_NONE) */
    uint8_t fer_committed;
    uint8_t species, unique_used; /* V-5 */
    uint8_t ritual[2];            /* evolutions played by Brood Ritual this turn (MZ_NONE) */
} mz_seat;

typedef struct mz_battle {
    uint8_t loc, defender, ref, nparts, og;  /* og: Old Guard ants (2 players, Great Tunnel) */
    uint8_t part;                             /* participant mask (bit 5: Old Guard) */
    uint8_t stage, winner, faced, centi_seat, from_card;
    int8_t og_fer;
    int16_t strength[MZ_SEATS + 1];
    uint8_t assigned[MZ_SEATS + 1], prevent[MZ_SEATS + 1], ants0[MZ_SEATS + 1];
    uint8_t order[MZ_SEATS + 1], norder, hd06_done;
    uint8_t centi_cards, centi_str;
    fc_simul fer; /* hidden ferocity choices, committed in order (core fc_simul) */
} mz_battle;

typedef struct mz_state {
    uint8_t nseats, round, phase, active, first_player, over;
    uint8_t size_pos; /* centipede size track position 0..6 */
    uint8_t nstack, nrest_stack, nrest_disc, nreward, reward_cur, ndeck, ndisc;
    uint8_t nframes, worker_ended, og_ants, bottom_known;
    uint8_t peeked; /* RT-12: top tiles of the stack known to peek_seat */
    uint8_t peek_seat;
    uint8_t stack[MZ_TILES];   /* top = stack[nstack-1] */
    uint8_t rest_stack[MZ_REST], rest_disc[MZ_REST];
    uint8_t rest_row[MZ_REST]; /* 1 = face up in the row */
    uint8_t rest_owner[MZ_REST]; /* seat + 1 when taken this round */
    uint8_t reward_stack[MZ_REWARDS];
    uint8_t deck[MZ_CARDS];    /* top = deck[ndeck-1] */
    uint8_t card_loc[MZ_CARDS], card_seat[MZ_CARDS];
    uint8_t drawn[4], ndrawn;  /* cards revealed or discarded by an effect (T-26, EV-07) */
    uint8_t gt_defender;       /* seat holding RT-00 this round, or MZ_NONE */
    uint8_t soldier_done[MZ_LOCS];
    uint8_t draft_bottom;      /* R-83 cards put under the deck (known positions) */
    mz_loc loc[MZ_LOCS];
    uint32_t adj[MZ_LOCS], conn[MZ_LOCS]; /* bit b: location b is adjacent / connected (cache) */
    uint32_t occ[MZ_WIN];                  /* occupied cells (Great Tunnel, tiles) near the centre */
    mz_seat seat[MZ_SEATS];
    mz_battle bt;
    mz_frame frame[MZ_FRAMES];
    fc_rng rng; /* reshuffles (discard pile into deck, rest discard into rest stack) */
} mz_state;

#define MZ_D(k, a, b, c) \
    ((fc_decision)(((uint32_t)(k) << 24) | ((uint32_t)(a) << 16) | ((uint32_t)(b) << 8) | (uint32_t)(c)))
#define MZ_DK(d) ((int)(((d) >> 24) & 0xFFu))
#define MZ_DA(d) ((int)(((d) >> 16) & 0xFFu))
#define MZ_DB(d) ((int)(((d) >> 8) & 0xFFu))
#define MZ_DC(d) ((int)((d)&0xFFu))

/* Decision kinds. */
enum {
    DK_ACTION = 1, /* a = AC_*, b = card or rest tile */
    DK_PLACE,      /* a = q + 64, b = r + 64, c = rotation */
    DK_TILE,       /* a = tile id (TX-08 choice, S-2P-1 choice) */
    DK_ANT,        /* a = from pos, b = to pos (step, enter, swap, spoils) */
    DK_LARVA,      /* b = to pos */
    DK_DONE,       /* stop / pass / decline */
    DK_PAY,        /* a = pos (0xFF: a larva) */
    DK_DISCARD,    /* a = card */
    DK_REACT,      /* a = reaction kind (AC_*) */
    DK_FER,        /* a = card, or MZ_NONE for none */
    DK_LOSE,       /* a = pos */
    DK_FEED,       /* a = ants fed */
    DK_QUEEN,      /* a = 0 food, 1 larvae */
    DK_FILL,       /* a = pos of the empty space */
    DK_TARGET,     /* a = location */
    DK_OPTION,     /* a = option index */
    DK_CENTI,      /* a = from tile, b = to tile (TX-02) */
    DK_CARD,       /* a = card (play a revealed card, keep a drafted card, return an evolution) */
    DK_ROTATE,     /* a = tile, b = rotation (EV-18) */
    DK_SACRIFICE,  /* lose 1 ant instead of fighting the centipede */
    DK_SWAP,       /* a = pos, b = seat of the ant (EV-03) */
    DK_HARVEST,    /* a = pos of an own occupied harvest space (EV-08) */
    DK_COUNT
};

/* Plugin-local random numbers on an fc_rng value (xoshiro256**, splitmix64 seeding): plugins
 * do not link the core, and the state's own RNG must work without the host (deck reshuffles). */
static inline uint64_t mz_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static inline uint64_t mz_rng_next(fc_rng *r)
{
    uint64_t *s = r->s, out = mz_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = mz_rotl(s[3], 45);
    return out;
}
static inline void mz_rng_seed(fc_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        r->s[i] = z ^ (z >> 31);
    }
}
static inline uint32_t mz_below(fc_rng *r, uint32_t n) { return n ? (uint32_t)((mz_rng_next(r) >> 32) * n >> 32) : 0; }
static inline void mz_shuffle(fc_rng *r, uint8_t *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)mz_below(r, (uint32_t)(i + 1));
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* ---- data.c ---- */
int mz_data_load(const fc_host *host, const fc_value *params, int nseats, const char *datadir, void **data,
                 fc_error *err);
void mz_data_free(void *data);
#define MZ_D_(env) ((const mz_data *)(env)->data)

/* ---- board.c: geometry, pieces, settling ---- */
int mz_tile_at(const mz_state *s, int q, int r);        /* tile id, 0 for a Great Tunnel cell, -1 empty */
bool mz_is_gt_cell(const mz_data *D, int q, int r);
int mz_adj_index(const mz_data *D, int q, int r);      /* Great-Tunnel-adjacent cell index or -1 */
uint8_t mz_placed_mask(const mz_data *D, const mz_state *s, int t);
/* Tile t turned by rot: "T-7 Forest (*F L), open NW E SW" (view.c, for the drawn tile and the
 * placement labels). */
int mz_tile_text(const mz_data *D, int t, int rot, char *buf, size_t n);
/* Only the open edges of tile t turned by rot: "NW E SW". */
int mz_tile_open_text(const mz_data *D, int t, int rot, char *buf, size_t n);
/* The tile being placed now (the top frame places it), or 0. */
int mz_tile_pending(const mz_state *s);
bool mz_adjacent(const mz_data *D, const mz_state *s, int a, int b);
bool mz_connected(const mz_data *D, const mz_state *s, int a, int b);
bool mz_inner(const mz_data *D, const mz_state *s, int t);
void mz_links_update(const mz_data *D, mz_state *s);
bool mz_rotation_ok(const mz_data *D, const mz_state *s, int t, int rot);
bool mz_explore_possible(const mz_data *D, const mz_state *s, int seat);
int mz_ants_at(const mz_state *s, int loc, int seat);
int mz_ants_total(const mz_state *s, int seat);
int mz_loc_total(const mz_state *s, int loc);
bool mz_inhabits(const mz_data *D, const mz_state *s, int seat, int loc);
int mz_controller(const mz_state *s, int t);
bool mz_contested(const mz_state *s, int t);
/* puts an ant of seat onto loc at slot (a harvest space or MZ_OUT) */
void mz_put(mz_state *s, int seat, int pos);
/* removes an ant of seat at pos; returns false if none */
bool mz_take(mz_state *s, int seat, int pos);
bool mz_has_ant(const mz_state *s, int seat, int pos);
bool mz_may_leave(const mz_data *D, const mz_state *s, int seat, int loc); /* TX-06 */
int mz_gain_larvae(mz_state *s, int seat, int n);
void mz_add_points(mz_state *s, int seat, int n);
int mz_size(const mz_data *D, const mz_state *s);
void mz_put_centipede(mz_state *s, int t);
int mz_placements(const mz_data *D, const mz_state *s, int seat, int tile, int mode, fc_decision *out);
int mz_placements_ref(const mz_data *D, const mz_state *s, int seat, int tile, int mode, int ref, fc_decision *out);
void mz_place_tile(const fc_env *env, mz_state *s, int seat, int tile, int q, int r, int rot, bool symbols);

/* ---- cards.c: deck, hands, evolutions ---- */
int mz_draw_card(mz_state *s);           /* top card to limbo, reshuffling; -1 when none */
void mz_draw_to_hand(mz_state *s, int seat, int n);
void mz_discard(mz_state *s, int card);
void mz_to_hand(mz_state *s, int seat, int card);
int mz_top_evo(const mz_state *s, int seat, int seg);
bool mz_has_evo(const mz_state *s, int seat, int card); /* topmost (active) */
int mz_evo_count(const mz_state *s, int seat, int seg);
void mz_bodies_update(const mz_data *D, mz_state *s, int seat);
int mz_card_cost(const mz_data *D, const mz_state *s, int seat, int card);
bool mz_can_pay(const mz_data *D, const mz_state *s, int seat, int card);
int mz_card_extra(const mz_data *D, const mz_state *s, int seat, int card);
int mz_evo_param(const mz_data *D, const mz_state *s, int seat, int card, char which);

/* ---- engine.c: frames and the automatic part of the game ---- */
mz_frame *mz_push(mz_state *s, int kind, int seat, int a, int b, int c, int n);
static inline mz_frame *mz_top(mz_state *s) { return s->nframes ? &s->frame[s->nframes - 1] : NULL; }
static inline const mz_frame *mz_ctop(const mz_state *s) { return s->nframes ? &s->frame[s->nframes - 1] : NULL; }
void mz_pop(mz_state *s);
void mz_run(const fc_env *env, mz_state *s); /* resolves automatic frames until a decision */
int mz_to_move(const void *st, const fc_env *env);
int mz_legal(const void *st, const fc_env *env, fc_decision *out, uint32_t *weights);
int mz_apply(void *st, const fc_env *env, fc_decision d);
int mz_init(void *st, const fc_env *env, fc_rng *rng, fc_error *err);
void mz_push_refill(mz_state *s, int first, int loc);
int mz_frame_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out);
void mz_frame_none(const fc_env *env, mz_state *s, mz_frame *f);
void mz_frame_apply(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d);
void mz_start_worker(const fc_env *env, mz_state *s);
void mz_next_turn(const fc_env *env, mz_state *s);
void mz_tidy(mz_state *s); /* clears unused slots: equal positions are equal bytes */
void mz_deal_rest_row(const mz_data *D, mz_state *s);

/* ---- worker.c ---- */
int mz_legal_worker(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out);
void mz_apply_worker(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d);
bool mz_action_legal(const fc_env *env, const mz_state *s, int seat, int ac, bool bonus);
int mz_step_moves(const fc_env *env, const mz_state *s, int seat, unsigned flags, fc_decision *out);
void mz_start_action(const fc_env *env, mz_state *s, int seat, int ac, int arg, bool turn);
void mz_rest_apply(const fc_env *env, mz_state *s, int seat, int rt);
void mz_after_explore(const fc_env *env, mz_state *s, mz_frame *f);
int mz_settle_opts(const mz_data *D, const mz_state *s, int loc, uint8_t *slots);
int mz_ant_sources(const mz_data *D, const mz_state *s, int seat, int loc, uint8_t *pos);
void mz_push_steps(mz_state *s, int seat, int n, unsigned flags);
bool mz_reaction_possible(const fc_env *env, const mz_state *s, int seat, int kind);

/* ---- cards_*.c: card effects (interface documented in cards.h) ---- */
#include "cards.h"

/* ---- cards_*.c frames ---- */
void mz_card_step(const fc_env *env, mz_state *s, mz_frame *f);
int mz_legal_cards(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out);
void mz_apply_cards(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d);
void mz_play_card(const fc_env *env, mz_state *s, int seat, int card, bool free);
void mz_play_card_ex(const fc_env *env, mz_state *s, int seat, int card, bool free, bool prophecy);
bool mz_card_playable(const fc_env *env, const mz_state *s, int seat, int card);

/* ---- species.c (V-5) ---- */
void mz_species_setup(const fc_env *env, mz_state *s, fc_rng *rng);
bool mz_unique_legal(const fc_env *env, const mz_state *s, int seat);
void mz_unique_start(const fc_env *env, mz_state *s, int seat);
int mz_legal_species(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out);
void mz_apply_species(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d);
bool mz_species_reaction_possible(const fc_env *env, const mz_state *s, int seat, int kind);
void mz_species_react(const fc_env *env, mz_state *s, int seat, int kind);
static inline int mz_species_of(const mz_state *s, int seat) { return s->seat[seat].species; }

/* ---- battle.c ---- */
void mz_battle_start(const fc_env *env, mz_state *s, int loc, bool from_card);
int mz_legal_battle(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out);
void mz_apply_battle(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d);
void mz_battle_step(const fc_env *env, mz_state *s, mz_frame *f);
void mz_centi_step(const fc_env *env, mz_state *s, mz_frame *f);
int mz_strength_base(const fc_env *env, const mz_state *s, int seat, int loc, bool centipede);

/* ---- queen.c: soldier iterator, queen phase, dormancy, end, scores ---- */
void mz_soldier_step(const fc_env *env, mz_state *s, mz_frame *f);
void mz_queen_step(const fc_env *env, mz_state *s, mz_frame *f);
int mz_legal_queen(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out);
void mz_apply_queen(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d);
void mz_scores(const void *st, const fc_env *env, int32_t *score, int *rank);
int mz_goal_points(const fc_env *env, const mz_state *s, int seat, int card);
/* How far a colony goal with level thresholds is from its current level to its next, 0..1 (0 at
 * the top level and for CG-04 .. 06, which compare seats instead). */
double mz_goal_progress(const fc_env *env, const mz_state *s, int seat, int card);
int mz_round(const void *st, const fc_env *env);
/* ants one food feeds for seat (hook feeding_capacity included), at least 1. */
int mz_feed_capacity(const fc_env *env, const mz_state *s, int p);

/* ---- eval.c: the heuristic evaluation and its weights (data/eval.csv) ---- */
struct fc_loader;
int mz_eval_load(struct fc_loader *L, mz_data *D);
int mz_eval_weights(const fc_env *env, const fc_eval_weight **out);
void mz_evaluate_weighted(const void *st, const fc_env *env, const double *w, double *value);
void mz_evaluate(const void *st, const fc_env *env, double *value);

/* ---- notation.c ---- */
int mz_decision_text(const void *st, const fc_env *env, fc_decision d, char *buf, size_t n);
int mz_decision_parse(const void *st, const fc_env *env, const char *text, fc_decision *out);
void mz_decision_describe(const void *st, const fc_env *env, fc_decision d, fc_decision_info *out);
/* kinds of decision (API minor 10): names and the kind of a decision (notation.c) */
extern const char *const mz_kinds[];
extern const int mz_nkinds;
int mz_decision_kind(const void *st, const fc_env *env, fc_decision d);
uint32_t mz_decision_audience(const void *st, const fc_env *env, fc_decision d);
int mz_decision_revealed(const void *st, const fc_env *env, int seat, uint32_t audience, fc_decision d);
int mz_pos_text(int pos, char *buf, size_t n);

/* ---- view.c ---- */
void mz_view(const void *st, const fc_env *env, int seat, fc_view *v);
void mz_determinize(void *st, const fc_env *env, int seat, fc_rng *rng);
int mz_check(const void *st, const fc_env *env, char *msg, size_t n);
const char *mz_phase_topic(const void *st, const fc_env *env);

/* ---- position.c, position_read.c: positions as text (docs/positions/marsz.md) ---- */
int mz_position_write(const void *st, const fc_env *env, char *buf, size_t n);
int mz_position_read(void *st, const fc_env *env, const char *text, fc_error *err);

extern const fc_game mz_game;

#endif
