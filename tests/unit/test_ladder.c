/* Ladders on the bidrace fixture (core/src/study/ladder.c): the schedule (tables, rotations,
 * paired deals), results independent of the thread count and of the play hook, the early stop
 * and bad configurations. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"
#include "formicary/ladder.h"
#include "formicary/stats.h"

static void config(fc_ladder_config *c, const fc_rules *rules)
{
    memset(c, 0, sizeof *c);
    c->rules = rules;
    c->nagents = 3;
    c->agents[0] = "greedy";
    c->agents[1] = "random";
    c->agents[2] = "mcts:iters=40";
    c->anchor = -1;
    c->seed = 5;
    c->threads = 1;
    c->games = 12;
}

static bool same_games(const fc_ladder_result *a, const fc_ladder_result *b)
{
    if (a->ngames != b->ngames)
        return false;
    for (long i = 0; i < a->ngames; i++) {
        const fc_ladder_game *x = &a->games[i], *y = &b->games[i];
        if (x->table != y->table || x->rotation != y->rotation || x->deal != y->deal ||
            x->timeout != y->timeout || x->decisions != y->decisions)
            return false;
        for (int s = 0; s < FC_MAX_SEATS; s++)
            if (x->agent_at[s] != y->agent_at[s] || x->rank[s] != y->rank[s] || x->score[s] != y->score[s])
                return false;
    }
    return true;
}

/* Two players: 3 pairs, every deal twice with the seats exchanged; random is the anchor. */
static void test_schedule_two(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 2, NULL);
    fc_ladder_config c;
    config(&c, rules);
    fc_ladder_result r;
    assert_int_equal(fc_ladder_run(&c, &r, NULL), 0);
    assert_int_equal(r.ntables, 3);
    assert_int_equal(r.anchor, 1);
    assert_int_equal(r.ngames, 3 * 12);
    assert_int_equal(r.rounds, 2); /* 10 games per table, then 2 */
    for (long i = 0; i < r.ngames; i++) {
        const fc_ladder_game *g = &r.games[i];
        /* the partner game: same table and deal, other rotation */
        for (long j = 0; j < r.ngames; j++) {
            const fc_ladder_game *h = &r.games[j];
            if (h->table == g->table && h->deal == g->deal && h->rotation != g->rotation) {
                assert_int_equal(h->agent_at[0], g->agent_at[1]);
                assert_int_equal(h->agent_at[1], g->agent_at[0]);
            }
        }
    }
    assert_int_equal(r.meet[0 * 3 + 1], 12);
    fc_ladder_mde m; /* a pair's 12 games are 6 deals; their mean points are the pair's score */
    assert_int_equal(fc_ladder_pair_mde(&r, 0, 1, &m, NULL), 0);
    assert_int_equal(m.deals, 6);
    assert_true(fabs(m.score - r.pair[0 * 3 + 1] / 12) < 1e-12);
    assert_int_equal(r.rating[1].elo, 0);
    for (int a = 0; a < 3; a++)
        assert_int_equal(r.rating[a].games, 24);
    fc_ladder_result_free(&r);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

typedef struct hook_count {
    int calls;
} hook_count;

static int play_hook(void *ud, const fc_sim_config *cfg, int first, int count, fc_sim_game *out, fc_error *err)
{
    ((hook_count *)ud)->calls++;
    return fc_sim_run(cfg, first, count, out, err);
}

/* The same games on 1 and 3 threads and through the play hook. */
static void test_threads_and_hook(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 2, NULL);
    fc_ladder_config c;
    config(&c, rules);
    fc_ladder_result a, b, h;
    assert_int_equal(fc_ladder_run(&c, &a, NULL), 0);
    c.threads = 3;
    assert_int_equal(fc_ladder_run(&c, &b, NULL), 0);
    hook_count n = {0};
    c.play = play_hook;
    c.play_ud = &n;
    assert_int_equal(fc_ladder_run(&c, &h, NULL), 0);
    assert_int_equal(n.calls, 2 * 3 * 2); /* rounds x tables x rotations */
    assert_true(same_games(&a, &b));
    assert_true(same_games(&a, &h));
    for (int k = 0; k < 3; k++)
        assert_true(a.rating[k].elo == h.rating[k].elo);
    c.seed = 6;
    c.play = NULL;
    fc_ladder_result o;
    assert_int_equal(fc_ladder_run(&c, &o, NULL), 0);
    assert_false(same_games(&a, &o));
    fc_ladder_result_free(&a);
    fc_ladder_result_free(&b);
    fc_ladder_result_free(&h);
    fc_ladder_result_free(&o);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

/* Three players, four agents: C(4,3) = 4 tables, each deal once per rotation. */
static void test_schedule_three(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 3, NULL);
    fc_ladder_config c;
    config(&c, rules);
    c.nagents = 4;
    c.agents[3] = "random:seed=3";
    c.games = 3;
    fc_ladder_result r;
    assert_int_equal(fc_ladder_run(&c, &r, NULL), 0);
    assert_int_equal(r.ntables, 4);
    assert_int_equal(r.ngames, 12);
    for (int a = 0; a < 4; a++)
        assert_int_equal(r.rating[a].games, 9);
    for (long i = 0; i < r.ngames; i++) /* rotation q puts table member q in seat 0 */
        assert_int_equal(r.games[i].agent_at[0], r.games[i].table == 0 ? r.games[i].rotation : r.games[i].agent_at[0]);
    assert_int_equal(r.meet[0 * 4 + 1], 6); /* 0 and 1 share 2 tables of 3 games */
    fc_ladder_result_free(&r);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

/* Strong against weak stops after the first round once separated. */
static void test_until_separated(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 2, NULL);
    fc_ladder_config c;
    config(&c, rules);
    c.nagents = 2;
    c.agents[0] = "random";
    c.agents[1] = "random";
    c.games = 40;
    c.until_separated = true;
    fc_ladder_result r;
    assert_int_equal(fc_ladder_run(&c, &r, NULL), 0);
    /* equal agents: no separation expected, so every round is played */
    assert_false(r.separated);
    assert_int_equal(r.rounds, 4);
    fc_ladder_result_free(&r);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

/* The detectable difference of a pair: per deal, the points averaged over the deal's games
 * (here a's 1, 1/2, 1/2 and 0 per deal, ten times over), then fc_stats_mde and the Elo scale;
 * games of the other pair and an order of the games that mixes the deals change nothing. */
static void test_pair_mde(void **state)
{
    (void)state;
    enum { DEALS = 40 };
    fc_ladder_game games[2 * DEALS + 2];
    fc_ladder_result r;
    memset(&r, 0, sizeof r);
    memset(games, 0, sizeof games);
    r.nagents = 3, r.nseats = 2, r.ntables = 2, r.deals = DEALS, r.games = games;
    /* a's ranks in the deal's two games: win twice, win and lose, tie twice, lose twice */
    const int ra[4][2] = {{0, 0}, {0, 1}, {0, 0}, {1, 1}}, rb[4][2] = {{1, 1}, {1, 0}, {0, 0}, {0, 0}};
    double x[DEALS];
    for (int q = 0; q < 2; q++) /* rotation-major, as the ladder stores a round */
        for (int d = 0; d < DEALS; d++) {
            fc_ladder_game *g = &games[r.ngames++];
            g->table = 0, g->rotation = q, g->deal = d;
            g->agent_at[q] = 0, g->agent_at[1 - q] = 1;
            g->rank[q] = ra[d % 4][q], g->rank[1 - q] = rb[d % 4][q];
        }
    for (int d = 0; d < DEALS; d++)
        x[d] = (d % 4 == 0) ? 1 : (d % 4 == 3) ? 0 : 0.5;
    games[r.ngames++] = (fc_ladder_game){.table = 1, .deal = 0, .agent_at = {0, 2}, .rank = {1, 0}};
    fc_stats_summary sm;
    fc_stats_describe(x, DEALS, &sm);
    double want = fc_stats_mde(sm.sd, DEALS);
    fc_ladder_mde m;
    assert_int_equal(fc_ladder_pair_mde(&r, 0, 1, &m, NULL), 0);
    assert_int_equal(m.deals, DEALS);
    assert_true(fabs(m.score - 0.5) < 1e-12);
    assert_true(fabs(m.sd - sm.sd) < 1e-12);
    assert_true(fabs(m.mde - want) < 1e-12);
    assert_true(fabs(m.elo - 400 * log10((0.5 + want) / (0.5 - want))) < 1e-9);
    assert_true(m.mde > 0.15 && m.mde < 0.17); /* t(39) = 2.023: (2.023 + 0.842) 0.358 / sqrt(40) */
    fc_ladder_mde back; /* b's view: the same spread, the score mirrored */
    assert_int_equal(fc_ladder_pair_mde(&r, 1, 0, &back, NULL), 0);
    assert_true(fabs(back.mde - m.mde) < 1e-12 && fabs(back.score - 0.5) < 1e-12);
    /* one deal: nothing detectable; a pair that is not one: an error */
    r.deals = 1;
    r.ngames = 2;
    games[1] = games[DEALS];
    games[1].deal = 0;
    assert_int_equal(fc_ladder_pair_mde(&r, 0, 1, &m, NULL), 0);
    assert_int_equal(m.deals, 1);
    assert_true(isnan(m.mde) && isnan(m.elo));
    assert_int_equal(fc_ladder_pair_mde(&r, 0, 0, &m, NULL), FC_EINVAL);
    /* few deals: a departure of 1/2 or more is the most a score can show: Elo infinite */
    r.deals = 3;
    r.ngames = 0;
    for (int d = 0; d < 3; d++)
        for (int q = 0; q < 2; q++)
            games[r.ngames++] = (fc_ladder_game){.deal = d, .rotation = q, .agent_at = {q, 1 - q},
                                                 .rank = {d == 0 ? q : 0, d == 0 ? 1 - q : 1}};
    assert_int_equal(fc_ladder_pair_mde(&r, 0, 1, &m, NULL), 0);
    assert_int_equal(m.deals, 3);
    assert_true(m.mde >= 0.5 && isinf(m.elo));
}

static void test_bad_config(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 3, NULL);
    fc_ladder_config c;
    config(&c, rules);
    fc_error e;
    c.nagents = 2;
    assert_true(fc_ladder_check(&c, &e) < 0); /* fewer agents than players */
    c.nagents = 3;
    c.games = 0;
    assert_true(fc_ladder_check(&c, &e) < 0);
    c.games = 4;
    c.agents[2] = "nobody";
    assert_true(fc_ladder_check(&c, &e) < 0);
    assert_non_null(strstr(e.msg, "agent 3"));
    c.agents[2] = "random";
    assert_int_equal(fc_ladder_check(&c, &e), 0);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_schedule_two),    cmocka_unit_test(test_threads_and_hook),
        cmocka_unit_test(test_schedule_three),  cmocka_unit_test(test_until_separated),
        cmocka_unit_test(test_bad_config),      cmocka_unit_test(test_pair_mde),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
