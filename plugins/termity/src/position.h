/* Termity positions (docs/positions/termity.md): the words and helpers that position.c (writing)
 * and position_read.c (reading) share. Private to the plugin. */
#ifndef TERMITY_POSITION_H
#define TERMITY_POSITION_H

#include <stdio.h>
#include <string.h>

#include "termity.h"

static const char *const phase_names[] = {"draw", "setup", "deploy", "deploy_hex", "discard", "move", "move_dest",
                                          "retreat", "attack_mound", "replace", "over", "neutral", "tile", "tile_hex"};
#define NPHASES ((int)(sizeof phase_names / sizeof phase_names[0]))
static const char *const phase_rule[] = {"R-10, R-16", "R-12", "R-14", "R-14", "R-17", "R-18", "R-19",
                                         "R-30, R-31", "R-35", "R-36, R-37", "R-39", "R-44", "R-45", "R-45, R-46"};
static const char *const face_words[TM_TERRAINS] = {"open", "water", "vegetation", "stones"};

/* Phases whose `selected` names something: a token (deploy_hex, the attacker), a hex, a tile. */
static inline bool sel_token(int ph) { return ph == PH_DEPLOY_HEX || ph == PH_RETREAT || ph == PH_ATK_MOUND || ph == PH_REPLACE; }
static inline bool has_sel(int ph) { return sel_token(ph) || ph == PH_MOVE_DEST || ph == PH_TILE_HEX; }
static inline bool has_replacer(int ph) { return ph == PH_ATK_MOUND || ph == PH_REPLACE; }
static inline bool in_attack(int ph) { return ph == PH_RETREAT || ph == PH_ATK_MOUND || ph == PH_REPLACE; }

/* "WV2": a tile by its faces and its number among the tiles with the same faces. */
static inline void tile_name(const tm_data *D, int k, char *buf, size_t n)
{
    int nth = 1;
    for (int j = 0; j < k; j++)
        nth += strcmp(D->tile_code[j], D->tile_code[k]) == 0;
    snprintf(buf, n, "%s%d", D->tile_code[k], nth);
}

#endif
