#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../game_fixture.h"

#include "mb_fixture.h"

void mbfx_open(mbfx *f, uint64_t seed, const char *const *sets) { mbfx_open_variant(f, seed, sets, NULL); }

void mbfx_open_variant(mbfx *f, uint64_t seed, const char *const *sets, const char *lua)
{
    memset(f, 0, sizeof *f);
    gfx_start(MARABUNTA_SO, "marabunta", 2, seed, sets, lua, &f->ctx, &f->rules, &f->m);
    f->g = fc_match_game(f->m);
    f->env = fc_match_search_env(f->m);
    f->D = f->env->data;
    assert_int_equal(f->g->state_size, sizeof(mb_state));
    memcpy(&f->st, fc_match_state(f->m), sizeof f->st);
}

void mbfx_close(mbfx *f)
{
    gfx_stop(f->ctx, f->rules, f->m);
}

int mbfx_hex(const mbfx *f, int q, int r)
{
    int c = f->D->index[r + 16][q + 16];
    if (c < 0)
        fail_msg("hex %d,%d is not on the board", q, r);
    return c;
}

int mbfx_region(const mbfx *f, const char *region)
{
    for (int r = 0; r < f->D->nregions; r++)
        if (!strcmp(f->D->region_name[r], region))
            return r;
    fail_msg("no region %s", region);
    return -1;
}

int mbfx_die(const mbfx *f, const char *region)
{
    int r = mbfx_region(f, region);
    for (int d = 0; d < f->D->ndice; d++)
        if (f->D->die_region[d] == r)
            return d;
    fail_msg("no die %s", region);
    return -1;
}

int mbfx_tile(const mbfx *f, const char *id)
{
    for (int t = 0; t < f->D->ntiles; t++)
        if (!strcmp(f->D->tile[t].id, id))
            return t;
    fail_msg("no tile %s", id);
    return -1;
}

int mbfx_group(const mbfx *f, const char *id)
{
    for (int g = 0; g < f->D->ngroups; g++)
        if (!strcmp(f->D->group_id[g], id))
            return g;
    fail_msg("no group %s", id);
    return -1;
}

void mbfx_resolve(mbfx *f, int seat, bool chooser, int mask, const int *faces, const char *tile)
{
    mb_state *s = &f->st;
    int full = (1 << mb_nitems(f->D)) - 1;
    s->phase = PH_RESOLVE;
    s->ntask = 0;
    s->nrolled = (uint8_t)f->D->ndice;
    for (int d = 0; d < f->D->ndice; d++)
        s->face[d] = (uint8_t)(faces ? faces[d] : FACE_0);
    s->tile = (uint8_t)mbfx_tile(f, tile);
    s->splitter = (uint8_t)(chooser ? 1 - seat : seat);
    s->resolver = (uint8_t)seat;
    s->group[seat] = (uint8_t)mask;
    s->group[1 - seat] = (uint8_t)(full & ~mask);
    s->cut = 0;
    s->nparts = 2;
    s->part[0] = (uint8_t)((mask >> mb_tile_item(f->D) & 1) ? mask : full & ~mask);
    s->part[1] = (uint8_t)(full & ~s->part[0]);
    s->part[2] = 0;
    s->left = (uint8_t)mask;
    /* the drawn tile is no longer in the pile */
    for (int i = 0; i < s->npile; i++)
        if (s->pile[i] == s->tile) {
            s->pile[i] = s->pile[s->npile - 1];
            s->pile[--s->npile] = 0;
        }
}

void mbfx_put(mbfx *f, int seat, int q, int r, int v)
{
    mb_state *s = &f->st;
    int c = mbfx_hex(f, q, r);
    s->hex[c] = (uint8_t)HX_NUM(seat, v);
    mb_del(&s->avail, c);
    mb_add(&s->own[seat], c);
    s->near[seat] = mb_or(s->near[seat], f->D->nbset[c]);
    s->sum[f->D->region[c]][seat] = (uint8_t)(s->sum[f->D->region[c]][seat] + v);
    s->seat[seat].numbers++;
}

void mbfx_cross(mbfx *f, int q, int r)
{
    int c = mbfx_hex(f, q, r);
    f->st.hex[c] = HX_CROSSED;
    mb_del(&f->st.avail, c);
}

int mbfx_to_move(const mbfx *f) { return f->g->to_move(&f->st, f->env); }

int mbfx_nlegal(mbfx *f)
{
    fc_decision buf[MB_MAX_DECISIONS];
    return f->g->legal(&f->st, f->env, buf, NULL);
}

bool mbfx_legal(mbfx *f, const char *text)
{
    fc_decision d;
    return f->g->decision_parse(&f->st, f->env, text, &d) == 0;
}

void mbfx_check(mbfx *f)
{
    char msg[256];
    if (f->g->check(&f->st, f->env, msg, sizeof msg) != 0)
        fail_msg("check: %s", msg);
}

void mbfx_play(mbfx *f, const char *text)
{
    fc_decision d;
    if (f->g->decision_parse(&f->st, f->env, text, &d) != 0) {
        fc_decision buf[MB_MAX_DECISIONS];
        char t[200];
        int n = f->g->legal(&f->st, f->env, buf, NULL);
        fprintf(stderr, "not legal: '%s' (phase %d, seat %d, tasks %d); legal:", text, f->st.phase,
                mbfx_to_move(f), f->st.ntask);
        for (int i = 0; i < n && i < 60; i++) {
            f->g->decision_text(&f->st, f->env, buf[i], t, sizeof t);
            fprintf(stderr, " [%s]", t);
        }
        fprintf(stderr, "\n");
        fail_msg("illegal decision '%s'", text);
    }
    assert_int_equal(f->g->apply(&f->st, f->env, d), 0);
    mbfx_check(f);
}
