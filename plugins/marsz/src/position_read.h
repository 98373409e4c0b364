/* March of the Ants positions as text, the reader's private interface: the reader state and
 * the value parsers (position_values.c) that the line reader (position_read.c) uses. */
#ifndef MARSZ_POSITION_READ_H
#define MARSZ_POSITION_READ_H

#include "position_text.h"

#define MZR_LINE_MAX 2048
#define MZR_WORDS_MAX 160
#define MZR_COORD_MAX 40

/* keys of the whole position, in the order position_write writes them */
enum {
    K_POSITION, K_SEATS, K_STATE, K_G0, /* K_G0 .. K_G0 + MZ_NGKEYS - 1: mz_gkeys */
    K_TRACK = K_G0 + MZ_NGKEYS, K_RNG, K_GT, K_SOLDIER, K_TSTACK, K_KNOWN, K_PEEKED, K_REST_ROW, K_REST_TAKEN,
    K_REST_STACK, K_REST_DISC, K_REWARD, K_REWARD_STACK, K_DECK, K_DRAFT_BOTTOM, K_DISCARD, K_LIMBO, K_DRAWN,
    K_BATTLE, K_BATTLE_FER, K_BARRAY, /* K_BARRAY .. + MZ_NBARRAYS - 1 */
    K_COUNT = K_BARRAY + MZ_NBARRAYS
};

enum { SK_NEST, SK_HAND, SK_HEADS, SK_THORAXES, SK_ABDOMENS, SK_GOALS, SK_ROUND, SK_FEROCITY, SK_SPECIES, SK_COUNT };
extern const char *const mzr_seat_keys[SK_COUNT];

typedef struct mzr_reader {
    mz_state *s;
    const fc_env *env;
    const mz_data *D;
    fc_error *err;
    int line;
    int l_key[K_COUNT];
    int l_seat[MZ_SEATS][SK_COUNT];
    int card_line[MZ_CARDS]; /* where each card was put somewhere */
    int tile_line[MZ_LOCS];  /* where each tile was put on the meadow or the stack */
    int rest_line[MZ_REST];
    int reward_line[MZ_REWARDS];
    int frame_line[MZ_FRAMES];
    int ntiles; /* placed so far: the placement order */
    char *w[MZR_WORDS_MAX];
    int nw;
} mzr_reader;

/* One line of error, "marsz: line N: ...", through the host; returns the error code. */
int mzr_fail(mzr_reader *rd, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Values: each returns 0 or the error (already set) naming rd->line. */
int mzr_num(mzr_reader *rd, const char *w, long lo, long hi, long *out, const char *what);
int mzr_card(mzr_reader *rd, const char *w, int *out);
int mzr_card_or_none(mzr_reader *rd, const char *w, uint8_t *out);
int mzr_loc(mzr_reader *rd, const char *w, bool gt, int *out); /* "GT" (if gt), "T5" */
int mzr_seat(mzr_reader *rd, const char *w, uint8_t type, uint8_t *out);
int mzr_value(mzr_reader *rd, void *base, uint8_t type, uint16_t off, int lo, int hi, char *w, const char *what);
int mzr_fields(mzr_reader *rd, void *base, const mz_fdef *f, int n, int from, const char *what);
/* Components, each in one place: the line that named it is remembered. */
int mzr_put_card(mzr_reader *rd, int c, int loc, int seat);
int mzr_card_list(mzr_reader *rd, int from, uint8_t *out, int max); /* count, or the error */
int mzr_take_tile(mzr_reader *rd, int t);
int mzr_take_rest(mzr_reader *rd, const char *w, int *out);
int mzr_take_reward(mzr_reader *rd, const char *w, int *out);
bool mzr_is_none(const mzr_reader *rd, int from);
/* Keys of the meadow, the frames and the seats. */
int mzr_key_tile(mzr_reader *rd);
int mzr_key_gt(mzr_reader *rd);
int mzr_key_frame(mzr_reader *rd);
int mzr_key_seat(mzr_reader *rd);

#endif
