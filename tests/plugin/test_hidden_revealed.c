/* Hidden decisions become public when the game reveals them (API minor 13, decision_revealed),
 * never before: through random games of each game that hides decisions, every hidden decision
 * of the transcript is hidden up to the ply of the decision that revealed it and seen by
 * everyone from then on, and that decision is the game's reveal: Myrmes' simultaneous step
 * resolving (its public events at that ply), Termity's drawn token deployed or discarded, March
 * of the Ants' ferocity cards and `ferocity none` with the battle they count in (the first one
 * resolved from their ply on, never a later one), its TX-08 tile when laid. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "random_games.h"

typedef struct seen {
    const char *id;
    int hidden, revealed, never;
    int kind[3]; /* per game: revealed decisions of each kind checked (marsz: cards, tiles, none) */
} seen;

/* Whether the log has a public event at `ply` holding one of the words. */
static bool public_event(const fc_match *m, size_t ply, const char *const *words)
{
    for (size_t i = 0; i < fc_match_event_count(m); i++) {
        const fc_match_event *e = fc_match_event_get(m, i);
        if (e->ply != ply || e->audience != FC_ALL_SEATS)
            continue;
        for (int w = 0; words[w]; w++)
            if (strstr(e->text, words[w]))
                return true;
    }
    return false;
}

static bool starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* Whether `by` is `verb` followed by exactly `token` (Termity: "deploy X" after "draw X"). */
static bool plays_token(const char *by, const char *verb, const char *token)
{
    size_t n = strlen(verb);
    return strncmp(by, verb, n) == 0 && strcmp(by + n, token) == 0;
}

/* The game's own reveal of hidden decision i at ply r (= public_at - 1, the revealing decision). */
static void check_reveal(const fc_match *m, const fc_transcript *t, size_t i, size_t r, seen *s)
{
    const char *d = t->text[i], *by = t->text[r];
    if (strcmp(s->id, "myrmes") == 0) {
        static const char *const words[] = {": event ", ": nurses L", " harvests ", " discards ", " pays ", NULL};
        for (size_t j = i; j <= r; j++) /* one step: its choices, all hidden, revealed together */
            if (t->audience[j] == FC_ALL_SEATS)
                fail_msg("myrmes: '%s' (ply %zu) revealed at ply %zu after public '%s'", d, i + 1, r + 1, t->text[j]);
        if (!public_event(m, r, words))
            fail_msg("myrmes: '%s' (ply %zu) revealed by '%s' (ply %zu), where no step was revealed", d, i + 1, by,
                     r + 1);
        s->kind[0]++;
    } else if (strcmp(s->id, "termity") == 0) {
        int drawer = __builtin_ctz(t->audience[i]);
        if (!starts(d, "draw ") || t->seat[r] != drawer || /* "deploy X" picks the token, before its hex */
            !(plays_token(by, "deploy ", d + 5) || plays_token(by, "discard ", d + 5)))
            fail_msg("termity: '%s' (ply %zu) revealed by '%s' of seat %d (ply %zu)", d, i + 1, by, t->seat[r] + 1,
                     r + 1);
        s->kind[0]++;
    } else if (starts(d, "ferocity ")) {
        static const char *const words[] = {"battle at ", "centipede on ", NULL};
        for (size_t j = i; j <= r; j++)
            if (!starts(t->text[j], "ferocity "))
                fail_msg("marsz: '%s' (ply %zu) revealed at ply %zu after '%s'", d, i + 1, r + 1, t->text[j]);
        if (!public_event(m, r, words))
            fail_msg("marsz: '%s' (ply %zu) revealed by '%s' (ply %zu), which resolved no battle", d, i + 1, by, r + 1);
        /* and by the first battle resolved from it on (R-55: its own): `ferocity none` of a seat
         * outside a battle starting as its own resolves was revealed only with that one */
        for (size_t j = i; j < r; j++)
            if (public_event(m, j, words))
                fail_msg("marsz: '%s' (ply %zu) revealed at ply %zu, late: its battle resolved at ply %zu", d, i + 1,
                         r + 1, j + 1);
        s->kind[starts(d, "ferocity none") ? 2 : 0]++;
    } else if (starts(d, "tile ")) {
        if (!starts(by, "place "))
            fail_msg("marsz: '%s' (ply %zu) revealed by '%s' (ply %zu), not by laying it", d, i + 1, by, r + 1);
        s->kind[1]++;
    } else {
        fail_msg("%s: '%s' (ply %zu) revealed at ply %zu: it never should be", s->id, d, i + 1, r + 1);
    }
}

static void after_game(fc_match *m, void *arg)
{
    seen *s = arg;
    fc_transcript t;
    fc_error err;
    assert_int_equal(fc_transcript_make(m, &t, &err), 0);
    for (size_t i = 0; i < t.n; i++) {
        size_t at = t.public_at[i];
        if (t.audience[i] == FC_ALL_SEATS) {
            assert_true(at == i + 1);
            continue;
        }
        s->hidden++;
        if (at == FC_PLY_HIDDEN) {
            if (strcmp(s->id, "marsz") == 0 && starts(t.text[i], "ferocity "))
                fail_msg("marsz: '%s' (ply %zu) never revealed", t.text[i], i + 1);
            if (getenv("FC_TEST_VERBOSE"))
                print_message("%s: never revealed: ply %zu '%s'\n", s->id, i + 1, t.text[i]);
            s->never++;
            assert_int_equal(fc_transcript_audience(&t, i, t.n), t.audience[i]);
            continue;
        }
        s->revealed++;
        assert_true(at >= i + 1 && at <= t.n);
        /* hidden from the others up to the reveal, everyone's from it on */
        assert_int_equal(fc_transcript_audience(&t, i, at - 1), t.audience[i]);
        assert_int_equal(fc_transcript_audience(&t, i, at), FC_ALL_SEATS);
        check_reveal(m, &t, i, at - 1, s);
    }
    fc_transcript_free(&t);
}

static seen run_game(const char *id, int nseats, int games)
{
    fc_context *ctx;
    fc_rules *rules = rg_rules(id, nseats, &ctx);
    seen s = {.id = id};
    rg_play(rules, &(rg_games){.games = rg_quick() ? 1 : games, .seed = 31, .max_plies = 4000,
                               .after = after_game, .arg = &s});
    print_message("%s, %d seats: %d hidden decisions, %d revealed, %d never; checked %d/%d/%d\n", id, nseats,
                  s.hidden, s.revealed, s.never, s.kind[0], s.kind[1], s.kind[2]);
    rg_close(ctx, rules);
    return s;
}

/* Every choice of a simultaneous step is revealed when the step resolves. */
static void test_myrmes(void **state)
{
    (void)state;
    seen s = run_game("myrmes", 3, 2);
    assert_true(s.revealed > 50);
    assert_int_equal(s.never, 0);
}

/* A draw is public once its token leaves the hand; those still in hand at the end stay hidden. */
static void test_termity(void **state)
{
    (void)state;
    seen s = run_game("termity", 2, 3);
    assert_true(s.revealed > 20);
    assert_true(s.never <= 3 * 2 * 3); /* at most a full hand a seat a game */
}

/* Ferocity cards and nones with their battle, a TX-08 tile when laid; peeks (RT-12) never. */
static void test_marsz(void **state)
{
    (void)state;
    seen s = run_game("marsz", 4, 60);
    assert_true(s.kind[0] > 0 && s.kind[2] > 0);
    run_game("marsz", 2, 60); /* the Old Guard in the Great Tunnel's battles */
    run_game("marsz", 5, 60);
    assert_true(s.kind[1] > 0 || rg_quick()); /* TX-08 is rare: 3 in these 60 games */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_myrmes),
        cmocka_unit_test(test_termity),
        cmocka_unit_test(test_marsz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
