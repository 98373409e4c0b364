/* What Myrmes' and Termity's invariant checks (game->check) say about broken states, pinned:
 * states of seeded random games, each byte in turn with its low bit flipped, checked, and
 * every verdict and message folded into one digest per game, so reshaping my_check or tm_check
 * cannot change which fault they find first or how they name it. Skipped under valgrind (slow);
 * the sanitizers run it, since check() range-checks every index it reads from the state
 * (check-flips tries larger faults). CHECK_PINNED=FILE also writes every message, for a diff
 * before and after a change. */
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

typedef struct pin {
    uint64_t h;
    long checks, faults;
    unsigned char *copy;
    FILE *dump;
} pin;

static void fold(pin *p, const void *b, size_t n)
{
    const unsigned char *c = b;
    for (size_t i = 0; i < n; i++)
        p->h = (p->h ^ c[i]) * 0x100000001b3u;
}

/* Every 9th decision: the state with each byte's low bit flipped in turn, checked. */
static void before_decision(fc_match *m, int who, int ply, void *arg)
{
    (void)who;
    pin *p = arg;
    if (ply % 9)
        return;
    const fc_game *g = fc_match_game(m);
    const fc_env *env = fc_match_search_env(m);
    memcpy(p->copy, fc_match_state(m), g->state_size);
    char msg[256];
    assert_int_equal(g->check(p->copy, env, msg, sizeof msg), 0);
    for (size_t i = 0; i < g->state_size; i++) {
        p->copy[i] ^= 1;
        msg[0] = 0;
        int32_t rc = g->check(p->copy, env, msg, sizeof msg);
        p->copy[i] ^= 1;
        fold(p, &rc, sizeof rc);
        if (rc != 0) {
            fold(p, msg, strnlen(msg, sizeof msg));
            p->faults++;
            if (p->dump)
                fprintf(p->dump, "ply %d byte %zu: %s\n", ply, i, msg);
        }
        p->checks++;
    }
}

static void run_pinned(const char *id, int nseats, uint64_t want)
{
    if (getenv("FC_UNDER_VALGRIND"))
        skip();
    pin p = {.h = 0xcbf29ce484222325u};
    const char *path = getenv("CHECK_PINNED");
    char name[1024];
    if (path) {
        snprintf(name, sizeof name, "%s.%s", path, id);
        assert_non_null(p.dump = fopen(name, "w"));
    }
    fc_context *ctx;
    fc_rules *rules = rg_rules(id, nseats, &ctx);
    const fc_game *g = fc_rules_plugin(rules)->game;
    assert_non_null(p.copy = malloc(g->state_size));
    rg_play(rules, &(rg_games){.games = 2, .seed = 7, .max_plies = 400, .before = before_decision, .arg = &p});
    rg_close(ctx, rules);
    free(p.copy);
    if (p.dump)
        fclose(p.dump);
    print_message("%s: %ld checks, %ld faults found\n", id, p.checks, p.faults);
    if (p.h != want)
        fail_msg("%s: digest 0x%016llx: a verdict or message of check changed (CHECK_PINNED=FILE before and "
                 "after to see which)",
                 id, (unsigned long long)p.h);
}

static void test_myrmes(void **s)
{
    (void)s;
    run_pinned("myrmes", 3, UINT64_C(0x9a104fcdf8f01ba4));
}

static void test_termity(void **s)
{
    (void)s;
    run_pinned("termity", 3, UINT64_C(0x5ef4dc290d6c0f07));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_myrmes),
        cmocka_unit_test(test_termity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
