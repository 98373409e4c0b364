#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../game_fixture.h"

#include "mz_fixture.h"

void mfx_open(mfx *f, int nseats, uint64_t seed, const char *const *sets)
{
    mfx_open_variant(f, nseats, seed, sets, NULL);
}

void mfx_open_variant(mfx *f, int nseats, uint64_t seed, const char *const *sets, const char *lua)
{
    memset(f, 0, sizeof *f);
    gfx_start(MARSZ_SO, "marsz", nseats, seed, sets, lua, &f->ctx, &f->rules, &f->m);
    f->g = fc_match_game(f->m);
    f->env = fc_match_search_env(f->m);
    f->D = f->env->data;
    assert_int_equal(f->g->state_size, sizeof(mz_state));
    memcpy(&f->st, fc_match_state(f->m), sizeof f->st);
}

void mfx_close(mfx *f) { gfx_stop(f->ctx, f->rules, f->m); }

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
        static fc_decision buf[MZ_MAX_DECISIONS];
        char t[128];
        int n = f->g->legal(&f->st, f->env, buf, NULL);
        fprintf(stderr, "not legal: '%s' (to move %d); legal:", text, mfx_to_move(f));
        for (int i = 0; i < n && i < 60; i++) {
            f->g->decision_text(&f->st, f->env, buf[i], t, sizeof t);
            fprintf(stderr, " [%s]", t);
        }
        fprintf(stderr, "\n");
        fail_msg("illegal decision '%s'", text);
    }
    assert_int_equal(f->g->apply(&f->st, f->env, d), 0);
    mfx_check(f);
}

static int random_step(mfx *f, fc_rng *rng)
{
    static fc_decision buf[MZ_MAX_DECISIONS];
    int k = f->g->legal(&f->st, f->env, buf, NULL);
    assert_true(k > 0 && k <= MZ_MAX_DECISIONS);
    int i = (int)fc_rng_below(rng, (uint32_t)k);
    assert_int_equal(f->g->apply(&f->st, f->env, buf[i]), 0);
    mfx_check(f);
    return 0;
}

int mfx_random_game(mfx *f, fc_rng *rng)
{
    int n = 0;
    for (; mfx_to_move(f) != FC_NOBODY; n++) {
        random_step(f, rng);
        if (n > 20000)
            fail_msg("game did not end");
    }
    return n;
}

bool mfx_random_until(mfx *f, fc_rng *rng, int kind, int limit)
{
    for (int n = 0; n < limit && mfx_to_move(f) != FC_NOBODY; n++) {
        if (f->st.nframes && f->st.frame[f->st.nframes - 1].kind == kind)
            return true;
        random_step(f, rng);
    }
    return f->st.nframes && f->st.frame[f->st.nframes - 1].kind == kind;
}

/* ---- position builders (plugin internals are compiled into the tests) ---- */

/* Removes card c from wherever it is (deck, hand, discard) into limbo. */
void mfx_take_card(mfx *f, int c)
{
    mz_state *s = &f->st;
    if (s->card_loc[c] == CL_DECK) {
        int i = 0;
        while (s->deck[i] != c)
            i++;
        memmove(s->deck + i, s->deck + i + 1, (size_t)(s->ndeck - i - 1));
        s->ndeck--;
        if (s->draft_bottom > i)
            s->draft_bottom--;
    } else if (s->card_loc[c] == CL_HAND)
        s->seat[s->card_seat[c]].hand--;
    else if (s->card_loc[c] == CL_DISCARD)
        s->ndisc--;
    s->card_loc[c] = CL_LIMBO;
}

void mfx_give_evo(mfx *f, int seat, int c)
{
    mfx_take_card(f, c);
    mz_seat *P = &f->st.seat[seat];
    int sg = f->D->card[c].seg;
    P->pile[sg][P->npile[sg]++] = (uint8_t)c;
    f->st.card_loc[c] = CL_EVO;
    f->st.card_seat[c] = (uint8_t)seat;
}

/* Puts card c on top of the deck. */
void mfx_deck_top(mfx *f, int c)
{
    mfx_take_card(f, c);
    f->st.deck[f->st.ndeck++] = (uint8_t)c;
    f->st.card_loc[c] = CL_DECK;
    f->st.card_seat[c] = MZ_NONE;
}

/* n ants of seat from its egg pool to pos. */
void mfx_ants(mfx *f, int seat, int pos, int n)
{
    for (int i = 0; i < n; i++) {
        f->st.seat[seat].eggs--;
        mz_put(&f->st, seat, pos);
    }
}

/* Every ant of every seat back to the egg pool. */
void mfx_clear_ants(mfx *f)
{
    for (int p = 0; p < f->st.nseats; p++)
        for (int l = 0; l < MZ_LOCS; l++)
            for (int k = 0; k <= MZ_OUT; k++)
                while (mz_take(&f->st, p, MZ_POS(l, k)))
                    f->st.seat[p].eggs++;
}

/* Starts the soldier phase at `stage` (1: Great Tunnel, 2: tiles) of round `round`. */
void mfx_soldier_at(mfx *f, int round, int stage)
{
    mz_state *s = &f->st;
    memset(s->frame, 0, sizeof s->frame);
    s->nframes = 0;
    s->round = (uint8_t)round;
    mz_push(s, F_PHASE, 0, 0, PS_QUEEN, 0, 0);
    mz_push(s, F_SOLDIER, s->active, 0, stage, 0, 0);
    s->frame[1].a = 1;
    mz_run(f->env, s);
    mfx_check(f);
}

/* Plays decisions while exactly one is legal (forced losses on one position). */
void mfx_play_forced(mfx *f)
{
    static fc_decision buf[MZ_MAX_DECISIONS];
    while (mfx_to_move(f) != FC_NOBODY && f->g->legal(&f->st, f->env, buf, NULL) == 1) {
        assert_int_equal(f->g->apply(&f->st, f->env, buf[0]), 0);
        mfx_check(f);
    }
}

int mfx_top_kind(const mfx *f) { return f->st.nframes ? f->st.frame[f->st.nframes - 1].kind : -1; }


/* ---- shorthands of the rule-id tests ---- */

void mfx_place(mfx *f, int tile, int q, int r, int rot) { mz_place_tile(f->env, &f->st, -1, tile, q, r, rot, false); }

void mfx_to_hand(mfx *f, int seat, int c)
{
    mfx_take_card(f, c);
    mz_to_hand(&f->st, seat, c);
}

void mfx_frame_on(mfx *f, int stage, int kind, int seat, int a, int b, int n)
{
    memset(f->st.frame, 0, sizeof f->st.frame);
    f->st.nframes = 0;
    mz_push(&f->st, F_PHASE, 0, 0, stage, 0, 0);
    mz_push(&f->st, kind, seat, a, b, 0, n);
    mz_run(f->env, &f->st);
}

void mfx_turn(mfx *f, int seat)
{
    f->st.active = (uint8_t)seat;
    f->st.round = 2;
    f->st.seat[seat].turns = 1;
    mfx_frame_on(f, PS_THORAX, F_TURN, seat, 0, 0, 0);
}

void mfx_playf(mfx *f, const char *fmt, ...)
{
    char t[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t, sizeof t, fmt, ap);
    va_end(ap);
    mfx_play(f, t);
}

bool mfx_legalf(mfx *f, const char *fmt, ...)
{
    char t[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t, sizeof t, fmt, ap);
    va_end(ap);
    return mfx_legal(f, t);
}

void mfx_until_turn(mfx *f, int seat)
{
    static fc_decision buf[MZ_MAX_DECISIONS];
    while (mfx_to_move(f) != seat || mfx_top_kind(f) != F_TURN) {
        int n = f->g->legal(&f->st, f->env, buf, NULL);
        fc_decision d = buf[0];
        for (int i = 0; i < n; i++)
            if (MZ_DK(buf[i]) == DK_DONE)
                d = buf[i];
        assert_int_equal(f->g->apply(&f->st, f->env, d), 0);
        mfx_check(f);
    }
}
