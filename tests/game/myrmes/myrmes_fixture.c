#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../game_fixture.h"

#include "myrmes_fixture.h"

void mfx_open(mfx *f, int nseats, uint64_t seed, const char *const *sets)
{
    mfx_open_variant(f, nseats, seed, sets, NULL);
}

void mfx_open_variant(mfx *f, int nseats, uint64_t seed, const char *const *sets, const char *lua)
{
    memset(f, 0, sizeof *f);
    gfx_start(MYRMES_SO, "myrmes", nseats, seed, sets, lua, &f->ctx, &f->rules, &f->m);
    f->g = fc_match_game(f->m);
    f->env = fc_match_search_env(f->m);
    f->D = f->env->data;
    assert_int_equal(f->g->state_size, sizeof(my_state));
    memcpy(&f->st, fc_match_state(f->m), sizeof f->st);
}

void mfx_close(mfx *f)
{
    gfx_stop(f->ctx, f->rules, f->m);
}

int mfx_cell(const mfx *f, int q, int r)
{
    int c = f->D->index[r][q];
    if (c < 0)
        fail_msg("hex %d,%d is not active", q, r);
    return c;
}

int mfx_to_move(const mfx *f) { return f->g->to_move(&f->st, f->env); }

bool mfx_legal(mfx *f, const char *text)
{
    fc_decision d;
    return f->g->decision_parse(&f->st, f->env, text, &d) == 0;
}

void mfx_check(mfx *f)
{
    char msg[256];
    if (f->g->check(&f->st, f->env, msg, sizeof msg) != 0)
        fail_msg("check: %s", msg);
}

void mfx_play(mfx *f, const char *text)
{
    fc_decision d;
    if (f->g->decision_parse(&f->st, f->env, text, &d) != 0) {
        fc_decision buf[MY_MAX_DECISIONS];
        char t[128];
        int n = f->g->legal(&f->st, f->env, buf, NULL);
        fprintf(stderr, "not legal: '%s' (phase %d, seat %d); legal:", text, f->st.phase, mfx_to_move(f));
        for (int i = 0; i < n && i < 40; i++) {
            f->g->decision_text(&f->st, f->env, buf[i], t, sizeof t);
            fprintf(stderr, " [%s]", t);
        }
        fprintf(stderr, "\n");
        fail_msg("illegal decision '%s'", text);
    }
    assert_int_equal(f->g->apply(&f->st, f->env, d), 0);
    mfx_check(f);
}

void mfx_until(mfx *f, int ph, fc_rng *rng)
{
    fc_decision buf[MY_MAX_DECISIONS];
    uint32_t w[MY_MAX_DECISIONS];
    for (int guard = 0; guard < 100000 && f->st.phase != ph; guard++) {
        int who = mfx_to_move(f);
        if (who == FC_NOBODY)
            return;
        int n = f->g->legal(&f->st, f->env, buf, w);
        assert_true(n > 0);
        int i = who == FC_CHANCE ? fc_rng_weighted(rng, w, n) : (int)fc_rng_below(rng, (uint32_t)n);
        assert_int_equal(f->g->apply(&f->st, f->env, buf[i]), 0);
        mfx_check(f);
    }
}

void mfx_clear_board(mfx *f)
{
    my_state *st = &f->st;
    memset(st->tile, 0, sizeof st->tile);
    memset(st->cell_tile, 0, sizeof st->cell_tile);
    memset(st->cube, 0, sizeof st->cube);
    memset(st->group_used, 0, sizeof st->group_used);
    st->tile_hi = 0;
    for (int c = 0; c < f->D->ncells; c++)
        if (st->cell_tok[c] & MY_TOK_PREY)
            st->cell_tok[c] = 0;
    st->prey_placed = st->prey_gone = 0;
    for (int s = 0; s < MY_MAX_SEATS; s++) {
        my_seat *p = &st->seat[s];
        for (int i = 0; i < 3; i++)
            p->res[i] = p->prey[i] = 0;
        for (int i = 0; i < MY_MAX_PHER; i++)
            p->pher_used[i] = 0;
        p->larvae = p->soldiers = 0;
        p->markers = 0;
    }
}

int mfx_put_tile(mfx *f, const char *id, int orient, int q, int r, int owner, bool cubes)
{
    const my_data *D = f->D;
    my_state *st = &f->st;
    int k = 0;
    while (k < D->nkinds && strcmp(D->kind[k].id, id))
        k++;
    assert_true(k < D->nkinds);
    int slot = 0;
    while (st->tile[slot].kind)
        slot++;
    my_tile *T = &st->tile[slot];
    if (slot >= st->tile_hi)
        st->tile_hi = (uint8_t)(slot + 1);
    T->kind = (uint8_t)(k + 1);
    T->owner = (int8_t)owner;
    T->n = D->kind[k].size;
    for (int i = 0; i < T->n; i++) {
        fc_hex x = fc_hex_add(fc_hex_make(q, r), D->kind[k].orient[orient][i]);
        int c = mfx_cell(f, x.q, x.r);
        T->cell[i] = (uint8_t)c;
        st->cell_tile[c] = (uint8_t)(slot + 1);
        if (cubes && !D->kind[k].special && D->terrain[c] <= T_STONE)
            my_bit_set(st->cube, c);
    }
    if (D->kind[k].special) {
        T->marked = owner >= 0;
        st->group_used[D->kind[k].group]++;
        if (owner >= 0)
            st->seat[owner].markers++;
    } else {
        st->seat[owner].pher_used[k]++;
    }
    return slot;
}

void mfx_phase(mfx *f, int phase, int seat, uint32_t mask)
{
    my_state *st = &f->st;
    st->phase = (uint8_t)phase;
    st->turn = (uint8_t)seat;
    st->out_seat = -1;
    st->simul.first = st->first;
    st->simul.n = (uint8_t)f->env->nseats;
    st->simul.waiting = (uint16_t)mask;
    st->simul_mask = (uint8_t)mask;
}

int mfx_obj(const mfx *f, const char *id)
{
    for (int i = 0; i < f->D->nobj; i++)
        if (!strcmp(f->D->obj[i].id, id))
            return i;
    fail_msg("no objective %s", id);
    return -1;
}
