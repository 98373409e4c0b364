/* Hive random games: check() after every decision in every game type, the end of the game
 * agrees with the Queens' neighbours (H-22), legal_count agrees with legal, every legal
 * decision's MoveString reads back to it and so does every other valid form naming another
 * neighbour (H-23), GameStrings round-trip, records are byte-identical for a seed and replay,
 * undo restores every state; the pinned set carried over by the search's apply (hive.h) is the
 * hive's own at every position of random games. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "formicary/record.h"
#include "hv_fixture.h"
#include "../match_checks.h"

/* The test's own copy of the direction table (the plugin's is not exported). */
const int8_t hv_dq[6] = {1, 1, 0, -1, -1, 0};
const int8_t hv_dr[6] = {0, -1, -1, 0, 1, 1};

static const char *const types[] = {"Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP"};

static int games(void) { return hfx_slow() ? 3 : 150; }

static void name_of(int p, char *buf)
{
    static const char bug[] = "QSSBBGGGAAAMLP", num[] = "01212123123000";
    int k = p % HV_KINDS;
    buf[0] = p >= HV_KINDS ? 'b' : 'w';
    buf[1] = bug[k];
    buf[2] = num[k] == '0' ? '\0' : num[k];
    buf[3] = '\0';
}

/* Every MoveString naming the destination of d through another neighbour parses to d. */
static void check_other_forms(const hfx *f, const hv_state *s, fc_decision d)
{
    if (d == HV_PASS || s->turn == 0)
        return;
    int p = HV_D_PIECE(d), c = HV_D_CELL(d);
    char me[4], ref[4], text[32];
    name_of(p, me);
    if (s->top[c] != HV_NONE) { /* climbing: named by the piece it climbs on */
        name_of(s->top[c], ref);
        snprintf(text, sizeof text, "%s %s", me, ref);
        fc_decision back;
        if (f->g->decision_parse(s, f->env, text, &back) != 0 || back != d)
            fail_msg("'%s' does not read as the same move", text);
        return;
    }
    static const char *const fmt[6] = {"%s %s-", "%s %s/", "%s \\%s", "%s -%s", "%s /%s", "%s %s\\"};
    for (int e = 0; e < 6; e++) {
        int n = hv_nb(c, e), r = s->top[n];
        if (r == p)
            r = s->below[p];
        if (r == HV_NONE)
            continue;
        /* every piece of the stack names the cell, not only the top one */
        for (int q = r; q != HV_NONE; q = s->below[q]) {
            name_of(q, ref);
            snprintf(text, sizeof text, fmt[(e + 3) % 6], me, ref);
            fc_decision back;
            if (f->g->decision_parse(s, f->env, text, &back) != 0 || back != d)
                fail_msg("'%s' does not read as the same move", text);
        }
    }
}

static void check_end(const hv_state *s)
{
    int around[2] = {0, 0};
    for (int color = 0; color < 2; color++) {
        int c = s->cell[color * HV_KINDS];
        for (int d = 0; c != HV_OFF && d < 6; d++)
            around[color] += s->top[hv_nb(c, d)] != HV_NONE;
    }
    int want = around[0] == 6 && around[1] == 6 ? GS_DRAW
               : around[0] == 6                ? GS_BLACK_WINS
               : around[1] == 6                ? GS_WHITE_WINS
               : s->turn >= s->draw_turns      ? GS_DRAW
                                               : GS_IN_PROGRESS;
    assert_int_equal(s->result, want);
}

static void random_games(const char *type, uint64_t seed)
{
    hfx f;
    hfx_open(&f, type, NULL);
    fc_rng rng;
    fc_rng_seed(&rng, seed, 3);
    fc_decision *buf = malloc(HV_MAX_DECISIONS * sizeof *buf);
    fc_view *v = calloc(1, sizeof *v);
    char *gs = malloc(8192);
    long decisions = 0, ends[5] = {0};
    fc_legal_count_fn count = fc_match_legal_count_fn(f.m);
    assert_non_null(count);
    for (int g = 0; g < games(); g++) {
        hv_state s;
        memcpy(&s, fc_match_state(f.m), sizeof s);
        while (f.g->to_move(&s, f.env) != FC_NOBODY) {
            int n = f.g->legal(&s, f.env, buf, NULL);
            assert_true(n >= 1 && n <= HV_MAX_DECISIONS);
            if (count(&s, f.env) != n) /* perft's bulk count (API minor 8) */
                fail_msg("%s game %d turn %d: legal_count %d, legal %d", type, g, s.turn, count(&s, f.env), n);
            for (int i = 0; i < n; i++) {
                char t[32];
                fc_decision back;
                assert_true(f.g->decision_text(&s, f.env, buf[i], t, sizeof t) > 0);
                if (f.g->decision_parse(&s, f.env, t, &back) != 0 || back != buf[i])
                    fail_msg("%s: '%s' does not read back", type, t);
                if (g < 10)
                    check_other_forms(&f, &s, buf[i]);
            }
            if (g < 10 && decisions % 7 == 0) {
                f.g->view(&s, f.env, -1, memset(v, 0, sizeof *v));
                assert_true(v->ncells >= 1 || s.turn == 0);
            }
            hv_state before = s;
            assert_int_equal(f.g->apply(&s, f.env, 0x12345678u), FC_EILLEGAL);
            assert_memory_equal(&before, &s, sizeof s);
            fc_decision pick = buf[fc_rng_below(&rng, (uint32_t)n)];
            if (f.g->apply(&s, f.env, pick) != 0) {
                char t[32];
                f.g->decision_text(&s, f.env, pick, t, sizeof t);
                f.g->position_write(&s, f.env, gs, 8192);
                fail_msg("%s: apply refused the listed '%s' after %s", type, t, gs);
            }
            char msg[200];
            if (f.g->check(&s, f.env, msg, sizeof msg) != 0)
                fail_msg("%s game %d turn %d: %s", type, g, s.turn, msg);
            check_end(&s);
            double val[2];
            f.g->evaluate(&s, f.env, val);
            assert_true(val[0] >= 0 && val[0] <= 1 && val[1] >= 0 && val[1] <= 1);
            decisions++;
        }
        ends[s.result]++;
        /* the GameString of the final position reads back to the same state */
        assert_true(f.g->position_write(&s, f.env, gs, 8192) > 0);
        hv_state back;
        hfx_position(&f, gs, &back);
        assert_memory_equal(&back, &s, sizeof s);
    }
    print_message("  %-9s %d games, %ld decisions; white wins %ld, black wins %ld, draws %ld\n", type, games(),
                  decisions, ends[GS_WHITE_WINS], ends[GS_BLACK_WINS], ends[GS_DRAW]);
    free(gs);
    free(v);
    free(buf);
    hfx_close(&f);
}

static void test_random_games(void **state)
{
    (void)state;
    for (int i = 0; i < 8; i++)
        random_games(types[i], 100 + (uint64_t)i);
}

/* Random games as a search plays them (apply_legal, the pinned set carried lazily from the
 * previous position): check() at every position compares the carried set with the hive's
 * articulation points, and the evaluation is bit-identical to one of a copy that forgot it. */
static void pinned_games(const char *type, uint64_t seed)
{
    hfx f;
    hfx_open(&f, type, NULL);
    fc_rng rng;
    fc_rng_seed(&rng, seed, 3);
    fc_decision *buf = malloc(HV_MAX_DECISIONS * sizeof *buf);
    assert_non_null(buf);
    assert_non_null(f.g->apply_legal);
    long carried = 0;
    for (int g = 0; g < games(); g++) {
        hv_state s;
        memcpy(&s, fc_match_state(f.m), sizeof s);
        assert_int_equal(s.pin_ok, PIN_NONE); /* a match's state keeps nothing */
        while (f.g->to_move(&s, f.env) != FC_NOBODY) {
            char msg[200];
            if (f.g->check(&s, f.env, msg, sizeof msg) != 0)
                fail_msg("%s game %d turn %d: %s", type, g, s.turn, msg);
            carried += s.pin_ok == PIN_PENDING;
            hv_state forgot = s;
            forgot.pin_ok = PIN_STALE;
            double v[2], w[2];
            f.g->evaluate(&s, f.env, v);
            f.g->evaluate(&forgot, f.env, w);
            assert_memory_equal(v, w, sizeof v);
            assert_int_equal(s.pinned, forgot.pinned);
            int n = f.g->legal(&s, f.env, buf, NULL);
            assert_true(n >= 1);
            f.g->apply_legal(&s, f.env, buf[fc_rng_below(&rng, (uint32_t)n)]);
        }
    }
    assert_true(carried > 0);
    free(buf);
    hfx_close(&f);
}

static void test_pinned_carried(void **state)
{
    (void)state;
    for (int i = 0; i < 8; i++)
        pinned_games(types[i], 300 + (uint64_t)i);
}

/* Byte-identical records for the same choices, a record that replays, undo restoring every
 * state hash on the way back. */
static void test_records_and_undo(void **state)
{
    (void)state;
    for (int i = 0; i < 8; i += 7) {
        hfx a, b;
        hfx_open(&a, types[i], NULL);
        hfx_open(&b, types[i], NULL);
        mcx_play(a.m, 5, 100000);
        mcx_play(b.m, 5, 100000);
        mcx_records_agree(a.ctx, a.m, b.m);
        hfx c;
        hfx_open(&c, types[i], NULL);
        mcx_undo_exact(c.m, 120);
        hfx_close(&c);
        hfx_close(&a);
        hfx_close(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_records_and_undo),
        cmocka_unit_test(test_pinned_carried),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
