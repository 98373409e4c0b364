#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../game_fixture.h"

#include "tm_fixture.h"

/* Tests name tokens by swarm (BLU-05 for seat 1), so unless a test sets swarms itself the
 * seats play BLUE, RED, GOLD, GREY in order instead of a random deal. */
#define TFX_MAX_SETS 32
static const char *const *with_swarms(const char *const *sets, const char **buf)
{
    int n = 0;
    bool given = false;
    buf[n++] = "swarms=0,1,2,3";
    for (int i = 0; sets && sets[i]; i++) {
        if (n == TFX_MAX_SETS - 1)
            fail_msg("too many settings");
        given |= strncmp(sets[i], "swarms=", 7) == 0;
        buf[n++] = sets[i];
    }
    buf[n] = NULL;
    return given ? sets : buf;
}

int tfx_try_open(tfx *f, int nseats, const char *const *sets, fc_error *err)
{
    const char *buf[TFX_MAX_SETS];
    sets = with_swarms(sets, buf);
    memset(f, 0, sizeof *f);
    f->ctx = fc_context_new();
    int rc;
    if (!f->ctx || (rc = fc_context_load(f->ctx, TERMITY_SO, err)) < 0)
        fail_msg("load: %s", err->msg);
    f->rules = fc_rules_new(f->ctx, "termity", nseats, err);
    if (!f->rules)
        return err->code;
    for (int i = 0; sets && sets[i]; i++)
        if ((rc = fc_rules_set(f->rules, sets[i], err)) != 0)
            return rc;
    return fc_rules_finish(f->rules, err);
}

void tfx_open_variant(tfx *f, int nseats, uint64_t seed, const char *const *sets, const char *lua)
{
    const char *buf[TFX_MAX_SETS];
    memset(f, 0, sizeof *f);
    gfx_start(TERMITY_SO, "termity", nseats, seed, with_swarms(sets, buf), lua, &f->ctx, &f->rules, &f->m);
    f->g = fc_match_game(f->m);
    f->env = fc_match_search_env(f->m);
    f->D = f->env->data;
    assert_int_equal(f->g->state_size, sizeof(tm_state));
    memcpy(&f->st, fc_match_state(f->m), sizeof f->st);
}

void tfx_open(tfx *f, int nseats, uint64_t seed, const char *const *sets)
{
    tfx_open_variant(f, nseats, seed, sets, NULL);
}

void tfx_close(tfx *f)
{
    gfx_stop(f->ctx, f->rules, f->m);
}

int tfx_cell(const tfx *f, int q, int r)
{
    int R = f->D->radius;
    int c = q < -R || q > R || r < -R || r > R ? -1 : f->D->index[r + R][q + R];
    if (c < 0)
        fail_msg("hex %d,%d is off the board", q, r);
    return c;
}

void tfx_empty(tfx *f, int seat)
{
    tm_state *s = &f->st;
    memset(s->piece, 0, sizeof s->piece);
    memset(s->neutral_cell, TM_NO_CELL, sizeof s->neutral_cell);
    for (int i = 0; i < s->nseats && i < TM_SEATS; i++) {
        tm_seat *P = &s->seat[i];
        int n = f->D->swarm[f->st.swarm[i]].ntok;
        P->stack = (1u << n) - 1u;
        P->hand = P->board = 0;
        for (int k = 0; k < TM_MAX_TOK; k++)
            P->tok_st[k] = k < n ? TK_STACK : TK_NONE;
        memset(P->tok_cell, TM_NO_CELL, sizeof P->tok_cell);
        memset(P->mound_cell, TM_NO_CELL, sizeof P->mound_cell);
        P->reserve = (uint8_t)((1u << f->D->nmounds) - 1u);
        P->ntrophy = 0;
        P->trophy_sum = 0;
    }
    s->phase = PH_MOVE;
    s->turn = (uint8_t)seat;
    s->round = 1;
    s->sel = TM_NO_CELL;
}

int tfx_unit(tfx *f, int seat, const char *id, int q, int r)
{
    const tm_swarm *S = &f->D->swarm[f->st.swarm[seat]];
    int k = 0;
    while (k < S->ntok && strcmp(S->tok[k].id, id))
        k++;
    if (k == S->ntok)
        fail_msg("no token %s for seat %d", id, seat);
    int c = tfx_cell(f, q, r);
    tm_seat *P = &f->st.seat[seat];
    P->stack &= ~(1u << k);
    P->hand &= ~(1u << k);
    P->board |= 1u << k;
    P->tok_st[k] = TK_BOARD;
    P->tok_cell[k] = (uint8_t)c;
    f->st.piece[c] = TM_UNIT(seat, k);
    return k;
}

void tfx_mound(tfx *f, int seat, int value, int q, int r)
{
    int c = tfx_cell(f, q, r);
    if (seat < 0) {
        int k = 0;
        while (f->st.neutral_cell[k] != TM_NO_CELL)
            k++;
        f->st.neutral_cell[k] = (uint8_t)c;
        f->st.piece[c] = TM_MOUND(TM_NEUTRAL, k);
        return;
    }
    int k = 0;
    while (k < f->D->nmounds && f->D->mound_value[k] != value)
        k++;
    assert_true(k < f->D->nmounds);
    tm_seat *P = &f->st.seat[seat];
    P->reserve = (uint8_t)(P->reserve & ~(1u << k));
    P->mound_cell[k] = (uint8_t)c;
    f->st.piece[c] = TM_MOUND(seat, k);
}

int tfx_to_move(const tfx *f) { return f->g->to_move(&f->st, f->env); }

bool tfx_legal(tfx *f, const char *text)
{
    fc_decision d;
    return f->g->decision_parse(&f->st, f->env, text, &d) == 0;
}

int tfx_nlegal(tfx *f)
{
    fc_decision buf[TM_MAX_DECISIONS];
    return f->g->legal(&f->st, f->env, buf, NULL);
}

void tfx_check(tfx *f)
{
    char msg[256];
    if (f->g->check(&f->st, f->env, msg, sizeof msg) != 0)
        fail_msg("check: %s", msg);
}

void tfx_play(tfx *f, const char *text)
{
    fc_decision d;
    if (f->g->decision_parse(&f->st, f->env, text, &d) != 0) {
        fc_decision buf[TM_MAX_DECISIONS];
        char t[128];
        int n = f->g->legal(&f->st, f->env, buf, NULL);
        fprintf(stderr, "not legal: '%s' (phase %d, to move %d); legal:", text, f->st.phase, tfx_to_move(f));
        for (int i = 0; i < n && i < 60; i++) {
            f->g->decision_text(&f->st, f->env, buf[i], t, sizeof t);
            fprintf(stderr, " [%s]", t);
        }
        fprintf(stderr, "\n");
        fail_msg("illegal decision '%s'", text);
    }
    assert_int_equal(f->g->apply(&f->st, f->env, d), 0);
}

int tfx_random_game(tfx *f, fc_rng *rng)
{
    fc_decision buf[TM_MAX_DECISIONS];
    uint32_t w[TM_MAX_DECISIONS];
    int n = 0;
    for (;; n++) {
        int who = tfx_to_move(f);
        if (who == FC_NOBODY)
            return n;
        int k = f->g->legal(&f->st, f->env, buf, w);
        assert_true(k > 0 && k <= TM_MAX_DECISIONS);
        int i = who == FC_CHANCE ? fc_rng_weighted(rng, w, k) : (int)fc_rng_below(rng, (uint32_t)k);
        assert_int_equal(f->g->apply(&f->st, f->env, buf[i]), 0);
        tfx_check(f);
        if (n > 5000)
            fail_msg("game did not end");
    }
}

int tfx_unit_at(const tfx *f, int q, int r)
{
    uint8_t p = f->st.piece[tfx_cell(f, q, r)];
    return TM_IS_UNIT(p) ? TM_U_SEAT(p) * 100 + TM_U_TOK(p) : -1;
}

void tfx_describe(tfx *f, const char *text, fc_decision_info *out)
{
    fc_decision d;
    if (f->g->decision_parse(&f->st, f->env, text, &d) != 0)
        fail_msg("not legal: %s", text);
    f->g->decision_describe(&f->st, f->env, d, out);
}
