/* The tuner (core/src/sim/tune*.c): parsing of ranges and targets, the search on synthetic
 * objectives with a known optimum (through fc_tune_config.play), racing that drops only what is
 * significantly worse, determinism, and thread-count independence on the bidrace fixture. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"
#include "formicary/rng.h"
#include "formicary/stats.h"
#include "formicary/tune.h"

static const fc_param_def syn_defs[2] = {
    {"x", FC_PARAM_INT, 0, 0, 40, NULL, NULL, 0, 0, "synthetic"},
    {"y", FC_PARAM_INT, 0, 0, 40, NULL, NULL, 0, 0, "synthetic"},
};

/* Synthetic game i of candidate (x, y): rounds = 10 + |x - 13| + |y - 4| + noise. `shared`
 * noise depends on i alone (common random numbers cancel it exactly); otherwise on (i, x, y). */
typedef struct syn {
    bool shared, flat;
    uint64_t salt; /* varies the noise between runs */
    int noise;  /* noise in -noise..noise */
    long calls; /* games played */
} syn;

static int syn_play(void *ud, const int64_t *v, int first, int count, fc_sim_game *out, fc_error *err)
{
    (void)err;
    syn *s = ud;
    for (int i = 0; i < count; i++) {
        int idx = first + i;
        fc_rng rng;
        uint64_t key = s->shared ? (uint64_t)idx : (uint64_t)idx * 7919u + (uint64_t)v[0] * 131u + (uint64_t)v[1];
        key += s->salt * 1000003u;
        fc_rng_seed(&rng, key, 99);
        memset(&out[i], 0, sizeof out[i]);
        out[i].index = idx;
        int base = s->flat ? 10 : 10 + (int)llabs(v[0] - 13) + (int)llabs(v[1] - 4);
        out[i].rounds = base + (s->noise ? fc_rng_range(&rng, -s->noise, s->noise) : 0);
        out[i].winners = 1;
    }
    s->calls += count;
    return 0;
}

static void syn_config(fc_tune_config *c, syn *s, long budget, uint64_t seed)
{
    memset(c, 0, sizeof *c);
    fc_error err;
    c->nseats = 2;
    c->nparams = 2;
    assert_int_equal(fc_tune_param_parse("x=0..20", &c->param[0], &err), 0);
    assert_int_equal(fc_tune_param_parse("y=0..20", &c->param[1], &err), 0);
    c->param[0].def = &syn_defs[0];
    c->param[1].def = &syn_defs[1];
    c->ntargets = 1;
    assert_int_equal(fc_tune_target_parse("rounds=10", 2, &c->target[0], &err), 0);
    c->seed = seed;
    c->threads = 1;
    c->budget_games = budget;
    c->batch = 4;
    c->play = syn_play;
    c->play_ud = s;
}

/* With FC_TUNE_DEBUG set: the candidates of a result, for reading a failure. */
static void dump(const fc_tune_result *r)
{
    if (!getenv("FC_TUNE_DEBUG"))
        return;
    for (int i = 0; i < r->ncandidates; i++) {
        const fc_tune_candidate *a = &r->cand[i];
        fprintf(stderr, "#%d (%lld,%lld) games %d loss %.3f [%.3f,%.3f] status %d round %d bound %.3f%s\n", a->id,
                (long long)a->value[0], (long long)a->value[1], a->games, a->loss, a->loss_lo, a->loss_hi, a->status,
                a->dropped_round, a->drop_bound, a->error[0] ? a->error : "");
    }
}

static void test_param_parse(void **state)
{
    (void)state;
    fc_tune_param p;
    fc_error err;
    assert_int_equal(fc_tune_param_parse("years=1..5", &p, &err), 0);
    assert_string_equal(p.name, "years");
    assert_int_equal(p.lo, 1);
    assert_int_equal(p.hi, 5);
    assert_int_equal(p.step, 1);
    assert_int_equal(p.nvalues, 5);
    assert_int_equal(fc_tune_param_parse("k=-10..10:5", &p, &err), 0);
    assert_int_equal(p.nvalues, 5);
    assert_int_equal(fc_tune_param_value(&p, 4), 10);
    assert_int_equal(fc_tune_param_parse("k=0..10:3", &p, &err), 0);
    assert_int_equal(p.nvalues, 4); /* 0 3 6 9 */
    assert_int_equal(fc_tune_param_parse("k=5..5", &p, &err), 0);
    assert_int_equal(p.nvalues, 1);
    assert_int_equal(fc_tune_param_parse("k=5..1", &p, &err), FC_ERANGE);
    assert_non_null(strstr(err.msg, "empty range"));
    assert_int_equal(fc_tune_param_parse("k=1..5:0", &p, &err), FC_ERANGE);
    assert_non_null(strstr(err.msg, "step"));
    assert_int_equal(fc_tune_param_parse("k=1..5:-2", &p, &err), FC_ERANGE);
    assert_int_equal(fc_tune_param_parse("k=1-5", &p, &err), FC_EPARSE);
    assert_int_equal(fc_tune_param_parse("=1..5", &p, &err), FC_EPARSE);
    assert_int_equal(fc_tune_param_parse("k=a..5", &p, &err), FC_EPARSE);
    assert_int_equal(fc_tune_param_parse("k=1..5:", &p, &err), FC_EPARSE);
    assert_int_equal(fc_tune_param_parse("k=0..100000", &p, &err), FC_ERANGE);
}

static void test_target_parse(void **state)
{
    (void)state;
    fc_tune_target t;
    fc_error err;
    assert_int_equal(fc_tune_target_parse("balance>=0.95", 2, &t, &err), 0);
    assert_int_equal(t.kind, FC_TUNE_BALANCE);
    assert_int_equal(t.rel, FC_TUNE_GE);
    assert_true(fabs(t.value - 0.95) < 1e-12);
    assert_true(fabs(t.scale - 0.1) < 1e-12);
    assert_true(fabs(fc_tune_target_loss(&t, 0.90) - 0.5) < 1e-9);
    assert_true(fc_tune_target_loss(&t, 0.99) == 0);
    assert_int_equal(fc_tune_target_parse("rounds=9", 2, &t, &err), 0);
    assert_int_equal(t.rel, FC_TUNE_EQ);
    assert_true(fabs(t.scale - 0.9) < 1e-12);
    assert_true(fabs(fc_tune_target_loss(&t, 7.2) - 2.0) < 1e-9);
    assert_int_equal(fc_tune_target_parse("margin<=10~2", 2, &t, &err), 0);
    assert_int_equal(t.rel, FC_TUNE_LE);
    assert_true(fabs(fc_tune_target_loss(&t, 13) - 1.5) < 1e-9);
    assert_true(fc_tune_target_loss(&t, 3) == 0);
    assert_int_equal(fc_tune_target_parse("seat_win:2<=0.6", 3, &t, &err), 0);
    assert_int_equal(t.kind, FC_SIM_SEAT_WIN);
    assert_int_equal(t.arg, 1);
    assert_string_equal(t.name, "seat_win:2");
    assert_int_equal(fc_tune_target_parse("first_player_advantage=0", 2, &t, &err), 0);
    assert_int_equal(t.kind, FC_TUNE_FIRST_PLAYER);
    /* malformed */
    assert_int_equal(fc_tune_target_parse("balance", 2, &t, &err), FC_EPARSE);
    assert_int_equal(fc_tune_target_parse("balance>0.9", 2, &t, &err), FC_EPARSE);
    assert_non_null(strstr(err.msg, "'>' alone"));
    assert_int_equal(fc_tune_target_parse("balance>=high", 2, &t, &err), FC_EPARSE);
    assert_int_equal(fc_tune_target_parse("balance>=", 2, &t, &err), FC_EPARSE);
    assert_int_equal(fc_tune_target_parse("rounds=9~0", 2, &t, &err), FC_EPARSE);
    assert_int_equal(fc_tune_target_parse("seat_win:3>=0.2", 2, &t, &err), FC_EPARSE);
    assert_int_equal(fc_tune_target_parse("rounds:1=9", 2, &t, &err), FC_EPARSE);
    assert_int_equal(fc_tune_target_parse("=9", 2, &t, &err), FC_EPARSE);
    assert_int_equal(fc_tune_target_parse("rouds=9", 2, &t, &err), FC_EUNKNOWN);
    assert_non_null(strstr(err.msg, "did you mean 'rounds'"));
}

/* The known optimum (13, 4) of a separable objective with independent noise is found and wins
 * the race; the search stays inside the budget. */
static void test_finds_optimum(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        syn s = {.noise = 2};
        fc_tune_config c;
        syn_config(&c, &s, 1500, seed);
        fc_error err;
        fc_tune_result *r = fc_tune_run(&c, &err);
        assert_non_null(r);
        dump(r);
        assert_true(r->winner >= 0);
        const fc_tune_candidate *w = &r->cand[r->winner];
        assert_int_equal(w->value[0], 13);
        assert_int_equal(w->value[1], 4);
        assert_int_equal(w->status, FC_TUNE_WINNER);
        assert_true(w->est[0].met);
        assert_true(w->front);
        assert_true(r->games <= 1500);
        assert_int_equal(r->games, s.calls);
        assert_int_equal(r->reached[0] >= 1, 1);
        assert_true(r->ntrace > 0);
        /* every dropped candidate is truly worse than the winner and had a positive bound */
        for (int i = 0; i < r->ncandidates; i++) {
            const fc_tune_candidate *a = &r->cand[i];
            if (a->status != FC_TUNE_DROPPED)
                continue;
            assert_true(a->drop_bound > 0);
            assert_true(llabs(a->value[0] - 13) + llabs(a->value[1] - 4) > 0);
        }
        fc_tune_result_free(r);
    }
}

/* A flat objective whose noise is common to all candidates: every paired difference is 0, so
 * no candidate may be dropped, and the race spends the budget on the survivors. */
static void test_no_drop_without_evidence(void **state)
{
    (void)state;
    syn s = {.shared = true, .flat = true, .noise = 3};
    fc_tune_config c;
    syn_config(&c, &s, 800, 5);
    fc_error err;
    fc_tune_result *r = fc_tune_run(&c, &err);
    assert_non_null(r);
    int survivors = 0;
    for (int i = 0; i < r->ncandidates; i++) {
        assert_int_not_equal(r->cand[i].status, FC_TUNE_DROPPED);
        survivors += r->cand[i].status == FC_TUNE_SURVIVOR || r->cand[i].status == FC_TUNE_WINNER;
    }
    assert_true(survivors >= 2);
    assert_true(r->race_rounds >= 1);
    fc_tune_result_free(r);
    /* the same objective with a real difference: candidates off the optimum are dropped */
    syn s2 = {.shared = true, .noise = 3};
    syn_config(&c, &s2, 800, 5);
    r = fc_tune_run(&c, &err);
    assert_non_null(r);
    int dropped = 0;
    for (int i = 0; i < r->ncandidates; i++)
        dropped += r->cand[i].status == FC_TUNE_DROPPED;
    assert_true(dropped >= 1);
    fc_tune_result_free(r);
}

/* Equal candidates with independent noise: the Holm-adjusted drops keep the share of raced
 * candidates dropped by chance small over many runs (4 of 241 here; an unadjusted one-sided 5%
 * test of each against the leader, whose selection favours it, dropped about a quarter). */
static void test_false_drops_rare(void **state)
{
    (void)state;
    int raced = 0, dropped = 0, runs = getenv("FC_UNDER_VALGRIND") ? 4 : 30;
    for (int k = 1; k <= runs; k++) {
        syn s = {.flat = true, .noise = 3, .salt = (uint64_t)k};
        fc_tune_config c;
        syn_config(&c, &s, 1000, (uint64_t)k);
        c.param[1].nvalues = 1; /* x alone: 21 equal candidates */
        fc_error err;
        /* a linear loss (the mean is above 9 in every resample): no hinge hides the noise */
        assert_int_equal(fc_tune_target_parse("rounds<=9", 2, &c.target[0], &err), 0);
        fc_tune_result *r = fc_tune_run(&c, &err);
        assert_non_null(r);
        for (int i = 0; i < r->ncandidates; i++) {
            raced += r->cand[i].status != FC_TUNE_EXPLORED;
            dropped += r->cand[i].status == FC_TUNE_DROPPED;
            if (r->cand[i].status == FC_TUNE_DROPPED)
                assert_true(r->cand[i].drop_p < 0.05 && r->cand[i].drop_bound > 0);
        }
        fc_tune_result_free(r);
    }
    if (getenv("FC_TUNE_DEBUG"))
        fprintf(stderr, "false drops: %d of %d raced\n", dropped, raced);
    assert_true(raced > 0);
    assert_true(dropped * 10 < raced);
}

static void assert_same_result(const fc_tune_result *a, const fc_tune_result *b)
{
    assert_int_equal(a->ncandidates, b->ncandidates);
    assert_int_equal(a->winner, b->winner);
    assert_int_equal(a->games, b->games);
    assert_int_equal(a->race_rounds, b->race_rounds);
    assert_int_equal(a->ntrace, b->ntrace);
    assert_memory_equal(a->cand, b->cand, (size_t)a->ncandidates * sizeof *a->cand);
    assert_memory_equal(a->trace, b->trace, (size_t)a->ntrace * sizeof *a->trace);
}

/* Rounds of candidate (x, y) in games 0..n-1, as syn_play gives them. */
static void syn_rounds(const syn *proto, int64_t x, int64_t y, int n, double *out)
{
    syn s = *proto;
    int64_t v[2] = {x, y};
    fc_sim_game *g = calloc((size_t)n, sizeof *g);
    assert_non_null(g);
    syn_play(&s, v, 0, n, g, NULL);
    for (int i = 0; i < n; i++)
        out[i] = g[i].rounds;
    free(g);
}

/* The detectable difference from the winner. With a loss linear in the mean (rounds <= 0 at
 * scale 1: the loss is mean rounds) it is fc_stats_mde of the per-game differences of rounds
 * over the games the candidate shares with the winner, recomputed here from the synthetic
 * games, up to the bootstrap's noise (1000 resamples: about 2%). The winner has none. */
static void test_mde(void **state)
{
    (void)state;
    syn s = {.noise = 4};
    fc_tune_config c;
    syn_config(&c, &s, 600, 2);
    fc_error err;
    assert_int_equal(fc_tune_target_parse("rounds<=0~1", 2, &c.target[0], &err), 0);
    fc_tune_result *r = fc_tune_run(&c, &err);
    assert_non_null(r);
    dump(r);
    const fc_tune_candidate *w = &r->cand[r->winner];
    assert_true(isnan(w->mde));
    double *a = malloc(600 * sizeof *a), *b = malloc(600 * sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    int checked = 0;
    for (int i = 0; i < r->ncandidates; i++) {
        const fc_tune_candidate *x = &r->cand[i];
        int n = x->games < w->games ? x->games : w->games;
        if (i == r->winner || n < 8)
            continue;
        syn_rounds(&s, x->value[0], x->value[1], n, a);
        syn_rounds(&s, w->value[0], w->value[1], n, b);
        for (int k = 0; k < n; k++)
            a[k] -= b[k];
        fc_stats_summary sm;
        fc_stats_describe(a, (size_t)n, &sm);
        double want = fc_stats_mde(sm.sd, (size_t)n);
        assert_true(fabs(x->mde / want - 1) < 0.1);
        checked++;
    }
    assert_true(checked >= 3);
    free(a);
    free(b);
    fc_tune_result_free(r);
    /* no variation between candidates (common noise, flat): nothing to say */
    syn f = {.shared = true, .flat = true, .noise = 3};
    syn_config(&c, &f, 200, 5);
    r = fc_tune_run(&c, &err);
    assert_non_null(r);
    for (int i = 0; i < r->ncandidates; i++)
        assert_true(isnan(r->cand[i].mde));
    fc_tune_result_free(r);
}

static void test_deterministic(void **state)
{
    (void)state;
    syn s = {.noise = 2};
    fc_tune_config c;
    syn_config(&c, &s, 600, 11);
    fc_error err;
    fc_tune_result *a = fc_tune_run(&c, &err), *b = fc_tune_run(&c, &err);
    assert_non_null(a);
    assert_non_null(b);
    assert_same_result(a, b);
    fc_tune_result_free(b);
    syn_config(&c, &s, 600, 12); /* another seed explores otherwise */
    b = fc_tune_run(&c, &err);
    assert_non_null(b);
    assert_true(a->ncandidates != b->ncandidates ||
                memcmp(a->cand, b->cand, (size_t)a->ncandidates * sizeof *a->cand) != 0);
    fc_tune_result_free(a);
    fc_tune_result_free(b);
}

/* A budget clock that advances `step` seconds at every reading (fc_tune_config.clock). */
typedef struct fake_clock {
    double now, step;
    long reads;
} fake_clock;

static double fake_clock_read(void *ud)
{
    fake_clock *k = ud;
    k->reads++;
    return k->now += k->step;
}

static void count_progress(void *ud, const fc_tune_progress *p)
{
    (void)p;
    ++*(long *)ud;
}

/* --budget-seconds through a clock hook: the readings alone decide (the same readings, the same
 * result; a longer budget plays more games), and showing progress reads the clock no more often:
 * under mpirun rank 0 alone shows progress while every rank must read rank 0's clock at the same
 * points (a reading is a collective there). */
static void test_clock(void **state)
{
    (void)state;
    syn s = {.noise = 2};
    fc_tune_config c;
    syn_config(&c, &s, 0, 5);
    c.budget_seconds = 2;
    fake_clock k = {.now = 100, .step = 0.01};
    c.clock = fake_clock_read;
    c.clock_ud = &k;
    fc_error err;
    fc_tune_result *a = fc_tune_run(&c, &err);
    assert_non_null(a);
    long reads = k.reads, shown = 0;
    assert_true(reads > 10);
    assert_true(a->games > 0);
    k = (fake_clock){.now = 7, .step = 0.01}; /* any origin */
    c.progress = count_progress;
    c.progress_ud = &shown;
    fc_tune_result *b = fc_tune_run(&c, &err);
    assert_non_null(b);
    assert_true(shown > 0);
    assert_int_equal(k.reads, reads);
    assert_same_result(a, b);
    fc_tune_result_free(b);
    k = (fake_clock){.now = 0, .step = 0.005}; /* a faster machine: more games in the budget */
    b = fc_tune_run(&c, &err);
    assert_non_null(b);
    assert_true(b->games > a->games);
    fc_tune_result_free(b);
    /* a budget in games never reads the clock */
    k = (fake_clock){.step = 0.01};
    c.budget_games = 100;
    b = fc_tune_run(&c, &err);
    assert_non_null(b);
    assert_int_equal(k.reads, 0);
    fc_tune_result_free(b);
    fc_tune_result_free(a);
}

/* fc_tune_config.play_sim in place of fc_sim_run: every batch goes through it. */
static long sim_hook_games;
static int sim_hook(void *ud, const fc_sim_config *cfg, int first, int count, fc_sim_game *out, fc_error *err)
{
    (void)ud;
    sim_hook_games += count;
    return fc_sim_run(cfg, first, count, out, err);
}

/* On a real game (bidrace) the result is the same with 1 and 3 threads and through a play_sim
 * hook; the checks name bad parameters. */
static void test_bidrace_threads(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_tune_config c;
    memset(&c, 0, sizeof c);
    fc_error err;
    c.ctx = ctx;
    c.game = "bidrace";
    c.nseats = 2;
    c.nparams = 2;
    assert_int_equal(fc_tune_param_parse("goal=10..40:10", &c.param[0], &err), 0);
    assert_int_equal(fc_tune_param_parse("bid_refund=0..1", &c.param[1], &err), 0);
    c.ntargets = 2;
    assert_int_equal(fc_tune_target_parse("rounds<=6", 2, &c.target[0], &err), 0);
    assert_int_equal(fc_tune_target_parse("balance>=0.9", 2, &c.target[1], &err), 0);
    c.agents[0] = c.agents[1] = "random";
    c.seed = 3;
    c.threads = 1;
    c.budget_games = getenv("FC_UNDER_VALGRIND") ? 120 : 400;
    if (fc_tune_check(&c, &err) != 0)
        fail_msg("%s", err.msg);
    fc_tune_result *a = fc_tune_run(&c, &err);
    assert_non_null(a);
    c.threads = 3;
    c.play_sim = sim_hook;
    sim_hook_games = 0;
    fc_tune_result *b = fc_tune_run(&c, &err);
    assert_non_null(b);
    assert_same_result(a, b);
    assert_int_equal(sim_hook_games, b->games);
    c.play_sim = NULL;
    /* the winner's rule set carries its values */
    fc_rules *w = fc_tune_rules(&c, a->cand[a->winner].value, &err);
    assert_non_null(w);
    int goal = fc_param_find(fc_rules_plugin(w)->params, fc_rules_plugin(w)->nparams, "goal");
    assert_int_equal(fc_rules_values(w)[goal].i, a->cand[a->winner].value[0]);
    fc_rules_free(w);
    fc_tune_result_free(a);
    fc_tune_result_free(b);

    /* bad parameters */
    assert_int_equal(fc_tune_param_parse("gaol=10..40", &c.param[0], &err), 0);
    assert_int_equal(fc_tune_check(&c, &err), FC_EUNKNOWN);
    assert_non_null(strstr(err.msg, "did you mean 'goal'"));
    assert_int_equal(fc_tune_param_parse("goal=1..40", &c.param[0], &err), 0);
    assert_int_equal(fc_tune_check(&c, &err), FC_ERANGE);
    assert_non_null(strstr(err.msg, "5..200"));
    assert_int_equal(fc_tune_param_parse("track=1..4", &c.param[0], &err), 0);
    assert_int_equal(fc_tune_check(&c, &err), FC_EINVAL);
    assert_non_null(strstr(err.msg, "cannot be tuned"));
    assert_int_equal(fc_tune_param_parse("bid_refund=0..2", &c.param[0], &err), 0);
    assert_int_equal(fc_tune_check(&c, &err), FC_ERANGE);
    assert_int_equal(fc_tune_param_parse("bid_refund=0..1", &c.param[0], &err), 0);
    assert_int_equal(fc_tune_check(&c, &err), FC_EINVAL);
    assert_non_null(strstr(err.msg, "given twice"));
    assert_int_equal(fc_tune_param_parse("tie_rule=0..1", &c.param[0], &err), 0); /* enum: choice indices */
    assert_int_equal(fc_tune_check(&c, &err), 0);
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_param_parse),
        cmocka_unit_test(test_target_parse),
        cmocka_unit_test(test_finds_optimum),
        cmocka_unit_test(test_no_drop_without_evidence),
        cmocka_unit_test(test_false_drops_rare),
        cmocka_unit_test(test_mde),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_clock),
        cmocka_unit_test(test_bidrace_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
