/* Termity positions, reading: the reader and what position_read.c (the lines, the words and
 * numbers, the whole position) and position_keys.c (the value of each key, in reading order)
 * share. Private to the plugin. */
#ifndef TERMITY_POSITION_READ_H
#define TERMITY_POSITION_READ_H

#include "position.h"

#define LINE_MAX_ 1024
#define WORDS_MAX 48

enum { G_POSITION, G_SEATS, G_FIRST, G_ROUND, G_PHASE, G_TURN, G_SELECTED, G_REPLACER, G_NEUTRAL, G_POOL, G_BOX,
       G_LAID, G_PAIR_LEFT, G_FACE_SEL, G_LAST_MOVE, G_LAST_ATTACK, G_DRAWER, G_SETUP_STEP, G_COUNT };
static const char *const gkeys[G_COUNT] = {"position",  "seats",      "first_player", "round",     "phase",
                                          "turn",      "selected",   "replacer",     "neutral",   "tiles_pool",
                                          "tiles_box", "tiles_laid", "pair_left",    "face_sel",  "last_move",
                                          "last_attack", "drawer",      "setup_step"};
enum { S_SWARM, S_STACK, S_HAND, S_BOARD, S_DEAD, S_DISCARDED, S_MOUNDS, S_TROPHIES, S_TURNS, S_BONUS, S_COUNT };
static const char *const skeys[S_COUNT] = {"swarm", "stack", "hand",     "board", "dead",
                                          "discarded", "mounds", "trophies", "turns", "bonus"};

typedef struct line {
    int no, n;
    char buf[LINE_MAX_];
    char *w[WORDS_MAX];
} line;

typedef struct slot {
    int no;      /* line number, 0: not given */
    size_t off;  /* where the line starts */
} slot;

typedef struct reader {
    const tm_data *D;
    const fc_env *env;
    tm_state *s;
    fc_error *err;
    const char *text;
    slot g[G_COUNT];
    slot sk[TM_SEATS][S_COUNT];
    int tok_line[TM_SEATS][TM_MAX_TOK]; /* where each token was named */
    int cell_line[TM_MAX_CELLS];        /* where each hex got its piece */
    bool taken[TM_SEATS + 1][TM_MAX_MOUNDS]; /* mounds said taken; [TM_SEATS]: neutral */
    bool trophied[TM_SEATS + 1][TM_MAX_MOUNDS];
    line L;
} reader;


/* One line "termity: line N: ..." in rd->err; returns code. */
int tm_pos_fail(reader *rd, int code, int no, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Words of the current line: a number in lo..hi, a hex on the board, a seat 1..N (as 0..N-1). */
int tm_pos_int_word(reader *rd, const char *w, int lo, int hi, const char *what, int *out);
int tm_pos_hex_word(reader *rd, const char *w, int *cell);
int tm_pos_seat_word(reader *rd, const char *w, const char *what, int *seat);
/* The list after the key (words from `first`): "none" alone, or at least one item. */
int tm_pos_list_words(reader *rd, int first, int *count);
/* Exactly `want` words after the key. */
int tm_pos_arity(reader *rd, int want, const char *usage);
/* Loads the line of a key into rd->L; 1 when the key is absent and not required. */
int tm_pos_load(reader *rd, const slot *sl, const char *key, bool required);
/* tm_pos_load() for a seat's key (skeys), always required. */
int tm_pos_sload(reader *rd, int seat, int key);
/* Refuses a key given where it does not belong, saying why. */
int tm_pos_forbid(reader *rd, int key, const char *why);
/* Pass 2: reads every key in a fixed order into rd->s, refusing counts that do not add up. */
int tm_pos_read_keys(reader *rd);

#endif
