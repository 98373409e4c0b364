/* March of the Ants decision labels (decision_describe): every legal decision of seeded random
 * games at 2 to 5 seats, plain and with the epic, draft and species options, is described
 * through the match and its whole description (label, group, hex, hexes, from, from_item)
 * folded into one digest pinned here, so reshaping mz_decision_describe cannot change what a
 * player reads; the views of every seventh state (a seat's and the spectator's) into another,
 * for mz_view. Every kind of decision must be met. MARSZ_LABELS=FILE also writes each
 * description, for a diff before and after a change. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/rng.h"
#include "../label_digest.h"
#include "mz_fixture.h"

typedef struct digest {
    ldx d;
    uint64_t vh; /* the views */
    long nviews;
    fc_view *view;
    int seen[FC_MAX_KINDS];
} digest;

/* Every seventh state: the view of one seat in turn and the spectator's, byte for byte. */
static void add_views(digest *g, const fc_match *m, int nseats)
{
    if (g->nviews++ % 7)
        return;
    int seats[2] = {(int)(g->nviews / 7 % (long)nseats), -1};
    for (int i = 0; i < 2; i++) {
        memset(g->view, 0, sizeof *g->view);
        fc_match_view(m, seats[i], g->view);
        g->vh = ldx_fnv(g->vh, g->view, sizeof *g->view);
    }
}

/* `games` random games of the rules, every legal decision described before one is picked. */
static void describe_games(const fc_rules *rules, int games, uint64_t seed, digest *g)
{
    fc_rng rng;
    fc_rng_seed(&rng, seed, 1);
    fc_error err;
    for (int k = 0; k < games; k++) {
        fc_match *m = fc_match_new(rules, seed + (uint64_t)k, &err);
        assert_non_null(m);
        for (int who; (who = fc_match_to_move(m)) != FC_NOBODY;) {
            if (who == FC_CHANCE) {
                assert_int_equal(fc_match_play_chance(m, &err), 0);
                continue;
            }
            add_views(g, m, fc_rules_nseats(rules));
            const fc_decision *d;
            int n = fc_match_legal(m, &d, NULL);
            for (int i = 0; i < n; i++) {
                fc_decision_info info;
                fc_match_decision_describe(m, d[i], &info);
                ldx_add(&g->d, &info);
                int kind = fc_match_decision_kind(m, d[i]);
                if (kind >= 0 && kind < FC_MAX_KINDS)
                    g->seen[kind]++;
            }
            assert_int_equal(fc_match_play(m, d[fc_rng_below(&rng, (uint32_t)n)], &err), 0);
        }
        fc_match_free(m);
    }
}

static void test_labels_pinned(void **state)
{
    (void)state;
    digest g = {.d = LDX_INIT, .vh = 0xcbf29ce484222325u, .view = calloc(1, sizeof(fc_view))};
    assert_non_null(g.view);
    const char *path = getenv("MARSZ_LABELS");
    if (path)
        assert_non_null(g.d.dump = fopen(path, "w"));
    static const char *const extra[] = {"epic=true", "draft_start=true", "species=true", NULL};
    int nkinds = 0;
    const char *const *kinds = NULL;
    for (int cfg = 0; cfg < 8; cfg++) {
        mfx f;
        mfx_open(&f, 2 + cfg % 4, 1, cfg >= 4 ? extra : NULL);
        nkinds = fc_match_kinds(f.m, &kinds);
        describe_games(f.rules, 4, 300 + (uint64_t)cfg, &g);
        mfx_close(&f);
    }
    if (g.d.dump)
        fclose(g.d.dump);
    free(g.view);
    for (int k = 0; k < nkinds; k++)
        if (!g.seen[k])
            fail_msg("kind %s never met: the games no longer reach it", kinds ? kinds[k] : "?");
    if (g.d.h != UINT64_C(0x5ae596801dc17685))
        fail_msg("%ld descriptions, digest 0x%016llx: a label, group or hex changed (MARSZ_LABELS=FILE before and "
                 "after to see which)",
                 g.d.n, (unsigned long long)g.d.h);
    if (g.vh != UINT64_C(0xb49db52be06b25ac)) /* the setup states titled "setup" */
        fail_msg("%ld states, view digest 0x%016llx: a view changed", g.nviews, (unsigned long long)g.vh);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_labels_pinned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
