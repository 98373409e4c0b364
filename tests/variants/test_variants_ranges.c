/* Hook result ranges in the real games (issue 12, item 5). For Myrmes, Termity and Marabunta a
 * variant registers every hook point of the game, one per line:
 * - returning each point's bounds (lo, then hi; ignored results return math.maxinteger), random
 *   games play to the end without an error (the sanitizer build checks that no plugin
 *   arithmetic on a result overflows);
 * - returning math.maxinteger or math.mininteger, the first decision that reaches a checked
 *   point is refused with "ranges.lua:LINE: hook NAME returned N, expected LO..HI" naming the
 *   line that registered it, the state is unchanged, and trying again fails the same way. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/game.h"
#include "formicary/rules.h"
#include "vt.h"

#define MAX_DECISIONS 20000

enum { AT_LO, AT_HI, ABOVE, BELOW };

static int ignored(const fc_hook_def *d) { return d->lo == FC_HOOK_ANY_LO && d->hi == FC_HOOK_ANY_HI; }

/* Line 1: variant{}; hook i on line i + 2. */
static void variant_text(const fc_plugin *p, int mode, char *buf, size_t n)
{
    size_t k = (size_t)snprintf(buf, n, "variant{ name = 'ranges', game = '%s' }\n", p->id);
    for (int i = 0; i < p->nhooks; i++) {
        const fc_hook_def *d = &p->hooks[i];
        char value[64];
        if (ignored(d) || mode == ABOVE)
            snprintf(value, sizeof value, "math.maxinteger");
        else if (mode == BELOW)
            snprintf(value, sizeof value, "math.mininteger");
        else
            snprintf(value, sizeof value, "%lld", (long long)(mode == AT_LO ? d->lo : d->hi));
        k += (size_t)snprintf(buf + k, n - k, "hook('%s', function() return %s end)\n", d->name, value);
        assert_true(k < n);
    }
}

static fc_rules *rules_with(fc_context *ctx, const char *game, int nseats, int mode)
{
    fc_error err;
    memset(&err, 0, sizeof err);
    fc_rules *r = fc_rules_new(ctx, game, nseats, &err);
    assert_non_null(r);
    char text[4096];
    variant_text(fc_rules_plugin(r), mode, text, sizeof text);
    if (fc_rules_load_variant_text(r, "ranges.lua", text, &err) != 0 || fc_rules_finish(r, &err) != 0)
        fail_msg("%s: %s", game, err.msg);
    return r;
}

/* One step of a seeded random game; returns fc_match_play's result (0 at a chance point). */
static int step(fc_match *m, uint64_t *rng, fc_error *err)
{
    if (fc_match_to_move(m) == FC_CHANCE)
        return fc_match_play_chance(m, err);
    const fc_decision *d;
    int n = fc_match_legal(m, &d, NULL);
    assert_true(n > 0);
    *rng = *rng * 6364136223846793005u + 1442695040888963407u;
    return fc_match_play(m, d[(*rng >> 33) % (uint64_t)n], err);
}

static void bounds_play(fc_context *ctx, const char *game, int nseats)
{
    for (int mode = AT_LO; mode <= AT_HI; mode++) {
        fc_rules *r = rules_with(ctx, game, nseats, mode);
        for (uint64_t seed = 1; seed <= 4; seed++) {
            fc_error err;
            fc_match *m = fc_match_new(r, seed, &err);
            assert_non_null(m);
            uint64_t rng = seed;
            int k = 0;
            for (; k < MAX_DECISIONS && fc_match_to_move(m) != FC_NOBODY; k++)
                if (step(m, &rng, &err) != 0)
                    fail_msg("%s at %s, seed %d: %s", game, mode == AT_LO ? "lo" : "hi", (int)seed, err.msg);
            assert_int_equal(fc_match_to_move(m), FC_NOBODY);
            assert_true(k > 50); /* a whole game, not a setup that ended at once */
            int32_t score[8];
            int rank[8];
            fc_match_scores(m, score, rank);
            assert_string_equal(fc_match_script_error(m), "");
            fc_match_free(m);
        }
        fc_rules_free(r);
    }
}

static void expect_range_message(const fc_plugin *p, const char *game, const char *msg, int mode)
{
    int line = 0;
    char name[64];
    if (sscanf(msg, "ranges.lua:%d: hook %63s returned", &line, name) != 2)
        fail_msg("%s: unexpected message \"%s\"", game, msg);
    for (int i = 0; i < p->nhooks; i++) {
        if (strcmp(p->hooks[i].name, name) != 0)
            continue;
        char want[256];
        snprintf(want, sizeof want, "ranges.lua:%d: hook %s returned %s, expected %lld..%lld", i + 2, name,
                 mode == ABOVE ? "9223372036854775807" : "-9223372036854775808", (long long)p->hooks[i].lo,
                 (long long)p->hooks[i].hi);
        assert_string_equal(msg, want);
        return;
    }
    fail_msg("%s: no hook point '%s'", game, name);
}

static void out_of_range(fc_context *ctx, const char *game, int nseats, int mode)
{
    fc_rules *r = rules_with(ctx, game, nseats, mode);
    const fc_plugin *p = fc_rules_plugin(r);
    size_t size = p->game->state_size;
    fc_error err;
    fc_match *m = fc_match_new(r, 7, &err);
    assert_non_null(m);
    unsigned char *before = malloc(size);
    assert_non_null(before);
    uint64_t rng = 7, saved = rng;
    int rc = 0;
    for (int k = 0; k < MAX_DECISIONS && rc == 0 && fc_match_to_move(m) != FC_NOBODY; k++) {
        int32_t score[8];
        int rank[8];
        fc_match_scores(m, score, rank); /* as a front end does for its view: scoring hooks run too */
        memcpy(before, fc_match_state(m), size);
        saved = rng;
        rc = step(m, &rng, &err);
    }
    assert_int_equal(rc, FC_ESCRIPT);
    expect_range_message(p, game, err.msg, mode);
    /* the state is as before the refused decision, and the same attempt fails the same way */
    assert_memory_equal(fc_match_state(m), before, size);
    char first[FC_ERROR_MSG_MAX];
    snprintf(first, sizeof first, "%s", err.msg);
    rng = saved;
    int32_t score[8];
    int rank[8];
    fc_match_scores(m, score, rank);
    assert_int_equal(step(m, &rng, &err), FC_ESCRIPT);
    assert_string_equal(err.msg, first);
    assert_memory_equal(fc_match_state(m), before, size);
    free(before);
    fc_match_free(m);
    fc_rules_free(r);
}

static void test_myrmes(void **state)
{
    bounds_play(*state, "myrmes", 3);
    out_of_range(*state, "myrmes", 3, ABOVE);
    out_of_range(*state, "myrmes", 3, BELOW);
}

static void test_termity(void **state)
{
    bounds_play(*state, "termity", 3);
    out_of_range(*state, "termity", 3, ABOVE);
    out_of_range(*state, "termity", 3, BELOW);
}

static void test_marabunta(void **state)
{
    bounds_play(*state, "marabunta", 2);
    out_of_range(*state, "marabunta", 2, ABOVE);
    out_of_range(*state, "marabunta", 2, BELOW);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_myrmes),
        cmocka_unit_test(test_termity),
        cmocka_unit_test(test_marabunta),
    };
    return cmocka_run_group_tests(tests, vt_group_setup, vt_group_teardown);
}
