/* The alpha-beta agent on Hive: it takes a win in one whenever there is one (H-22), does not
 * allow one when a move avoids it, its root value at depths 1 and 2 equals a plain minimax over
 * the vtable (no pruning, no table), a fixed depth gives the same decision and node count on
 * every run, and its statistics are filled. Positions come from random games with fixed seeds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "formicary/agent.h"
#include "hv_fixture.h"

/* The test's own copy of the direction table (the plugin's is not exported). */
const int8_t hv_dq[6] = {1, 1, 0, -1, -1, 0};
const int8_t hv_dr[6] = {0, -1, -1, 0, 1, 1};

static int positions(void) { return hfx_slow() ? 4 : 40; }

/* ---- a plain minimax for reference: the agent's value scale (agent_ab.c) ---- */

static int ref_leaf(const hfx *f, const hv_state *s, int seat, int ply)
{
    if (f->g->to_move(s, f->env) == FC_NOBODY) {
        int w = s->result == GS_WHITE_WINS ? 0 : s->result == GS_BLACK_WINS ? 1 : -1;
        return w < 0 ? 0 : w == seat ? 30000 - ply : -(30000 - ply);
    }
    double v[2];
    f->g->evaluate(s, f->env, v);
    return (int)((v[seat] - 0.5) * 2 * 10000);
}

/* Quiescence as ab's quiesce=q defines it: the seat to move takes the evaluation or the best of
 * the game's noisy decisions, for q plies. */
static int ref_quiesce(const hfx *f, const hv_state *s, int q, int ply)
{
    int seat = f->g->to_move(s, f->env), v = ref_leaf(f, s, seat, ply);
    if (q == 0)
        return v;
    fc_decision *d = malloc(HV_MAX_DECISIONS * sizeof *d);
    int n = f->g->legal(s, f->env, d, NULL);
    n = f->g->noisy(s, f->env, d, n);
    for (int i = 0; i < n; i++) {
        hv_state c = *s;
        assert_int_equal(f->g->apply(&c, f->env, d[i]), 0);
        int x = f->g->to_move(&c, f->env) == FC_NOBODY ? ref_leaf(f, &c, seat, ply + 1)
                                                       : -ref_quiesce(f, &c, q - 1, ply + 1);
        v = x > v ? x : v;
    }
    free(d);
    return v;
}

static int ref_minimax_q(const hfx *f, const hv_state *s, int depth, int q, int ply, fc_decision *best);

static int ref_minimax(const hfx *f, const hv_state *s, int depth, int ply, fc_decision *best)
{
    return ref_minimax_q(f, s, depth, 0, ply, best);
}

static int ref_minimax_q(const hfx *f, const hv_state *s, int depth, int q, int ply, fc_decision *best)
{
    int seat = f->g->to_move(s, f->env); /* never finished here: the caller scores finished games */
    if (depth == 0)
        return ref_quiesce(f, s, q, ply);
    fc_decision *d = malloc(HV_MAX_DECISIONS * sizeof *d);
    int n = f->g->legal(s, f->env, d, NULL), v = -100000;
    for (int i = 0; i < n; i++) {
        hv_state c = *s;
        assert_int_equal(f->g->apply(&c, f->env, d[i]), 0);
        int x;
        if (f->g->to_move(&c, f->env) == FC_NOBODY)
            x = ref_leaf(f, &c, seat, ply + 1);
        else
            x = -ref_minimax_q(f, &c, depth - 1, q, ply + 1, NULL);
        if (x > v) {
            v = x;
            if (best)
                *best = d[i];
        }
    }
    free(d);
    return v;
}

/* ---- helpers ---- */

/* A match at the position of `s` reached by random play: seed, plies. */
static fc_match *random_position(const hfx *f, uint64_t seed, int plies)
{
    fc_error err;
    fc_match *m = fc_match_new(f->rules, seed, &err);
    assert_non_null(m);
    fc_rng rng;
    fc_rng_seed(&rng, seed, 1);
    for (int i = 0; i < plies && fc_match_to_move(m) >= 0; i++) {
        const fc_decision *legal;
        int n = fc_match_legal(m, &legal, NULL);
        assert_int_equal(fc_match_play(m, legal[fc_rng_below(&rng, (uint32_t)n)], &err), 0);
    }
    return m;
}

/* Whether d ends the game with a win of the seat that plays it. */
static bool wins_now(const hfx *f, const hv_state *s, fc_decision d)
{
    hv_state c = *s;
    int me = f->g->to_move(s, f->env);
    assert_int_equal(f->g->apply(&c, f->env, d), 0);
    return c.result == (me == 0 ? GS_WHITE_WINS : GS_BLACK_WINS);
}

static bool has_win(const hfx *f, const hv_state *s)
{
    if (f->g->to_move(s, f->env) < 0)
        return false;
    fc_decision *d = malloc(HV_MAX_DECISIONS * sizeof *d);
    int n = f->g->legal(s, f->env, d, NULL);
    bool any = false;
    for (int i = 0; i < n && !any; i++)
        any = wins_now(f, s, d[i]);
    free(d);
    return any;
}

static fc_decision ab_choose(fc_match *m, const char *spec, fc_agent_search_stats *st)
{
    fc_error err;
    fc_agent *a = fc_agent_new(spec, 7, &err);
    assert_non_null(a);
    fc_decision d;
    if (fc_agent_choose(a, m, &d, &err) != 0)
        fail_msg("%s: %s", spec, err.msg);
    if (st)
        assert_int_equal(fc_agent_stats(a, st), 0);
    fc_agent_free(a);
    return d;
}

/* ---- tests ---- */

/* H-22: a move that surrounds the enemy Queen is always found, at every depth. */
static void test_takes_the_win(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    int found = 0;
    for (uint64_t seed = 1; found < positions() && seed < 4000; seed++) {
        fc_match *m = random_position(&f, seed, 30 + (int)(seed % 50));
        const hv_state *s = fc_match_state(m);
        if (has_win(&f, s)) {
            found++;
            for (int depth = 1; depth <= 3; depth++) {
                char spec[32];
                snprintf(spec, sizeof spec, "ab:depth=%d", depth);
                assert_true(wins_now(&f, s, ab_choose(m, spec, NULL)));
            }
        }
        fc_match_free(m);
    }
    assert_true(found >= positions() / 2);
    hfx_close(&f);
}

/* Depth 2 never leaves the opponent a win in one when some move avoids it. */
static void test_avoids_the_loss(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    int found = 0;
    fc_decision *d = malloc(HV_MAX_DECISIONS * sizeof *d);
    for (uint64_t seed = 1; found < positions() && seed < 4000; seed++) {
        fc_match *m = random_position(&f, seed, 30 + (int)(seed % 50));
        const hv_state *s = fc_match_state(m);
        int n = f.g->to_move(s, f.env) >= 0 && !has_win(&f, s) ? f.g->legal(s, f.env, d, NULL) : 0;
        int safe = 0, unsafe = 0;
        for (int i = 0; i < n; i++) {
            hv_state c = *s;
            assert_int_equal(f.g->apply(&c, f.env, d[i]), 0);
            if (has_win(&f, &c))
                unsafe++;
            else
                safe++;
        }
        if (unsafe > 0 && safe > 0) {
            found++;
            hv_state c = *s;
            assert_int_equal(f.g->apply(&c, f.env, ab_choose(m, "ab:depth=2", NULL)), 0);
            assert_false(has_win(&f, &c));
        }
        fc_match_free(m);
    }
    free(d);
    assert_true(found >= positions() / 4);
    hfx_close(&f);
}

/* The search's value at depths 1 and 2 is the minimax value (no reductions and no forward
 * pruning: lmr=0, rfp=0), and the move it plays has that value. */
static void test_equals_minimax(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    for (uint64_t seed = 100; seed < 100 + (uint64_t)positions() / 2; seed++) {
        fc_match *m = random_position(&f, seed, 8 + (int)(seed % 24));
        const hv_state *s = fc_match_state(m);
        if (fc_match_to_move(m) < 0) {
            fc_match_free(m);
            continue;
        }
        for (int depth = 1; depth <= 2; depth++) {
            char spec[48];
            snprintf(spec, sizeof spec, "ab:depth=%d,lmr=0,quiesce=0,rfp=0", depth);
            fc_agent_search_stats st;
            fc_decision d = ab_choose(m, spec, &st), ref;
            int want = ref_minimax(&f, s, depth, 0, &ref);
            if (st.depth == 0) /* a single legal decision: played without a search */
                continue;
            assert_int_equal(st.score, want);
            hv_state c = *s;
            assert_int_equal(f.g->apply(&c, f.env, d), 0);
            int got = f.g->to_move(&c, f.env) == FC_NOBODY ? ref_leaf(&f, &c, s->turn & 1, 1)
                                                            : -ref_minimax(&f, &c, depth - 1, 1, NULL);
            assert_int_equal(got, want);
        }
        fc_match_free(m);
    }
    hfx_close(&f);
}

/* Occupied cells around cell q (a stack counts once). */
static int queen_pressure(const hv_state *s, int q)
{
    int n = 0;
    for (int d = 0; d < 6; d++)
        n += s->top[hv_nb(q, d)] != HV_NONE;
    return n;
}

/* The game's noisy decisions (API minor 12) are the moves that add pressure on the enemy Queen:
 * each one, applied, leaves the Queen with more occupied neighbours or a piece on top of it; a
 * move left out from a cell not touching the Queen adds none. */
static void test_noisy(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    assert_non_null(f.g->noisy);
    int noisy_seen = 0;
    for (uint64_t seed = 300; seed < 300 + (uint64_t)positions(); seed++) {
        fc_match *m = random_position(&f, seed, 10 + (int)(seed % 40));
        const hv_state *s = fc_match_state(m);
        int me = fc_match_to_move(m);
        if (me < 0 || s->cell[(1 - me) * HV_KINDS] == HV_OFF) {
            fc_match_free(m);
            continue;
        }
        int eq = s->cell[(1 - me) * HV_KINDS];
        fc_decision *all = malloc(HV_MAX_DECISIONS * sizeof *all), *nz = malloc(HV_MAX_DECISIONS * sizeof *nz);
        int n = f.g->legal(s, f.env, all, NULL);
        memcpy(nz, all, (size_t)n * sizeof *nz);
        int k = f.g->noisy(s, f.env, nz, n);
        assert_true(k >= 0 && k <= n);
        for (int i = 0, j = 0; i < n; i++) {
            bool is_noisy = j < k && nz[j] == all[i]; /* kept in their order */
            j += is_noisy;
            if (all[i] == HV_PASS || s->cell[HV_D_PIECE(all[i])] == HV_OFF) {
                assert_false(is_noisy); /* passes and placements never */
                continue;
            }
            hv_state c = *s;
            assert_int_equal(f.g->apply(&c, f.env, all[i]), 0);
            int from = s->cell[HV_D_PIECE(all[i])], to = HV_D_CELL(all[i]);
            bool more = queen_pressure(&c, eq) > queen_pressure(s, eq) || to == eq;
            if (is_noisy)
                assert_true(more);
            else if (from != eq && !hv_adjacent(from, eq) && (to == eq || s->top[to] == HV_NONE))
                assert_false(more);
            noisy_seen += is_noisy;
        }
        free(all);
        free(nz);
        fc_match_free(m);
    }
    assert_true(noisy_seen > 0 || hfx_slow()); /* the filter is not trivially empty */
    hfx_close(&f);
}

/* quiesce=Q: the root's value equals a plain minimax whose leaves are the quiescence the agent
 * documents (stand on the evaluation or take the best noisy move, Q plies). */
static void test_quiesce_equals_reference(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    int differs = 0;
    for (uint64_t seed = 200; seed < 200 + (uint64_t)positions() / 2; seed++) {
        fc_match *m = random_position(&f, seed, 16 + (int)(seed % 30));
        const hv_state *s = fc_match_state(m);
        if (fc_match_to_move(m) < 0) {
            fc_match_free(m);
            continue;
        }
        fc_agent_search_stats st;
        fc_decision d = ab_choose(m, "ab:depth=1,lmr=0,quiesce=2", &st);
        (void)d;
        if (st.depth == 0) {
            fc_match_free(m);
            continue;
        }
        int want = ref_minimax_q(&f, s, 1, 2, 0, NULL);
        assert_int_equal(st.score, want);
        differs += want != ref_minimax(&f, s, 1, 0, NULL);
        fc_match_free(m);
    }
    assert_true(differs > 0 || hfx_slow()); /* quiescence changed some values: it ran */
    hfx_close(&f);
}

/* A fixed depth on one thread: the same decision and the same nodes on every run; statistics
 * filled (nodes per completed depth, growing). */
static void test_deterministic(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    fc_match *m = random_position(&f, 11, 24);
    fc_agent_search_stats a, b;
    const char *spec = hfx_slow() ? "ab:depth=2" : "ab:depth=4";
    fc_decision d1 = ab_choose(m, spec, &a), d2 = ab_choose(m, spec, &b);
    assert_true(d1 == d2);
    assert_true(a.nodes == b.nodes && a.nodes > 0);
    assert_int_equal(a.depth, hfx_slow() ? 2 : 4);
    for (int d = 2; d <= a.depth; d++)
        assert_true(a.depth_nodes[d] > a.depth_nodes[d - 1]);
    assert_true(a.first_cut > 0 && a.first_cut <= 1);
    fc_match_free(m);
    hfx_close(&f);
}

/* blunder=P (difficulty tiers): 0 is the plain search; 1 plays every decision at random from
 * the seed's stream (the same decisions for the same seed, others for another seed, and over
 * many positions not only the search's choice); out of range is refused. */
static void test_blunder(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    int differs = 0, seeds_differ = 0;
    for (int p = 0; p < 12; p++) {
        fc_match *m = random_position(&f, 100 + (uint64_t)p, 10 + p);
        if (fc_match_to_move(m) < 0) {
            fc_match_free(m);
            continue;
        }
        fc_decision plain = ab_choose(m, "ab:depth=1", NULL);
        assert_true(ab_choose(m, "ab:depth=1,blunder=0", NULL) == plain);
        fc_decision r1 = ab_choose(m, "ab:depth=1,blunder=1", NULL);
        assert_true(ab_choose(m, "ab:depth=1,blunder=1", NULL) == r1);
        differs += r1 != plain;
        seeds_differ += ab_choose(m, "ab:depth=1,blunder=1,seed=99", NULL) != r1;
        fc_match_free(m);
    }
    assert_true(differs >= 6);
    assert_true(seeds_differ >= 6);
    fc_error err;
    assert_null(fc_agent_new("ab:blunder=1.5", 1, &err));
    assert_non_null(strstr(err.msg, "blunder"));
    hfx_close(&f);
}

/* soft=1 (time use): every search starts the next depth and is stopped inside it, so the choice
 * comes from a finished depth or a better root move the unfinished one searched in full: it is
 * legal, with at least one depth done. */
static void test_soft(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    int searched = 0;
    for (int p = 0; p < 6; p++) {
        fc_match *m = random_position(&f, 300 + (uint64_t)p, 20 + 3 * p);
        const fc_decision *legal = NULL;
        int n = fc_match_to_move(m) >= 0 ? fc_match_legal(m, &legal, NULL) : 0;
        if (n > 1) {
            fc_agent_search_stats st;
            fc_decision d = ab_choose(m, "ab:time=0.02,soft=1,clock=cpu", &st);
            int found = 0;
            for (int i = 0; i < n; i++)
                found |= legal[i] == d;
            assert_true(found);
            assert_true(st.depth >= 1);
            searched++;
        }
        fc_match_free(m);
    }
    assert_true(searched >= 3);
    hfx_close(&f);
}

/* Reverse futility pruning (rfp=D): at a fixed depth it searches fewer nodes than rfp=0 over
 * the positions, and a win in one is still taken at depths 2 and 3 (a pruned node's value is a
 * bound below a won score, never a win). */
static void test_rfp(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    uint64_t with = 0, without = 0;
    int wins = 0;
    for (uint64_t seed = 400; seed < 400 + (uint64_t)positions() / 2; seed++) {
        fc_match *m = random_position(&f, seed, 16 + (int)(seed % 30));
        const fc_decision *legal = NULL;
        if (fc_match_to_move(m) < 0 || fc_match_legal(m, &legal, NULL) < 2) {
            fc_match_free(m);
            continue;
        }
        fc_agent_search_stats a, b;
        ab_choose(m, "ab:depth=4,rfp=2", &a);
        ab_choose(m, "ab:depth=4,rfp=0", &b);
        with += a.nodes;
        without += b.nodes;
        fc_match_free(m);
    }
    assert_true(with * 5 < without * 4); /* a fifth fewer at least (about a sixth of them at depth 4) */
    for (uint64_t seed = 1; wins < positions() / 2 && seed < 4000; seed++) {
        fc_match *m = random_position(&f, seed, 30 + (int)(seed % 50));
        const hv_state *s = fc_match_state(m);
        if (has_win(&f, s)) {
            wins++;
            assert_true(wins_now(&f, s, ab_choose(m, "ab:depth=2,rfp=2,rfpmargin=0", NULL)));
            assert_true(wins_now(&f, s, ab_choose(m, "ab:depth=3,rfp=3,rfpmargin=0", NULL)));
        }
        fc_match_free(m);
    }
    assert_true(wins >= positions() / 4);
    fc_error err;
    assert_null(fc_agent_new("ab:rfp=9", 1, &err));
    assert_string_equal(err.msg, "agent ab: rfp: 9 is out of range 0..8");
    assert_null(fc_agent_new("ab:rfpmargin=20000", 1, &err));
    assert_string_equal(err.msg, "agent ab: rfpmargin: 20000 is out of range 0..10000");
    hfx_close(&f);
}

/* Bad options: one line naming the key and the range. */
static void test_options(void **state)
{
    (void)state;
    fc_error err;
    assert_null(fc_agent_new("ab:depth=0", 1, &err));
    assert_string_equal(err.msg, "agent ab: depth: 0 is out of range 1..60");
    assert_null(fc_agent_new("ab:hash=0", 1, &err));
    assert_string_equal(err.msg, "agent ab: hash: 0 MB is out of range 1..4096");
    assert_null(fc_agent_new("ab:threads=99", 1, &err));
    assert_string_equal(err.msg, "agent ab: threads: 99 is out of range 1..16");
    assert_null(fc_agent_new("ab:time=-1", 1, &err));
    assert_null(fc_agent_new("ab:quiesce=17", 1, &err));
    assert_string_equal(err.msg, "agent ab: quiesce: 17 is out of range 0..16");
    assert_null(fc_agent_new("ab:soft=0", 1, &err));
    assert_non_null(strstr(err.msg, "soft"));
    assert_null(fc_agent_new("ab:soft=1.5", 1, &err));
    assert_non_null(strstr(err.msg, "soft"));
    assert_null(fc_agent_new("ab:iters=5", 1, &err));
    assert_non_null(strstr(err.msg, "unknown key 'iters'"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_takes_the_win),   cmocka_unit_test(test_avoids_the_loss),
        cmocka_unit_test(test_equals_minimax), cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_options),         cmocka_unit_test(test_blunder),
        cmocka_unit_test(test_soft),            cmocka_unit_test(test_rfp),
        cmocka_unit_test(test_noisy),           cmocka_unit_test(test_quiesce_equals_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
