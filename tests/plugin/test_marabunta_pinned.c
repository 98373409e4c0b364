/* Marabunta's decision labels and its states pinned: through seeded random games, every legal
 * decision's whole description (label, group, hexes, sources; tests/game/label_digest.h), the
 * state's hash after every decision and each game's events (ply, audience, text) are folded into
 * digests, so reshaping mb_decision_describe or the apply functions cannot change what a player
 * reads or what a decision does.
 * MARABUNTA_PINNED=FILE also writes each description, for a diff before and after a change. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../game/label_digest.h"
#include "random_games.h"

typedef struct pin {
    ldx labels;
    uint64_t states; /* FNV-1a over the state hashes */
    long plies, events;
} pin;

static void before_decision(fc_match *m, int who, int ply, void *arg)
{
    (void)who, (void)ply;
    pin *p = arg;
    uint64_t h = fc_match_state_hash(m);
    p->states = ldx_fnv(p->states, &h, sizeof h);
    p->plies++;
    const fc_decision *legal = NULL;
    int n = fc_match_legal(m, &legal, NULL);
    for (int i = 0; i < n; i++) {
        fc_decision_info info;
        fc_match_decision_describe(m, legal[i], &info);
        ldx_add(&p->labels, &info);
    }
}

static void game_over(fc_match *m, void *arg)
{
    pin *p = arg;
    uint64_t h = fc_match_state_hash(m);
    p->states = ldx_fnv(p->states, &h, sizeof h);
    for (size_t i = 0; i < fc_match_event_count(m); i++) {
        const fc_match_event *e = fc_match_event_get(m, i);
        uint64_t head[2] = {e->ply, e->audience};
        p->states = ldx_fnv(p->states, head, sizeof head);
        p->states = ldx_fnv(p->states, e->text, strnlen(e->text, sizeof e->text));
        p->events++;
    }
}

static void test_pinned(void **state)
{
    (void)state;
    pin p = {.labels = LDX_INIT, .states = 0xcbf29ce484222325u};
    const char *path = getenv("MARABUNTA_PINNED");
    if (path)
        assert_non_null(p.labels.dump = fopen(path, "w"));
    fc_context *ctx;
    fc_rules *rules = rg_rules("marabunta", 2, &ctx);
    rg_play(rules, &(rg_games){.games = 12, .seed = 21, .max_plies = 5000, .before = before_decision,
                               .after = game_over, .arg = &p});
    rg_close(ctx, rules);
    if (p.labels.dump)
        fclose(p.labels.dump);
    print_message("%ld plies, %ld events, %ld descriptions\n", p.plies, p.events, p.labels.n);
    if (p.labels.h != UINT64_C(0x766f2e9c76c237a7) || p.states != UINT64_C(0x4b3127f21530f31e))
        fail_msg("labels 0x%016llx (%ld descriptions), states and events 0x%016llx (%ld plies): a label, a state or an event changed "
                 "(MARABUNTA_PINNED=FILE before and after to see which label)",
                 (unsigned long long)p.labels.h, p.labels.n, (unsigned long long)p.states, p.plies);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pinned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
