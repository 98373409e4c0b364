/* Positions as text, for any game (issue 16): plays random games and, at every state, writes
 * the position, reads it into a new match and requires the very same state bytes, the same
 * text when written again, and a state the game's check accepts.
 *
 *   test_positions PLUGIN.so GAME NSEATS [GAMES]
 *
 * GAMES defaults to 1,000 (20 under valgrind or the sanitizers; POSITION_GAMES overrides). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "formicary/game.h"
#include "formicary/match.h"
#include "formicary/rng.h"
#include "../game_fixture.h"

static const char *so, *game_id;
static int nseats, games;

enum { POS_MAX = 1 << 16, MAX_PLIES = 20000 };

/* One state: write, read back into a new match, compare bytes and text. */
static void round_trip(fc_match *m, const fc_rules *rules, char *text, char *again, int game, size_t ply)
{
    fc_error err;
    int len = fc_match_position_write(m, text, POS_MAX, &err);
    if (len < 0)
        fail_msg("game %d ply %zu: write: %s", game, ply, err.msg);
    fc_match *r = fc_match_new_from_position(rules, 1, text, &err);
    if (!r)
        fail_msg("game %d ply %zu: read: %s\n--- position ---\n%s", game, ply, err.msg, text);
    const fc_game *g = fc_match_game(m);
    const unsigned char *a = fc_match_state(m), *b = fc_match_state(r);
    for (size_t i = 0; i < g->state_size; i++)
        if (a[i] != b[i])
            fail_msg("game %d ply %zu: state byte %zu differs after read (%u, read %u)\n--- position ---\n%s", game,
                     ply, i, a[i], b[i], text);
    int len2 = fc_match_position_write(r, again, POS_MAX, &err);
    if (len2 != len || memcmp(text, again, (size_t)len) != 0)
        fail_msg("game %d ply %zu: the position written again differs\n--- first ---\n%s\n--- again ---\n%s", game,
                 ply, text, again);
    fc_match_free(r);
}

static void test_round_trip_every_state(void **unused)
{
    (void)unused;
    fc_context *ctx;
    fc_rules *rules;
    fc_match *m;
    char *text = malloc(POS_MAX), *again = malloc(POS_MAX);
    assert_non_null(text);
    assert_non_null(again);
    long states = 0;
    for (int game = 0; game < games; game++) {
        gfx_start(so, game_id, nseats, 1000u + (uint64_t)game, NULL, NULL, &ctx, &rules, &m);
        fc_match_set_log(m, 0);
        if (!fc_match_has_positions(m))
            fail_msg("%s does not write positions", game_id);
        fc_rng pick;
        fc_rng_seed(&pick, 77u + (uint64_t)game, 0);
        size_t ply = 0;
        for (;; ply++) {
            round_trip(m, rules, text, again, game, ply);
            states++;
            int who = fc_match_to_move(m);
            if (who == FC_NOBODY)
                break;
            if (ply >= MAX_PLIES)
                fail_msg("game %d: no end after %d decisions", game, MAX_PLIES);
            fc_error err;
            if (who == FC_CHANCE) {
                if (fc_match_play_chance(m, &err) != 0)
                    fail_msg("game %d ply %zu: chance: %s", game, ply, err.msg);
                continue;
            }
            const fc_decision *d;
            int n = fc_match_legal(m, &d, NULL);
            assert_true(n > 0);
            if (fc_match_play(m, d[fc_rng_below(&pick, (uint32_t)n)], &err) != 0)
                fail_msg("game %d ply %zu: play: %s", game, ply, err.msg);
        }
        gfx_stop(ctx, rules, m);
    }
    print_message("%s %dp: %d games, %ld positions written and read back\n", game_id, nseats, games, states);
    free(text);
    free(again);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: test_positions PLUGIN.so GAME NSEATS [GAMES]\n");
        return 2;
    }
    so = argv[1];
    game_id = argv[2];
    nseats = atoi(argv[3]);
    games = argc > 4 ? atoi(argv[4]) : 1000;
    if (getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER"))
        games = 20;
    const char *e = getenv("POSITION_GAMES");
    if (e && atoi(e) > 0)
        games = atoi(e);
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_round_trip_every_state)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
