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
#include "mz_fixture.h"

typedef struct digest {
    uint64_t h, vh; /* descriptions; views */
    long n, nviews;
    fc_view *view;
    int seen[FC_MAX_KINDS];
    FILE *dump;
} digest;

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3u; /* FNV-1a */
    return h;
}

static void fold(digest *g, const void *p, size_t n) { g->h = fnv(g->h, p, n); }

/* Every seventh state: the view of one seat in turn and the spectator's, byte for byte. */
static void add_views(digest *g, const fc_match *m, int nseats)
{
    if (g->nviews++ % 7)
        return;
    int seats[2] = {(int)(g->nviews / 7 % (long)nseats), -1};
    for (int i = 0; i < 2; i++) {
        memset(g->view, 0, sizeof *g->view);
        fc_match_view(m, seats[i], g->view);
        g->vh = fnv(g->vh, g->view, sizeof *g->view);
    }
}

static void add_info(digest *g, const fc_decision_info *info)
{
    fold(g, info->label, strlen(info->label) + 1);
    fold(g, info->group, strlen(info->group) + 1);
    int32_t nums[8] = {info->has_hex, info->has_hex ? info->hex.q : 0, info->has_hex ? info->hex.r : 0,
                       info->nhexes,  info->has_from, info->has_from ? info->from.q : 0,
                       info->has_from ? info->from.r : 0, info->from_item};
    fold(g, nums, sizeof nums);
    fold(g, info->hexes, (size_t)info->nhexes * sizeof info->hexes[0]);
    g->n++;
    if (!g->dump)
        return;
    fprintf(g->dump, "%s | %s |", info->label, info->group);
    if (info->has_hex)
        fprintf(g->dump, " @%d,%d", info->hex.q, info->hex.r);
    for (int i = 0; i < info->nhexes; i++)
        fprintf(g->dump, " %d,%d", info->hexes[i].q, info->hexes[i].r);
    if (info->has_from)
        fprintf(g->dump, " from %d,%d", info->from.q, info->from.r);
    if (info->from_item)
        fprintf(g->dump, " item %d", (int)info->from_item);
    fputc('\n', g->dump);
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
                add_info(g, &info);
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
    digest g = {.h = 0xcbf29ce484222325u, .vh = 0xcbf29ce484222325u, .view = calloc(1, sizeof(fc_view))};
    assert_non_null(g.view);
    const char *path = getenv("MARSZ_LABELS");
    if (path)
        assert_non_null(g.dump = fopen(path, "w"));
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
    if (g.dump)
        fclose(g.dump);
    free(g.view);
    for (int k = 0; k < nkinds; k++)
        if (!g.seen[k])
            fail_msg("kind %s never met: the games no longer reach it", kinds ? kinds[k] : "?");
    if (g.h != UINT64_C(0x8030265946d86545))
        fail_msg("%ld descriptions, digest 0x%016llx: a label, group or hex changed (MARSZ_LABELS=FILE before and "
                 "after to see which)",
                 g.n, (unsigned long long)g.h);
    if (g.vh != UINT64_C(0x00ca1dd4b239d70c))
        fail_msg("%ld states, view digest 0x%016llx: a view changed", g.nviews, (unsigned long long)g.vh);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_labels_pinned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
