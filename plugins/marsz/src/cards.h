/* Card effects: the interface between the engine and the per-card code.
 *
 * Every one of the 66 cards has one entry in a dispatch table indexed by card index (EV01 ..
 * CG10, the row order of data/cards.csv, checked against the ids when the data is loaded):
 *
 *   playable(env, s, seat, card)  A-34: whether the card may be played now (its mandatory
 *                                 choices have an option). NULL = always.
 *   resolve(env, s, seat, card)   called once the cost is paid. Applies what needs no choice
 *                                 and pushes frames (F_TARGET, F_OPTION, F_STEPS, F_LARVA ...)
 *                                 for what does. Events go to the discard pile afterwards
 *                                 (the engine does it); evolutions and goals are placed by
 *                                 the engine before resolve is called (goals: on-play effect).
 *   legal(env, s, f, out)         decisions of a frame of kind F_TARGET / F_OPTION whose
 *                                 f->a is this card (stage in f->b); NULL if none.
 *   apply(env, s, f, d)           applies one of them (pops or updates the frame).
 *   score(env, s, seat, card)     goals: the dormancy points (0..3) of.
 *
 * Passive evolution abilities are woven into the base rules where they act (board.c,
 * worker.c, battle.c, queen.c), tested with mz_has_evo(s, seat, CARD) (topmost card of its
 * pile, R-45), and read their numbers from the card's data (n, m, food, ... columns).
 * Card numbers: D->card[c].food / larvae / cards / points / steps / n / m / levels. */
#ifndef MARSZ_CARDS_H
#define MARSZ_CARDS_H

typedef struct mz_state mz_state;
typedef struct mz_frame mz_frame;

typedef struct mz_card_fx {
    bool (*playable)(const fc_env *env, const mz_state *s, int seat, int card);
    void (*resolve)(const fc_env *env, mz_state *s, int seat, int card);
    int (*legal)(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out);
    void (*apply)(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d);
    int (*score)(const fc_env *env, const mz_state *s, int seat, int card);
} mz_card_fx;

/* Dispatch (cards.c) over the three constant tables below. */
const mz_card_fx *mz_card_fx_of(int card);
bool mz_card_implemented(int card);
/* Defined in cards_events.c (EV01..EV22), cards_evolutions.c (HD01..AB10) and cards_goals.c
 * (CG01..CG10), indexed by card - first card of the range. */
extern const mz_card_fx mz_fx_events[22];
extern const mz_card_fx mz_fx_evolutions[34];
extern const mz_card_fx mz_fx_goals[10];

/* Shared helpers for effects (cards.c). */
void mz_gain(const fc_env *env, mz_state *s, int seat, int food, int larvae, int cards, int points);
int mz_tiles_where(const mz_state *s, int seat, bool need_ant, bool need_inhabit, uint32_t *mask);

#endif
