/* Termity decision labels (decision_describe): every legal decision of seeded random games, on
 * the printed boards and on custom boards under construction, is described and its whole
 * description (label, group, hex, hexes) folded into one digest pinned here, so reshaping
 * tm_decision_describe cannot change what a player reads. Every decision code must be met but
 * the rare mound replacement that removes a unit; a discard is described for each token that
 * may be deployed.
 * TERMITY_LABELS=FILE also writes each description, for a diff before and after a change. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../label_digest.h"
#include "tm_fixture.h"

typedef struct digest {
    ldx d;
    int seen[D_LAY + 1];
} digest;

/* `games` random games of f's rules from its start, every legal decision described. */
static void describe_games(tfx *f, int games, uint64_t seed, digest *g)
{
    fc_rng rng;
    fc_rng_seed(&rng, seed, 1);
    fc_decision buf[TM_MAX_DECISIONS];
    uint32_t w[TM_MAX_DECISIONS];
    for (int k = 0; k < games; k++) {
        memcpy(&f->st, fc_match_state(f->m), sizeof f->st);
        f->st.first = (uint8_t)(k % (int)fc_rules_nseats(f->rules));
        for (int who; (who = tfx_to_move(f)) != FC_NOBODY;) {
            int n = f->g->legal(&f->st, f->env, buf, w);
            for (int i = 0; i < n; i++) {
                fc_decision_info info;
                f->g->decision_describe(&f->st, f->env, buf[i], &info);
                ldx_add(&g->d, &info);
                g->seen[TM_DK(buf[i])]++;
                if (TM_DK(buf[i]) == D_TOKEN) { /* random games never discard: the same token */
                    f->g->decision_describe(&f->st, f->env, TM_D(D_DISCARD, TM_DA(buf[i]), 0, 0), &info);
                    ldx_add(&g->d, &info);
                    g->seen[D_DISCARD]++;
                }
            }
            int i = who == FC_CHANCE ? fc_rng_weighted(&rng, w, n) : (int)fc_rng_below(&rng, (uint32_t)n);
            assert_int_equal(f->g->apply(&f->st, f->env, buf[i]), 0);
        }
    }
}

static void test_labels_pinned(void **state)
{
    (void)state;
    digest g = {.d = LDX_INIT};
    const char *path = getenv("TERMITY_LABELS");
    if (path)
        assert_non_null(g.d.dump = fopen(path, "w"));
    for (int nseats = 2; nseats <= 4; nseats++) {
        tfx f;
        tfx_open(&f, nseats, (uint64_t)nseats, NULL);
        describe_games(&f, 3, 100 + (uint64_t)nseats, &g);
        tfx_close(&f);
        const char *sets[] = {"scenario=custom", "swarms=-1", nseats == 3 ? "build_limits=false" : NULL, NULL};
        tfx_open(&f, nseats, (uint64_t)nseats, sets);
        describe_games(&f, 2, 200 + (uint64_t)nseats, &g);
        tfx_close(&f);
    }
    if (g.d.dump)
        fclose(g.d.dump);
    for (int k = D_DRAW; k <= D_LAY; k++)
        if (!g.seen[k] && k != D_MOUND_RM) /* rare (R-37: no free hex), a D_MOUND label but for its tail */
            fail_msg("decision code %d never met: the games no longer reach it", k);
    if (g.d.h != UINT64_C(0x4f22783415e80d27))
        fail_msg("%ld descriptions, digest 0x%016llx: a label, group or hex list changed (TERMITY_LABELS=FILE "
                 "before and after to see which)",
                 g.d.n, (unsigned long long)g.d.h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_labels_pinned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
