/* Shared by the games' label tests: a decision's whole description (label, group, hex, hexes,
 * and where set from and from_item) folded into one FNV-1a digest, and optionally written as a
 * line of a dump file to diff before and after a change. Include after <cmocka.h>. */
#ifndef FC_TEST_LABEL_DIGEST_H
#define FC_TEST_LABEL_DIGEST_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "formicary/game.h"

typedef struct ldx {
    uint64_t h;
    long n;
    FILE *dump; /* NULL: no dump */
} ldx;

#define LDX_INIT {0xcbf29ce484222325u, 0, NULL}

static inline uint64_t ldx_fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3u;
    return h;
}

static inline void ldx_add(ldx *g, const fc_decision_info *info)
{
    g->h = ldx_fnv(g->h, info->label, strlen(info->label) + 1);
    g->h = ldx_fnv(g->h, info->group, strlen(info->group) + 1);
    int32_t nums[4] = {info->has_hex, info->has_hex ? info->hex.q : 0, info->has_hex ? info->hex.r : 0, info->nhexes};
    g->h = ldx_fnv(g->h, nums, sizeof nums);
    g->h = ldx_fnv(g->h, info->hexes, (size_t)info->nhexes * sizeof info->hexes[0]);
    if (info->has_from || info->from_item) { /* games without trays leave these 0 */
        int32_t from[4] = {info->has_from, info->has_from ? info->from.q : 0, info->has_from ? info->from.r : 0,
                           info->from_item};
        g->h = ldx_fnv(g->h, from, sizeof from);
    }
    g->n++;
    if (!g->dump)
        return;
    fprintf(g->dump, "%s | %s |", info->label, info->group);
    if (info->has_hex)
        fprintf(g->dump, " @%d,%d", info->hex.q, info->hex.r);
    for (int i = 0; i < info->nhexes; i++)
        fprintf(g->dump, " %d,%d", info->hexes[i].q, info->hexes[i].r);
    if (info->has_from)
        fprintf(g->dump, " from %d,%d", info->from.q, info->from.r);
    if (info->from_item)
        fprintf(g->dump, " item %d", (int)info->from_item);
    fputc('\n', g->dump);
}

#endif
