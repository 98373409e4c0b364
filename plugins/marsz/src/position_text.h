/* March of the Ants positions as text: the names and field tables shared by the writer
 * (position.c) and the reader (position_read.c). docs/positions/marsz.md describes the format. */
#ifndef MARSZ_POSITION_TEXT_H
#define MARSZ_POSITION_TEXT_H

#include <stddef.h>

#include "marsz.h"

/* How one value is written: numbers, seats 1-based ("none" for MZ_NONE, "og" for the Old
 * Guard), locations ("GT", "T5"), seat sets ("1+3+og", "none"). */
enum { V_U8, V_I8, V_I16, V_SEAT, V_SEATN, V_BSEAT, V_LOC, V_MASK, V_MASK16 };

typedef struct mz_fdef {
    const char *name;
    uint8_t type;
    uint16_t off;
    int16_t lo, hi; /* numbers */
} mz_fdef;

#define MZ_FD(st, nm, fld, ty, lo, hi) {nm, ty, (uint16_t)offsetof(st, fld), lo, hi}

/* scalar keys of the whole state: one line each ("round 2") */
enum { MZ_NGKEYS = 6, MZ_NNEST = 6, MZ_NROUND = 7, MZ_NBATTLE = 16, MZ_NSIMUL = 3, MZ_NBARRAYS = 5 };
extern const mz_fdef mz_gkeys[MZ_NGKEYS];

/* "seat N nest ..." */
extern const mz_fdef mz_nest_fields[MZ_NNEST];
/* "seat N round ...": what the seat did this round */
extern const mz_fdef mz_round_fields[MZ_NROUND];
/* "battle ...": the battle in progress (ant battle or centipede) */
extern const mz_fdef mz_battle_fields[MZ_NBATTLE];
/* "battle_ferocity ...": R-55 hidden choices still to commit (core fc_simul) */
extern const mz_fdef mz_simul_fields[MZ_NSIMUL];
/* "battle_NAME v1 .. v6": per seat 1..5, then the Old Guard */
typedef struct mz_barray {
    const char *name;
    uint8_t type;
    uint16_t off;
    int16_t lo, hi;
} mz_barray;
extern const mz_barray mz_battle_arrays[MZ_NBARRAYS];

/* Frame kinds by name, and what their arguments a, b, c may hold on read:
 * n any byte, T tile 1..28, t 0..28, L location 0..28 or 255, C card, X card or 100..105 (a
 * tile effect), K action/reaction kind, P position or 255, S seat index. */
typedef struct mz_fkind {
    const char *name;
    const char *args; /* a, b, c */
} mz_fkind;
extern const mz_fkind mz_fkinds[F_COUNT];

/* Frames that run without a decision (engine.c mz_run): never on top of a written position. */
static inline bool mz_frame_automatic(int kind)
{
    return kind == F_PHASE || kind == F_NEXTTURN || kind == F_CARD || kind == F_AFTEREXP || kind == F_SOLDIER ||
           kind == F_BATTLE || kind == F_CENTI || kind == F_QUEEN;
}

extern const char *const mz_seg_keys[3];

/* position.c */
int mz_species_key(const mz_data *D, int sp, char *buf, size_t n); /* "egg_keepers", "standard" */
bool mz_battle_on(const mz_state *s);                              /* a battle or centipede frame */
bool mz_battle_kept(const mz_state *s);                            /* that, or the last battle's record */

#endif
