/* Shared by the games' random-game tests: random play by seed, records byte-identical for the
 * same choices and replaying to the same state, and undo restoring every state hash on the way
 * back. Include after <cmocka.h>. */
#ifndef FC_TEST_MATCH_CHECKS_H
#define FC_TEST_MATCH_CHECKS_H

#include <stdlib.h>

#include "formicary/match.h"
#include "formicary/record.h"
#include "formicary/rng.h"

/* Up to `plies` decisions picked uniformly by an RNG seeded with pick_seed (chance by the
 * match's own RNG, drawing nothing from it). */
static inline void mcx_play(fc_match *m, uint64_t pick_seed, int plies)
{
    fc_rng rng;
    fc_error err;
    fc_rng_seed(&rng, pick_seed, 9);
    for (int p = 0; p < plies && fc_match_to_move(m) != FC_NOBODY; p++) {
        if (fc_match_to_move(m) == FC_CHANCE) {
            assert_int_equal(fc_match_play_chance(m, &err), 0);
            continue;
        }
        const fc_decision *d;
        int n = fc_match_legal(m, &d, NULL);
        assert_int_equal(fc_match_play(m, d[fc_rng_below(&rng, (uint32_t)n)], &err), 0);
    }
}

/* a and b, played the same way, give the same record; it replays (ctx) to a's state and is
 * written again the same. */
static inline void mcx_records_agree(fc_context *ctx, const fc_match *a, const fc_match *b)
{
    char *ra = NULL, *rb = NULL, *rc = NULL;
    fc_error err;
    assert_int_equal(fc_record_format(a, NULL, &ra, &err), 0);
    assert_int_equal(fc_record_format(b, NULL, &rb, &err), 0);
    assert_string_equal(ra, rb);
    fc_rules *rules2;
    fc_match *m2;
    fc_record_info info;
    if (fc_record_parse(ctx, "t.rec", ra, &rules2, &m2, &info, &err) != 0)
        fail_msg("replay: %s", err.msg);
    assert_int_equal(fc_match_state_hash(m2), fc_match_state_hash(a));
    assert_int_equal(fc_record_format(m2, NULL, &rc, &err), 0);
    assert_string_equal(ra, rc);
    fc_match_free(m2);
    fc_rules_free(rules2);
    free(ra);
    free(rb);
    free(rc);
}

/* Up to max_plies single random decisions (seeded by the ply), then undone one by one: each
 * state hash on the way back is the one on the way forward. */
static inline void mcx_undo_exact(fc_match *m, int max_plies)
{
    uint64_t *hash = calloc((size_t)max_plies, sizeof *hash);
    assert_non_null(hash);
    fc_error err;
    int plies = 0;
    for (; plies < max_plies && fc_match_to_move(m) != FC_NOBODY; plies++) {
        hash[plies] = fc_match_state_hash(m);
        mcx_play(m, (uint64_t)plies, 1);
    }
    for (int p = plies - 1; p >= 0; p--) {
        assert_int_equal(fc_match_undo(m, &err), 0);
        assert_int_equal(fc_match_state_hash(m), hash[p]);
    }
    free(hash);
}

#endif
