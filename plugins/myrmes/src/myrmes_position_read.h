/* Myrmes positions, reading: the keys, the reader and what position_read.c (lines, the whole
 * position) and position_keys.c (the value of each key) share. Private to the plugin. */
#ifndef MYRMES_POSITION_READ_H
#define MYRMES_POSITION_READ_H

#include "myrmes_position.h"

#define MAX_WORDS 200

/* Keys: game-wide first, then those of a seat block. */
enum {
    K_POSITION, K_SEATS, K_YEAR, K_SEASON, K_PHASE, K_FIRST, K_TURN, K_DICE, K_DIE, K_STEP, K_WAITING, K_OUTING,
    K_OBJECTIVES, K_PICKING, K_PREY_GONE, K_PREY, K_CUBES, K_TILE_SLOTS, K_TILE, K_SEAT, K_SCORE, K_FOOD, K_DIRT,
    K_STONE, K_LARVAE, K_SOLDIERS, K_WORKERS, K_ROOMS, K_HUNTED, K_NURSERY, K_NURSES, K_WS_SPENT, K_OBJ_NURSES,
    K_LEVEL, K_EVENT, K_WS_DONE, K_EXITS, K_LAID, K_COMPLETED, K_OWED, K_P_SAC, K_P_EVENT, K_P_BIRTHS, K_P_DISCARD,
    K_P_HARVEST, K_P_SCAVENGE, K_P_EXTRA, K_P_ANY, K_COUNT
};
#define K_FIRST_SEAT_KEY K_SCORE

extern const char *const my_pos_key_names[K_COUNT];

typedef struct reader {
    my_state *st;
    const fc_env *env;
    const my_data *D;
    fc_error *err;
    int line, seat; /* current line; current seat block or -1 */
    int l_key[K_COUNT], l_seat_key[MY_MAX_SEATS][K_COUNT];
    int l_prey[MY_PREY], l_tile[MY_MAX_TILES], l_tok[MY_MAX_CELLS], l_cube[MY_MAX_CELLS];
    int tile_slots;
    /* resolved at the end (they name objectives or tiles that may come later) */
    int n_done[MY_MAX_SEATS], done_obj[MY_MAX_SEATS][MY_SLOTS], done_round[MY_MAX_SEATS][MY_SLOTS];
    int pick_obj, n_pick, pick_cell[MY_MAX_TILES];
    char *w[MAX_WORDS];
    int nw;
} reader;

/* An error naming `line` (0: none); returns FC_EPARSE. */
int my_pos_fail(reader *rd, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Exactly n words after the key, else "expected 'FORM'". */
int my_pos_arity(reader *rd, int n, const char *form);
/* A seat 1..N as 0..N-1. */
int my_pos_seat(reader *rd, const char *w, int *s);
/* The value of a game-wide key (K_SEATS..K_TILE) or of a seat key (rd->seat's). */
int my_pos_game_key(reader *rd, int key);
int my_pos_seat_key(reader *rd, int key);

#endif
