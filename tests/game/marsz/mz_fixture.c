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
