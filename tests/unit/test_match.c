/* Match machinery on the bidrace fixture: who decides, legality, apply, undo, clone, chance,
 * hidden simultaneous choices, events, views, scores and determinism. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"

typedef struct fx {
    fc_context *ctx;
    fc_rules *rules;
} fx;

static int setup2(void **state)
{
    fx *f = calloc(1, sizeof *f);
    f->ctx = fixture_context();
    f->rules = fixture_rules(f->ctx, 2, NULL);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    fc_rules_free(f->rules);
    fc_context_free(f->ctx);
    free(f);
    return 0;
}

static void check_invariants(fc_match *m)
{
    const fc_game *g = fc_match_game(m);
    if (g->check) {
        char msg[256] = "";
        int rc = g->check(fc_match_state(m), fc_match_search_env(m), msg, sizeof msg);
        if (rc != 0)
            fail_msg("invariant broken at ply %zu: %s", fc_match_ply(m), msg);
    }
}

static void test_first_decisions_are_bids(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_match *m = fc_match_new(f->rules, 7, &err);
    assert_non_null(m);
    int who = fc_match_to_move(m);
    assert_true(who == 0 || who == 1);
    const fc_decision *d;
    int n = fc_match_legal(m, &d, NULL);
    assert_int_equal(n, 11); /* bid 0..10 with the default 10 tokens */
    char text[64];
    assert_true(fc_match_decision_text(m, d[0], text, sizeof text) > 0);
    assert_string_equal(text, "bid 0");
    fc_match_free(m);
}

static void test_illegal_and_unparsable_refused(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_match *m = fc_match_new(f->rules, 7, &err);
    uint64_t h = fc_match_state_hash(m);
    assert_int_equal(fc_match_play_text(m, "bid 11", &err), FC_EILLEGAL);
    assert_non_null(strstr(err.msg, "bid 11"));
    assert_int_equal(fc_match_play_text(m, "dance", &err), FC_EPARSE);
    assert_int_equal(fc_match_play_chance(m, &err), FC_ESTATE);
    assert_int_equal(fc_match_undo(m, &err), FC_ESTATE);
    assert_int_equal(fc_match_ply(m), 0);
    assert_true(fc_match_state_hash(m) == h);
    fc_match_free(m);
}

/* Plays a whole game with invariants after each decision; returns plies. */
static size_t play_out(fc_match *m, uint64_t agent_seed)
{
    fc_rng rng;
    fc_rng_seed(&rng, agent_seed, 99);
    size_t guard = 0;
    while (fixture_step(m, &rng) == 0 && guard++ < 100000)
        check_invariants(m);
    return fc_match_ply(m);
}

static void test_random_games_finish(void **state)
{
    fx *f = *state;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        fc_error err;
        fc_match *m = fc_match_new(f->rules, seed, &err);
        size_t plies = play_out(m, seed);
        assert_int_equal(fc_match_to_move(m), FC_NOBODY);
        assert_true(plies > 0);
        int32_t score[2];
        int rank[2];
        fc_match_scores(m, score, rank);
        /* Ranks: 0 for the best; a tie shares rank 0. */
        if (score[0] > score[1])
            assert_true(rank[0] == 0 && rank[1] == 1);
        else if (score[0] < score[1])
            assert_true(rank[0] == 1 && rank[1] == 0);
        else
            assert_true(rank[0] == 0 && rank[1] == 0);
        assert_int_equal(fc_match_play_text(m, "bid 0", &err), FC_ESTATE);
        fc_match_free(m);
    }
}

static void test_same_seed_same_game(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_match *a = fc_match_new(f->rules, 1234, &err);
    fc_match *b = fc_match_new(f->rules, 1234, &err);
    play_out(a, 5);
    play_out(b, 5);
    assert_int_equal(fc_match_ply(a), fc_match_ply(b));
    for (size_t i = 0; i < fc_match_ply(a); i++) {
        assert_int_equal(fc_match_history(a, i)->decision, fc_match_history(b, i)->decision);
        assert_int_equal(fc_match_history(a, i)->seat, fc_match_history(b, i)->seat);
    }
    assert_true(fc_match_state_hash(a) == fc_match_state_hash(b));
    /* A different seed changes the game (chance draws differ). */
    fc_match *c = fc_match_new(f->rules, 1235, &err);
    play_out(c, 5);
    assert_true(fc_match_state_hash(a) != fc_match_state_hash(c) || fc_match_ply(a) != fc_match_ply(c));
    fc_match_free(a);
    fc_match_free(b);
    fc_match_free(c);
}

/* fc_match_replay_each: every decision in order, each with the match as it was before it. */
typedef struct replay_seen {
    const fc_match *m;
    size_t calls;
    bool ok;
} replay_seen;

static void replay_check(void *ud, const fc_match *before, size_t i, const fc_history_entry *h)
{
    replay_seen *r = ud;
    r->ok = r->ok && i == r->calls && fc_match_ply(before) == i && h == fc_match_history(r->m, i) &&
            fc_match_to_move(before) == h->seat;
    r->calls++;
}

static void test_replay_each(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_match *a = fc_match_new(f->rules, 77, &err);
    play_out(a, 5);
    replay_seen r = {a, 0, true};
    assert_int_equal(fc_match_replay_each(a, replay_check, &r, &err), 0);
    assert_true(r.ok);
    assert_int_equal(r.calls, fc_match_ply(a));
    assert_true(r.calls > 0);
    fc_match_free(a);
}

static void test_undo_restores_exact_state(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_match *m = fc_match_new(f->rules, 77, &err);
    fc_rng rng;
    fc_rng_seed(&rng, 3, 0);
    uint64_t hashes[64];
    size_t events[64];
    for (int i = 0; i < 40 && fc_match_to_move(m) != FC_NOBODY; i++) {
        hashes[fc_match_ply(m)] = fc_match_state_hash(m);
        events[fc_match_ply(m)] = fc_match_event_count(m);
        assert_int_equal(fixture_step(m, &rng), 0);
    }
    while (fc_match_ply(m) > 0) {
        assert_int_equal(fc_match_undo(m, &err), 0);
        assert_true(fc_match_state_hash(m) == hashes[fc_match_ply(m)]);
        assert_int_equal(fc_match_event_count(m), events[fc_match_ply(m)]);
    }
    fc_match_free(m);
}

static void test_chance_redraw_after_undo_is_identical(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_match *m = fc_match_new(f->rules, 9, &err);
    fc_rng rng;
    fc_rng_seed(&rng, 1, 0);
    while (fc_match_to_move(m) != FC_CHANCE)
        assert_int_equal(fixture_step(m, &rng), 0);
    const uint32_t *w;
    const fc_decision *d;
    int n = fc_match_legal(m, &d, &w);
    assert_int_equal(n, 6); /* roll 1..6 */
    for (int i = 0; i < n; i++)
        assert_int_equal(w[i], w[0]);
    assert_int_equal(fc_match_play_chance(m, &err), 0);
    fc_decision first = fc_match_history(m, fc_match_ply(m) - 1)->decision;
    assert_int_equal(fc_match_history(m, fc_match_ply(m) - 1)->seat, FC_CHANCE);
    assert_int_equal(fc_match_undo(m, &err), 0);
    assert_int_equal(fc_match_play_chance(m, &err), 0);
    assert_int_equal(fc_match_history(m, fc_match_ply(m) - 1)->decision, first);
    fc_match_free(m);
}

static void test_clone_is_independent(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_match *m = fc_match_new(f->rules, 11, &err);
    fc_rng rng;
    fc_rng_seed(&rng, 2, 0);
    for (int i = 0; i < 5; i++)
        fixture_step(m, &rng);
    fc_match *c = fc_match_clone(m, &err);
    assert_non_null(c);
    assert_true(fc_match_state_hash(c) == fc_match_state_hash(m));
    assert_int_equal(fc_match_ply(c), fc_match_ply(m));
    uint64_t before = fc_match_state_hash(m);
    fixture_step(c, &rng);
    assert_true(fc_match_state_hash(m) == before);
    fc_match_free(c);
    fc_match_free(m);
}

/* A bid is a simultaneous hidden choice: its amount reaches only the bidder's log and view. */
static void test_hidden_bid_reaches_only_its_seat(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_match *m = fc_match_new(f->rules, 5, &err);
    int first = fc_match_to_move(m);
    int other = 1 - first;
    size_t before = fc_match_event_count(m);
    assert_int_equal(fc_match_play_text(m, "bid 7", &err), 0);
    int private_seen = 0;
    for (size_t i = before; i < fc_match_event_count(m); i++) {
        const fc_match_event *e = fc_match_event_get(m, i);
        if (strstr(e->text, "7")) {
            assert_true(e->audience & FC_SEAT_BIT(first));
            assert_false(e->audience & FC_SEAT_BIT(other));
            private_seen = 1;
        }
    }
    assert_true(private_seen);
    fc_view v;
    fc_match_view(m, other, &v);
    for (int i = 0; i < v.npanel; i++)
        if (v.panel[i].seat == first && strcmp(v.panel[i].key, "bid") == 0)
            assert_string_equal(v.panel[i].value, "committed");
    fc_match_view(m, first, &v);
    int own = 0;
    for (int i = 0; i < v.npanel; i++)
        if (v.panel[i].seat == first && strcmp(v.panel[i].key, "bid") == 0)
            own = strcmp(v.panel[i].value, "7") == 0;
    assert_true(own);
    /* Determinizing for the other seat must not keep the hidden bid reliably: over many
     * samples some differ from 7. */
    const fc_game *g = fc_match_game(m);
    unsigned char *copy = malloc(g->state_size);
    int differs = 0;
    for (int s = 0; s < 50; s++) {
        memcpy(copy, fc_match_state(m), g->state_size);
        fc_rng rng;
        fc_rng_seed(&rng, (uint64_t)s, 1);
        g->determinize(copy, fc_match_search_env(m), other, &rng);
        differs |= memcmp(copy, fc_match_state(m), g->state_size) != 0;
    }
    assert_true(differs);
    free(copy);
    fc_match_free(m);
}

/* API minor 13: a bid is public from the ply the round's bids are revealed, never before: in
 * the history, its audience now, a transcript, and again hidden after an undo of the reveal. */
static void test_bid_public_once_revealed(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_match *m = fc_match_new(f->rules, 5, &err);
    int first = fc_match_to_move(m);
    assert_int_equal(fc_match_play_text(m, "bid 3", &err), 0);
    assert_true(fc_match_history(m, 0)->public_at == FC_PLY_HIDDEN);
    assert_int_equal(fc_match_history_audience(m, 0), FC_SEAT_BIT(first));
    assert_int_equal(fc_match_play_text(m, "bid 2", &err), 0); /* the second bid reveals both */
    for (size_t i = 0; i < 2; i++) {
        assert_int_equal(fc_match_history(m, i)->public_at, 2);
        assert_int_equal(fc_match_history_audience(m, i), FC_ALL_SEATS);
    }
    /* a front end's remembered move: the match's answer when its entry is that move, else the
     * audience the front end noted (another decision, or a ply the match does not hold) */
    const fc_history_entry *h0 = fc_match_history(m, 0);
    assert_int_equal(fc_match_move_audience(m, 0, h0->seat, h0->decision, FC_SEAT_BIT(first)), FC_ALL_SEATS);
    assert_int_equal(fc_match_move_audience(m, 0, h0->seat, h0->decision + 1, FC_SEAT_BIT(first)), FC_SEAT_BIT(first));
    assert_int_equal(fc_match_move_audience(m, 99, h0->seat, h0->decision, FC_SEAT_BIT(first)), FC_SEAT_BIT(first));
    fc_transcript t;
    assert_int_equal(fc_transcript_make(m, &t, &err), 0);
    assert_int_equal(fc_transcript_audience(&t, 0, 1), FC_SEAT_BIT(first)); /* at ply 1: hidden */
    assert_int_equal(fc_transcript_audience(&t, 0, 2), FC_ALL_SEATS);
    assert_int_equal(fc_transcript_audience(&t, 1, 1), FC_SEAT_BIT(1 - first)); /* not yet made */
    fc_transcript_free(&t);
    assert_int_equal(fc_match_undo(m, &err), 0);
    assert_true(fc_match_history(m, 0)->public_at == FC_PLY_HIDDEN);
    /* the next rounds' bids, the same codes again: each public only once its round is revealed */
    while (fc_match_to_move(m) != FC_NOBODY && fc_match_ply(m) < 40) {
        size_t p = fc_match_ply(m);
        if (fc_match_to_move(m) == FC_CHANCE)
            assert_int_equal(fc_match_play_chance(m, &err), 0);
        else
            assert_int_equal(fc_match_play_text(m, "bid 0", &err), 0);
        const fc_history_entry *h = fc_match_history(m, p);
        bool bid = h->audience != FC_ALL_SEATS, after_bid = fc_match_history(m, p - 1)->audience != FC_ALL_SEATS;
        if (bid && !after_bid) /* the round's first bid (after the roll) */
            assert_true(h->public_at == FC_PLY_HIDDEN);
        if (bid && after_bid) /* the second: both revealed with it */
            assert_int_equal(fc_match_history(m, p - 1)->public_at, p + 1);
    }
    fc_match_free(m);
}

static void test_spectator_view_has_track(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_match *m = fc_match_new(f->rules, 5, &err);
    fc_view v;
    fc_match_view(m, -1, &v);
    assert_int_equal(v.seat, -1);
    assert_int_equal(v.nseats, 2);
    assert_int_equal(v.ncells, 21); /* positions 0..goal (20) */
    fc_match_free(m);
}

static void test_parameters_reach_the_game(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    const char *sets[] = {"tokens=3", "goal=8", NULL};
    fc_rules *r = fixture_rules(ctx, 3, sets);
    fc_error err;
    fc_match *m = fc_match_new(r, 1, &err);
    const fc_decision *d;
    assert_int_equal(fc_match_legal(m, &d, NULL), 4); /* bid 0..3 */
    fc_view v;
    fc_match_view(m, -1, &v);
    assert_int_equal(v.ncells, 9);
    fc_match_free(m);
    fc_rules_free(r);
    fc_context_free(ctx);
}


static fc_rules *variant_rules(fc_context *ctx, const char *name, const char *text)
{
    fc_error err;
    fc_rules *r = fc_rules_new(ctx, "bidrace", 2, &err);
    assert_non_null(r);
    if (fc_rules_load_variant_text(r, name, text, &err) != 0)
        fail_msg("variant: %s", err.msg);
    assert_int_equal(fc_rules_finish(r, &err), 0);
    return r;
}

/* Plays seat decisions (first legal) until a chance point. */
static void to_chance(fc_match *m)
{
    fc_error err;
    while (fc_match_to_move(m) >= 0) {
        const fc_decision *d;
        fc_match_legal(m, &d, NULL);
        assert_int_equal(fc_match_play(m, d[0], &err), 0);
    }
    assert_int_equal(fc_match_to_move(m), FC_CHANCE);
}

/* A registered hook changes play: a huge move bonus ends the game at the first roll. */
static void test_variant_hook_changes_play(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *r = variant_rules(ctx, "rocket.lua",
                                "variant{name='rocket', description='big moves', game='bidrace'}\n"
                                "hook('move_bonus', function(seat, roll) return 100 end)\n");
    fc_error err;
    fc_match *m = fc_match_new(r, 3, &err);
    assert_non_null(m);
    to_chance(m);
    assert_int_equal(fc_match_play_chance(m, &err), 0);
    while (fc_match_to_move(m) >= 0) /* the round may need closing decisions */
        to_chance(m);
    assert_int_equal(fc_match_to_move(m), FC_NOBODY);
    fc_match_free(m);
    fc_rules_free(r);
    fc_context_free(ctx);
}

/* A failing hook: the decision is refused with file:line, the state is as before, and the
 * match stays usable (undo, view, a second attempt fails the same way). */
static void test_variant_error_restores_state(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    const char *scripts[] = {
        "variant{name='boom', description='x', game='bidrace'}\n"
        "hook('move_bonus', function(seat, roll)\n"
        "  error('boom')\n"
        "end)\n",
        "variant{name='loop', description='x', game='bidrace'}\n"
        "hook('move_bonus', function(seat, roll)\n"
        "  while true do end\n"
        "end)\n",
        "variant{name='guarded', description='x', game='bidrace'}\n"
        "hook('move_bonus', function(seat, roll)\n"
        "  pcall(function() while true do end end)\n"
        "  return 1\n"
        "end)\n",
    };
    const char *expect[] = {"v.lua:3: boom", "v.lua:3:", "v.lua:3:"};
    for (int i = 0; i < 3; i++) {
        fc_rules *r = variant_rules(ctx, "v.lua", scripts[i]);
        fc_error err;
        fc_match *m = fc_match_new(r, 3, &err);
        to_chance(m);
        uint64_t h = fc_match_state_hash(m);
        size_t ply = fc_match_ply(m), nev = fc_match_event_count(m);
        assert_int_equal(fc_match_play_chance(m, &err), FC_ESCRIPT);
        if (!strstr(err.msg, expect[i]))
            fail_msg("script %d: '%s' lacks '%s'", i, err.msg, expect[i]);
        assert_true(fc_match_state_hash(m) == h);
        assert_int_equal(fc_match_ply(m), ply);
        assert_int_equal(fc_match_event_count(m), nev);
        assert_int_equal(fc_match_play_chance(m, &err), FC_ESCRIPT);
        assert_int_equal(fc_match_undo(m, &err), 0);
        fc_match_free(m);
        fc_rules_free(r);
    }
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_first_decisions_are_bids, setup2, teardown),
        cmocka_unit_test_setup_teardown(test_illegal_and_unparsable_refused, setup2, teardown),
        cmocka_unit_test_setup_teardown(test_random_games_finish, setup2, teardown),
        cmocka_unit_test_setup_teardown(test_same_seed_same_game, setup2, teardown),
        cmocka_unit_test_setup_teardown(test_replay_each, setup2, teardown),
        cmocka_unit_test_setup_teardown(test_undo_restores_exact_state, setup2, teardown),
        cmocka_unit_test_setup_teardown(test_chance_redraw_after_undo_is_identical, setup2, teardown),
        cmocka_unit_test_setup_teardown(test_clone_is_independent, setup2, teardown),
        cmocka_unit_test_setup_teardown(test_hidden_bid_reaches_only_its_seat, setup2, teardown),
        cmocka_unit_test_setup_teardown(test_bid_public_once_revealed, setup2, teardown),
        cmocka_unit_test_setup_teardown(test_spectator_view_has_track, setup2, teardown),
        cmocka_unit_test(test_parameters_reach_the_game),
        cmocka_unit_test(test_variant_hook_changes_play),
        cmocka_unit_test(test_variant_error_restores_state),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
