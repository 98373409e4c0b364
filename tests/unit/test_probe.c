/* Agents restricted from kinds of decision (agent key restrict=, agent_restrict.c) and mechanic
 * probes (core/src/study/probe.c), on Hive (its plugin names five kinds, API minor 10) and the
 * bidrace fixture (names none): every restricted kind of agent keeps off the kinds while another
 * is legal; the match's legal list is narrowed and put back; specs and bad names; a probe's
 * schedule, its figures independent of the thread count, and an unbound kind found dead; 3 to 5
 * seats on the tally fixture (tests/fixtures/probe/README), whose figures are known by hand. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"
#include "spread_stub.h"
#include "formicary/agent.h"
#include "formicary/probe.h"

static fc_rules *hive_rules(fc_context *ctx)
{
    fc_error err;
    fc_rules *r = fc_rules_new(ctx, "hive", 2, &err);
    if (!r)
        return NULL;
    assert_int_equal(fc_rules_finish(r, &err), 0);
    return r;
}

/* The kind index of `name` in rules' game. */
static int kind_of(const fc_rules *r, const char *name)
{
    const char *const *kinds;
    int nk = fc_plugin_kinds(fc_rules_plugin(r), &kinds);
    for (int k = 0; k < nk; k++)
        if (strcmp(kinds[k], name) == 0)
            return k;
    fail_msg("no kind %s", name);
    return -1;
}

/* Plays seat 0 with `spec` (restricted from the kinds in mask) and seat 1 random; every decision
 * of seat 0 is of another kind whenever one is legal. Returns the decisions where both were. */
static int play_restricted(const fc_rules *r, const char *spec, uint64_t mask, uint64_t seed, int plies)
{
    fc_error err;
    fc_match *m = fc_match_new(r, seed, &err);
    fc_agent *a = fc_agent_new(spec, seed, &err), *b = fc_agent_new("random", seed + 1, &err);
    assert_non_null(m);
    assert_non_null(a);
    assert_non_null(b);
    int bound = 0;
    for (int ply = 0; ply < plies && fc_match_to_move(m) != FC_NOBODY; ply++) {
        int who = fc_match_to_move(m);
        const fc_decision *legal;
        int n = fc_match_legal(m, &legal, NULL), with_k = 0, others = 0;
        for (int i = 0; i < n; i++)
            *((mask >> fc_match_decision_kind(m, legal[i])) & 1u ? &with_k : &others) += 1;
        fc_decision d;
        assert_int_equal(fc_agent_choose(who == 0 ? a : b, m, &d, &err), 0);
        assert_int_equal(fc_match_legal(m, &legal, NULL), n); /* the whole list is back */
        if (who == 0 && with_k && others) {
            bound++;
            if ((mask >> fc_match_decision_kind(m, d)) & 1u)
                fail_msg("%s chose kind %d at ply %d with %d others legal", spec, fc_match_decision_kind(m, d), ply,
                         others);
        }
        assert_int_equal(fc_match_play(m, d, &err), 0);
    }
    fc_agent_free(a);
    fc_agent_free(b);
    fc_match_free(m);
    return bound;
}

static void test_restricted_agents(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *r = hive_rules(ctx);
    if (!r) {
        fc_context_free(ctx);
        skip();
    }
    uint64_t move = 1ull << kind_of(r, "move"), place = 1ull << kind_of(r, "place"), climb = 1ull << kind_of(r, "climb");
    assert_true(play_restricted(r, "random:restrict=move", move, 3, 200) > 5);
    assert_true(play_restricted(r, "greedy:restrict=move", move, 4, 120) > 5);
    assert_true(play_restricted(r, "greedy:restrict=place", place, 5, 60) > 3);
    assert_true(play_restricted(r, "mcts:iters=30,restrict=move", move, 6, 40) > 3);
    assert_true(play_restricted(r, "ab:depth=1,restrict=move", move, 7, 40) > 3);
    assert_true(play_restricted(r, "ab:depth=2,threads=2,restrict=move+climb", move | climb, 8, 30) > 3);
    fc_rules_free(r);
    fc_context_free(ctx);
}

/* fc_match_legal_restrict narrows the cached list in order and puts it back. */
static void test_legal_restrict(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *r = hive_rules(ctx);
    if (!r) {
        fc_context_free(ctx);
        skip();
    }
    fc_error err;
    fc_match *m = fc_match_new(r, 1, &err);
    fc_rng rng;
    fc_rng_seed(&rng, 9, 0);
    for (int i = 0; i < 12; i++)
        assert_int_equal(fixture_step(m, &rng), 0);
    const fc_decision *legal;
    int n = fc_match_legal(m, &legal, NULL), move = kind_of(r, "move");
    fc_decision whole[1024], saved[4096];
    assert_true(n > 0 && n <= 1024);
    memcpy(whole, legal, (size_t)n * sizeof *whole);
    int kept, moves = 0;
    for (int i = 0; i < n; i++)
        moves += fc_match_decision_kind(m, whole[i]) == move;
    assert_true(moves > 0 && moves < n);
    assert_int_equal(fc_match_legal_restrict(m, 1ull << move, saved, &kept), n);
    assert_int_equal(kept, n - moves);
    assert_int_equal(fc_match_legal(m, &legal, NULL), n - moves);
    for (int i = 0, j = 0; i < n; i++)
        if (fc_match_decision_kind(m, whole[i]) != move)
            assert_int_equal(legal[j++], whole[i]);
    fc_match_legal_unrestrict(m, saved, n);
    assert_int_equal(fc_match_legal(m, &legal, NULL), n);
    assert_memory_equal(legal, whole, (size_t)n * sizeof *whole);
    /* only excluded kinds: the list stays whole */
    assert_int_equal(fc_match_legal_restrict(m, 0x1Full, saved, &kept), n);
    assert_int_equal(kept, n);
    fc_match_free(m);
    fc_rules_free(r);
    fc_context_free(ctx);
}

static void test_specs(void **state)
{
    (void)state;
    char out[128];
    fc_error err;
    assert_int_equal(fc_agent_spec_restrict("greedy", "place,move", out, sizeof out, &err), 0);
    assert_string_equal(out, "greedy:restrict=place+move");
    assert_int_equal(fc_agent_spec_restrict("mcts:iters=9", "pass", out, sizeof out, &err), 0);
    assert_string_equal(out, "mcts:iters=9,restrict=pass");
    assert_true(fc_agent_spec_restricted(out));
    assert_false(fc_agent_spec_restricted("greedy:samples=2"));
    assert_true(fc_agent_spec_restrict(out, "move", out, sizeof out, &err) < 0);
    assert_non_null(strstr(err.msg, "restricted already"));
    fc_agent *a = fc_agent_new("random:restrict=place+", 1, &err);
    assert_null(a);
    assert_non_null(strstr(err.msg, "empty kind"));
    a = fc_agent_new("random:restrict=place", 1, &err);
    assert_non_null(a);
    assert_string_equal(fc_agent_spec(a), "random:restrict=place");
    fc_context *ctx = fixture_context();
    fc_rules *bid = fixture_rules(ctx, 2, NULL);
    assert_true(fc_agent_check_rules(a, bid, &err) < 0); /* bidrace names no kinds */
    assert_non_null(strstr(err.msg, "does not name its kinds"));
    fc_agent_free(a);
    fc_rules *r = hive_rules(ctx);
    if (r) {
        a = fc_agent_new("greedy:restrict=plce", 1, &err);
        assert_true(fc_agent_check_rules(a, r, &err) < 0);
        assert_non_null(strstr(err.msg, "did you mean 'place'"));
        fc_agent_free(a);
        a = fc_agent_new("greedy:restrict=place+move+climb+throw+pass", 1, &err);
        assert_true(fc_agent_check_rules(a, r, &err) < 0);
        assert_non_null(strstr(err.msg, "every kind"));
        fc_agent_free(a);
        uint64_t mask;
        assert_int_equal(fc_probe_kinds_parse(r, "move+pass", &mask, &err), 0);
        assert_int_equal(mask, (1ull << kind_of(r, "move")) | (1ull << kind_of(r, "pass")));
        assert_true(fc_probe_kinds_parse(r, "move,,pass", &mask, &err) < 0);
        fc_rules_free(r);
    }
    fc_probe_config c = {.rules = bid, .agent = "random", .deals = 2, .threads = 1};
    assert_true(fc_probe_check(&c, &err) < 0);
    fc_rules_free(bid);
    fc_context_free(ctx);
}

static bool same_result(const fc_probe_result *a, const fc_probe_result *b)
{
    if (a->games != b->games || a->nkinds != b->nkinds || a->base != b->base || a->timeouts != b->timeouts)
        return false;
    for (int i = 0; i < a->nkinds; i++) {
        const fc_probe_kind *x = &a->kind[i], *y = &b->kind[i];
        if (x->kind != y->kind || x->share != y->share || x->loss != y->loss || x->loss_lo != y->loss_lo ||
            x->binding != y->binding || x->used_win != y->used_win || x->used_lose != y->used_lose ||
            x->verdict != y->verdict)
            return false;
    }
    return true;
}

static void test_probe_run(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *r = hive_rules(ctx);
    if (!r) {
        fc_context_free(ctx);
        skip();
    }
    fc_error err;
    fc_probe_config c = {.rules = r, .agent = "greedy", .deals = 3, .seed = 2, .threads = 1};
    fc_probe_result one, two;
    assert_int_equal(fc_probe_run(&c, &one, &err), 0);
    assert_int_equal(one.nkinds, 5);
    assert_int_equal(one.games, 3 * (1 + 5 * 2));
    c.threads = 3;
    assert_int_equal(fc_probe_run(&c, &two, &err), 0);
    assert_true(same_result(&one, &two));
    /* through a runner in chunks of 2 games, last chunk first: the baseline (3 deals with their
     * kind counts: 2 chunks), then the 30 restricted games (15 chunks) */
    int calls = 0;
    c.threads = 2;
    c.spread = reverse_spread;
    c.spread_ud = &calls;
    assert_int_equal(fc_probe_run(&c, &two, &err), 0);
    assert_int_equal(calls, 2 + 15);
    assert_true(same_result(&one, &two));
    c.spread = NULL;
    for (int i = 0; i < one.nkinds; i++) {
        const fc_probe_kind *k = &one.kind[i];
        assert_true(k->share_lo <= k->share && k->share <= k->share_hi);
        assert_true(k->loss_lo <= k->loss && k->loss <= k->loss_hi);
        if (strcmp(k->name, "pass") == 0) /* Hive passes only when nothing else is legal */
            assert_true(k->binding == 0);
        if (k->binding == 0) { /* never bound: the very games of the baseline */
            assert_true(k->loss == 0 && k->loss_lo == 0 && k->loss_hi == 0);
            assert_int_equal(k->verdict, FC_PROBE_UNBOUND);
        } else {
            assert_int_not_equal(k->verdict, FC_PROBE_UNBOUND);
        }
        if (strcmp(k->name, "move") == 0 || strcmp(k->name, "place") == 0)
            assert_true(k->binding > 0);
    }
    const fc_probe_kind *mv = &one.kind[kind_of(r, "move")];
    assert_true(mv->used_win > 0 && mv->used_lose > 0);
    c.kinds = 1ull << kind_of(r, "move");
    c.threads = 1;
    assert_int_equal(fc_probe_run(&c, &two, &err), 0);
    assert_int_equal(two.nkinds, 1);
    assert_int_equal(two.kind[0].kind, kind_of(r, "move"));
    assert_true(two.kind[0].loss == mv->loss); /* the same deals, whatever else is probed */
    fc_rules_free(r);
    fc_context_free(ctx);
}

/* Finished tally rules (tests/fixtures/probe/games, outside the unit tests' plugin path) for
 * `seats` seats with its parameter lead; NULL (the test skips) when the fixture is not built. */
static fc_rules *tally_rules(fc_context **ctx, int seats, int lead)
{
    *ctx = fc_context_new();
    assert_non_null(*ctx);
    fc_context_add_default_paths(*ctx);
    fc_context_add_path(*ctx, FC_BUILD_ROOT "/tests/fixtures/probe/games");
    fc_context_scan(*ctx);
    fc_error err;
    char set[16];
    snprintf(set, sizeof set, "lead=%d", lead);
    fc_rules *r = fc_rules_new(*ctx, "tally", seats, &err);
    if (r) {
        assert_int_equal(fc_rules_set(r, set, &err), 0);
        assert_int_equal(fc_rules_finish(r, &err), 0);
    }
    return r;
}

#define NEAR(a, b) assert_true(fabs((a) - (b)) < 1e-12)

/* P seats, lead 1: seat 0 wins every baseline game; the agent restricted from take never scores,
 * the one restricted from skip plays as the baseline, pass is only ever legal alone. */
static void probe_tally(int P, int deals)
{
    fc_context *ctx;
    fc_rules *r = tally_rules(&ctx, P, 1);
    if (!r) {
        fc_context_free(ctx);
        skip();
    }
    fc_error err;
    fc_probe_config c = {.rules = r, .agent = "greedy", .deals = deals, .seed = 5, .threads = 1};
    fc_probe_result one, two;
    assert_int_equal(fc_probe_run(&c, &one, &err), 0);
    assert_int_equal(one.nseats, P);
    assert_int_equal(one.games, (long)deals * (1 + 3 * P));
    assert_int_equal(one.timeouts, 0);
    NEAR(one.base, 1.0 / P);
    const fc_probe_kind *take = &one.kind[0], *skp = &one.kind[1], *pass = &one.kind[2];
    int dec = 2, bound = 2; /* seat 0: two choices; seat s: a choice and s passes */
    for (int s = 1; s < P; s++)
        dec += s + 1, bound++;
    for (int k = 0; k < 3; k++)
        assert_int_equal(one.kind[k].games, (long)deals * P);
    NEAR(take->share, 0);
    NEAR(take->loss, 1.0 / P);
    NEAR(take->loss_lo, 1.0 / P);
    NEAR(take->loss_hi, 1.0 / P);
    assert_int_equal(take->verdict, FC_PROBE_ESSENTIAL_KIND);
    NEAR(take->binding, (double)bound / dec);
    NEAR(take->used_win, 1);
    NEAR(take->used_lose, 2.0 / (P + 2)); /* the losers' decisions pooled */
    NEAR(skp->share, 1.0 / P);
    assert_true(skp->loss == 0 && skp->loss_lo == 0 && skp->loss_hi == 0);
    assert_int_equal(skp->verdict, FC_PROBE_DEAD_KIND);
    NEAR(skp->binding, (double)bound / dec);
    assert_true(pass->binding == 0 && pass->loss == 0 && pass->verdict == FC_PROBE_UNBOUND);
    NEAR(pass->used_lose, (double)P / (P + 2));
    c.threads = 3;
    assert_int_equal(fc_probe_run(&c, &two, &err), 0);
    assert_true(same_result(&one, &two));
    int calls = 0; /* chunks of 2: the baseline's deals, then deals x 3 kinds x P games */
    c.threads = 2;
    c.spread = reverse_spread;
    c.spread_ud = &calls;
    assert_int_equal(fc_probe_run(&c, &two, &err), 0);
    assert_int_equal(calls, (deals + 1) / 2 + (deals * 3 * P + 1) / 2);
    assert_true(same_result(&one, &two));
    fc_rules_free(r);
    fc_context_free(ctx);
}

static void test_probe_three_seats(void **state)
{
    (void)state;
    probe_tally(3, 3);
}

static void test_probe_five_seats(void **state)
{
    (void)state;
    probe_tally(5, 2);
}

/* lead 0: every game a P-way first place (1/P each), the restricted agent's too when it takes. */
static void test_probe_shared_first(void **state)
{
    (void)state;
    fc_context *ctx;
    fc_rules *r = tally_rules(&ctx, 4, 0);
    if (!r) {
        fc_context_free(ctx);
        skip();
    }
    fc_error err;
    fc_probe_config c = {.rules = r, .agent = "greedy", .deals = 2, .seed = 1, .threads = 1};
    fc_probe_result res;
    assert_int_equal(fc_probe_run(&c, &res, &err), 0);
    NEAR(res.base, 0.25);
    NEAR(res.kind[0].loss, 0.25); /* restricted from take: out of a 3-way first place */
    NEAR(res.kind[1].share, 0.25);
    assert_true(res.kind[1].loss == 0);
    NEAR(res.kind[0].used_win, 4.0 / 10); /* 4 takes among 4 + 6 passes, every seat a winner */
    assert_true(res.kind[0].used_lose == 0);
    fc_rules_free(r);
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_legal_restrict),
        cmocka_unit_test(test_restricted_agents),
        cmocka_unit_test(test_specs),
        cmocka_unit_test(test_probe_run),
        cmocka_unit_test(test_probe_three_seats),
        cmocka_unit_test(test_probe_five_seats),
        cmocka_unit_test(test_probe_shared_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
