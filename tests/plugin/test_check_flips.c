/* game->check on corrupt states: it exists to diagnose a broken state, so it must be safe on
 * any bytes (every index it takes from the state range-checked before use). For every game
 * that has check, states taken along seeded random games get single- and multi-byte flips
 * (bit flips, random bytes, 0x00 and 0xFF) drawn from a fixed seed, some also every byte in
 * turn at 0xFF and with its top bit flipped, and check runs on each copy; the copy lives in a buffer of exactly state_size bytes, so the sanitizer build
 * (`meson test -C build-san --setup=sanitize check-flips`) reports any read past the state, and
 * -fsanitize=bounds any index past a table. Outside a sanitizer the test only shows that check
 * returns (0 or < 0 with a message) and finds some of the faults. CHECK_FLIPS_GAME=ID runs one
 * game only (under ASan a report ends the run), CHECK_FLIPS_SCALE=N plays N times the games. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/game.h"
#include "random_games.h"

/* a state every EVERY plies, FLIPS corrupt copies of it; every SWEEP-th of them also swept byte
 * by byte */
enum { EVERY = 7, FLIPS = 96, SWEEP = 6 };

typedef struct flips {
    uint64_t x; /* xorshift64 drawing the flips */
    long checks, faults;
    unsigned char *copy;
} flips;

static uint64_t next(flips *f)
{
    f->x ^= f->x << 13, f->x ^= f->x >> 7, f->x ^= f->x << 17;
    return f->x;
}

/* One corruption of copy: 1 to 4 places, each one byte or (one time in four, for all places)
 * a run of 2..8 adjacent bytes (a count and the table it counts); each byte gets a bit
 * flipped, a random value, 0x00 or 0xFF. */
static void corrupt(flips *f, unsigned char *b, size_t n)
{
    int k = 1 + (int)(next(f) % 4);
    size_t run = next(f) % 4 ? 1 : 2 + next(f) % 7;
    for (int j = 0; j < k; j++) {
        size_t at = next(f) % n;
        for (size_t i = at; i < at + run && i < n; i++) {
            uint64_t r = next(f);
            switch (r % 4) {
            case 0: b[i] ^= (unsigned char)(1u << ((r >> 8) % 8)); break;
            case 1: b[i] = (unsigned char)(r >> 16); break;
            case 2: b[i] = 0; break;
            default: b[i] = 0xFF; break;
            }
        }
    }
}

/* check on f->copy: 0, or < 0 with one line within the buffer. */
static void check_one(flips *f, const fc_game *g, const fc_env *env, int ply)
{
    char msg[256];
    memset(msg, 0x55, sizeof msg);
    msg[0] = 0;
    int rc = g->check(f->copy, env, msg, sizeof msg);
    f->checks++;
    if (rc > 0)
        fail_msg("ply %d: check returned %d", ply, rc);
    if (rc < 0) {
        f->faults++;
        if (!memchr(msg, 0, sizeof msg) || !msg[0] || strchr(msg, '\n'))
            fail_msg("ply %d: check returned %d without a one-line message", ply, rc);
    }
}

static void before_decision(fc_match *m, int who, int ply, void *arg)
{
    (void)who;
    flips *f = arg;
    if (ply % EVERY)
        return;
    const fc_game *g = fc_match_game(m);
    const fc_env *env = fc_match_search_env(m);
    char msg[256];
    memcpy(f->copy, fc_match_state(m), g->state_size);
    msg[0] = 0;
    if (g->check(f->copy, env, msg, sizeof msg) != 0)
        fail_msg("ply %d: check refuses the game's own state: %s", ply, msg);
    for (int i = 0; i < FLIPS; i++) {
        memcpy(f->copy, fc_match_state(m), g->state_size);
        corrupt(f, f->copy, g->state_size);
        check_one(f, g, env, ply);
    }
    if (ply % (EVERY * SWEEP))
        return;
    /* every byte in turn at 0xFF and with its top bit flipped: each count and index at its extreme */
    memcpy(f->copy, fc_match_state(m), g->state_size);
    for (size_t i = 0; i < g->state_size; i++) {
        unsigned char was = f->copy[i];
        f->copy[i] = 0xFF;
        check_one(f, g, env, ply);
        f->copy[i] = was ^ 0x80;
        check_one(f, g, env, ply);
        f->copy[i] = was;
    }
}

static void run_flips(const char *id, int nseats, int games, int max_plies)
{
    const char *only = getenv("CHECK_FLIPS_GAME"); /* one game's turn, to see each of its reports */
    if (only && strcmp(only, id) != 0)
        skip();
    fc_context *ctx;
    fc_rules *rules = rg_rules(id, nseats, &ctx);
    const fc_game *g = fc_rules_plugin(rules)->game;
    if (!g->check) {
        rg_close(ctx, rules);
        fail_msg("%s has no check", id);
    }
    const char *scale = getenv("CHECK_FLIPS_SCALE"); /* N times the games, for a longer hunt */
    if (scale && atoi(scale) > 1)
        games *= atoi(scale);
    flips f = {.x = 0x9e3779b97f4a7c15u ^ (uint64_t)nseats};
    assert_non_null(f.copy = malloc(g->state_size));
    rg_games spec = {.games = games, .seed = 11, .max_plies = max_plies, .before = before_decision, .arg = &f};
    rg_play(rules, &spec);
    rg_close(ctx, rules);
    free(f.copy);
    print_message("%s (%d seats): %ld corrupt states checked, %ld faults found\n", id, nseats, f.checks, f.faults);
    assert_true(f.checks >= 1000);
    assert_true(f.faults > f.checks / 10); /* check looks at the state at all */
}

static void test_myrmes(void **s)
{
    (void)s;
    run_flips("myrmes", 2, 1, 400);
    run_flips("myrmes", 4, 1, 400);
}

static void test_termity(void **s)
{
    (void)s;
    run_flips("termity", 2, 1, 400);
    run_flips("termity", 4, 1, 400);
}

static void test_hive(void **s)
{
    (void)s;
    run_flips("hive", 2, 2, 200);
}

static void test_marabunta(void **s)
{
    (void)s;
    run_flips("marabunta", 2, 3, 300);
}

static void test_marsz(void **s)
{
    (void)s;
    run_flips("marsz", 2, 1, 400);
    run_flips("marsz", 5, 1, 400);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_myrmes), cmocka_unit_test(test_termity), cmocka_unit_test(test_hive),
        cmocka_unit_test(test_marabunta), cmocka_unit_test(test_marsz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
