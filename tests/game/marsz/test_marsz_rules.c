/* March of the Ants rules by id: component data (5.3, 5.4), setup for 2-5 players (S-xx,
 * S-2P-x), explore, rest (R-38 .. R-40), reactions, Old Guard. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mz_fixture.h"

/* 5.3 and 5.4 totals: 84 harvest spaces (31 F, 17 L1, 12 L2, 12 C, 12 P); 66 cards split
 * 22/12/12/10/10 with ferocity 11/30/14/10/1, costs 17/37/10/2 and kinds A16 E39 L11. */
static void test_data_totals(void **state)
{
    mfx f;
    mfx_open(&f, 3, 1, NULL);
    int sp[RW_KINDS] = {0}, total = 0;
    for (int t = 1; t <= MZ_TILES; t++)
        for (int i = 0; i < f.D->tile[t].nspaces; i++, total++)
            sp[f.D->tile[t].space[i]]++;
    assert_int_equal(total, 84);
    assert_int_equal(sp[RW_F], 31);
    assert_int_equal(sp[RW_L1], 17);
    assert_int_equal(sp[RW_L2], 12);
    assert_int_equal(sp[RW_C], 12);
    assert_int_equal(sp[RW_P], 12);
    int fer[6] = {0}, cost[5] = {0}, kind[3] = {0}, seg[4] = {0}, type[3] = {0};
    for (int c = 0; c < MZ_CARDS; c++) {
        const mz_card *C = &f.D->card[c];
        fer[C->ferocity]++, cost[C->cost]++, kind[C->kind]++, seg[C->seg]++, type[C->type]++;
    }
    assert_int_equal(type[CT_EVENT], 22);
    assert_int_equal(seg[SEG_HEAD], 12);
    assert_int_equal(seg[SEG_THORAX], 12);
    assert_int_equal(seg[SEG_ABDOMEN], 10);
    assert_int_equal(type[CT_GOAL], 10);
    assert_int_equal(fer[1], 11);
    assert_int_equal(fer[2], 30);
    assert_int_equal(fer[3], 14);
    assert_int_equal(fer[4], 10);
    assert_int_equal(fer[5], 1);
    assert_int_equal(cost[1], 17);
    assert_int_equal(cost[2], 37);
    assert_int_equal(cost[3], 10);
    assert_int_equal(cost[4], 2);
    assert_int_equal(kind[CK_ANTS], 16);
    assert_int_equal(kind[CK_EITHER], 39);
    assert_int_equal(kind[CK_LARVAE], 11);
    assert_string_equal(f.D->card[HD05].id, "HD-05");
    assert_int_equal(f.D->card[HD05].n, 2);
    mfx_close(&f);
}

/* S-01 .. S-15 for 3-5 players. */
static void setup_n(int n)
{
    mfx f;
    mfx_open(&f, n, 7, NULL);
    const mz_state *s = &f.st;
    int off = n <= 3 ? 2 : 3;
    assert_int_equal(s->nstack, 2 * n + 13 + off); /* S-03, S-04 */
    for (int i = 0; i < 2 * n; i++)
        assert_true(s->stack[s->nstack - 1 - i] <= 10); /* start pile on top */
    int row = 0;
    for (int i = 0; i < MZ_REST; i++)
        row += s->rest_row[i];
    assert_int_equal(row, n); /* S-06 */
    assert_int_equal(s->rest_row[0], 1);
    assert_int_equal(f.D->track_size[s->size_pos], n <= 3 ? 2 : 1); /* S-02 */
    assert_int_equal(s->nreward, 3); /* S-07, S-08 */
    assert_false(f.D->reward[s->reward_cur].high);
    for (int p = 0; p < n; p++) { /* S-11 .. S-15 */
        assert_int_equal(s->seat[p].larvae, 4);
        assert_int_equal(mz_ants_at(s, MZ_GT, p), 2);
        assert_int_equal(s->seat[p].eggs, 30);
        assert_int_equal(s->seat[p].food, 2);
        assert_int_equal(s->seat[p].hand, 3);
        assert_int_equal(s->seat[p].score, 0);
    }
    assert_int_equal(s->ndeck, 66 - 3 * n); /* S-10 */
    assert_int_equal(mfx_to_move(&f), s->active);
    mfx_close(&f);
}

static void test_s01_s15_setup_3(void **state) { setup_n(3); }
static void test_s01_s15_setup_4(void **state) { setup_n(4); }
static void test_s01_s15_setup_5(void **state) { setup_n(5); }

/* S-2P-1 .. S-2P-3 and R-78: each player chooses one of two start tiles, places it next to the
 * Great Tunnel, 3 ants settle on it; rest row of 3. */
static void test_s2p_setup_2(void **state)
{
    mfx f;
    mfx_open(&f, 2, 5, NULL);
    assert_int_equal(f.st.nstack, 4 + 13 + 2);
    int row = 0;
    for (int i = 0; i < MZ_REST; i++)
        row += f.st.rest_row[i];
    assert_int_equal(row, 3);
    fc_rng rng;
    fc_rng_seed(&rng, 3, 3);
    for (int k = 0; k < 2; k++) {
        int p = mfx_to_move(&f);
        assert_int_equal(f.st.frame[f.st.nframes - 1].kind, F_SETUP2P);
        int tile = f.st.frame[f.st.nframes - 1].a;
        char t[32];
        snprintf(t, sizeof t, "tile T-%d", tile);
        mfx_play(&f, t);
        assert_int_equal(f.st.frame[f.st.nframes - 1].kind, F_PLACE);
        static fc_decision buf[MZ_MAX_DECISIONS];
        int n = f.g->legal(&f.st, f.env, buf, NULL);
        assert_true(n > 0);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[fc_rng_below(&rng, (uint32_t)n)]), 0);
        mfx_check(&f);
        assert_true(f.st.loc[tile].placed);
        assert_true(mz_inner(f.D, &f.st, tile));
        assert_true(mz_connected(f.D, &f.st, tile, MZ_GT));
        assert_int_equal(mz_ants_at(&f.st, tile, p), 3);
        assert_int_equal(f.st.seat[p].eggs, 27);
    }
    assert_int_equal(f.st.frame[f.st.nframes - 1].kind, F_TURN);
    mfx_close(&f);
}

/* no Rest on the first turn while other actions are possible; R-28: explore places a
 * connected tile and at least one ant must enter it; R-27: the left neighbour reacts first. */
static void test_r38_r28_r27_first_turn_explore(void **state)
{
    mfx f;
    mfx_open(&f, 4, 11, NULL);
    int p = mfx_to_move(&f);
    assert_false(mfx_legal(&f, "rest RT-00"));
    assert_true(mfx_legal(&f, "explore"));
    mfx_play(&f, "explore");
    assert_int_equal(f.st.seat[p].food, 1);
    const mz_frame *fr = &f.st.frame[f.st.nframes - 1];
    assert_int_equal(fr->kind, F_PLACE);
    int tile = fr->a;
    static fc_decision buf[MZ_MAX_DECISIONS];
    int n = f.g->legal(&f.st, f.env, buf, NULL);
    assert_true(n > 0);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_true(mz_connected(f.D, &f.st, tile, MZ_GT));
    assert_int_equal(f.st.frame[f.st.nframes - 1].kind, F_ENTER);
    assert_false(mfx_legal(&f, "done")); /* at least one ant */
    char t[32];
    snprintf(t, sizeof t, "ant GT to T%d.s0", tile);
    mfx_play(&f, t);
    assert_int_equal(f.st.loc[tile].space[0], p + 1);
    mfx_play(&f, "done");
    fr = &f.st.frame[f.st.nframes - 1];
    assert_int_equal(fr->kind, F_REACT);
    assert_int_equal(fr->seat, (p + 1) % 4); /* left neighbour first */
    mfx_play(&f, "react explore");
    mfx_play(&f, "larva to GT");
    assert_int_equal(f.st.seat[(p + 1) % 4].larvae, 3);
    fr = &f.st.frame[f.st.nframes - 1];
    assert_int_equal(fr->kind, F_REACT);
    assert_int_equal(fr->seat, (p + 3) % 4); /* then the right neighbour */
    mfx_play(&f, "done");
    assert_int_equal(mfx_to_move(&f), (p + 1) % 4); /* R-26 step 6 */
    mfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_data_totals),
        cmocka_unit_test(test_s01_s15_setup_3),
        cmocka_unit_test(test_s01_s15_setup_4),
        cmocka_unit_test(test_s01_s15_setup_5),
        cmocka_unit_test(test_s2p_setup_2),
        cmocka_unit_test(test_r38_r28_r27_first_turn_explore),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
