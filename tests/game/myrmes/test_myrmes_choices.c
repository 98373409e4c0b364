/* Myrmes rules tests, part 3: the choice of pheromones for O19/O20 as
 * atomic picks, with undo, records and check(); and the larvae-sacrifice windows (R-07, D-10)
 * of the simultaneous steps (phases 4 and 6, winter). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/record.h"
#include "myrmes_fixture.h"

static const char *const first0[] = {"first_player=0", NULL};

static int count_kind(mfx *f, int kind)
{
    fc_decision buf[MY_MAX_DECISIONS];
    int n = f->g->legal(&f->st, f->env, buf, NULL), k = 0;
    for (int i = 0; i < n; i++)
        k += MY_DKIND(buf[i]) == kind;
    return k;
}

static int nlegal(mfx *f)
{
    fc_decision buf[MY_MAX_DECISIONS];
    return f->g->legal(&f->st, f->env, buf, NULL);
}

/* Orientation index of PH2 whose second hex is at offset (dq, dr). */
static int ph2_orient(const mfx *f, int dq, int dr)
{
    const my_kind *K = &f->D->kind[0];
    assert_string_equal(K->id, "PH2");
    for (int o = 0; o < K->norient; o++)
        if (K->orient[o][1].q == dq && K->orient[o][1].r == dr)
            return o;
    fail_msg("no PH2 orientation (%d,%d)", dq, dr);
    return -1;
}

/* Seat 0 (4 players) in its workshop turn with one nurse; objective `id` in slot 0, the other
 * slots already done; every objective level open. */
static void objective_turn(mfx *f, const char *id)
{
    mfx_open(f, 4, 5, first0);
    mfx_clear_board(f);
    mfx_phase(f, PH_WORKSHOP, 0, 0);
    my_state *st = &f->st;
    for (int s = 0; s < 4; s++)
        st->seat[s].event = 4;
    st->seat[0].track[TRACK_WORKSHOP] = 1;
    st->seat[0].obj_levels = 3;
    int idx = mfx_obj(f, id), other = mfx_obj(f, "O1");
    st->obj[0] = (uint8_t)idx;
    for (int i = 1; i < MY_SLOTS; i++) {
        st->obj[i] = (uint8_t)other;
        st->obj_round[i][0] = 1;
    }
}

/* The old seed-based choice: own pheromones in breadth-first order from `seed`. */
static int bfs(const mfx *f, int seed, uint8_t *order)
{
    const my_state *st = &f->st;
    bool seen[MY_MAX_TILES] = {false};
    int n = 0;
    order[n++] = (uint8_t)seed;
    seen[seed] = true;
    for (int i = 0; i < n; i++) {
        const my_tile *T = &st->tile[order[i]];
        for (int j = 0; j < T->n; j++)
            for (int d = 0; d < 6; d++) {
                int c = f->D->nb[T->cell[j]][d], u = c == MY_NO_CELL ? -1 : st->cell_tile[c] - 1;
                if (u >= 0 && !seen[u] && st->tile[u].owner == st->tile[seed].owner) {
                    seen[u] = true;
                    order[n++] = (uint8_t)u;
                }
            }
    }
    return n;
}

static bool cube(mfx *f, int q, int r) { return my_bit(f->st.cube, mfx_cell(f, q, r)); }

/* A path P1-P2-P3-P4 of empty pheromones on row 12 with a full pheromone Q hanging off P2 and R
 * off P3. No breadth-first walk gives the path as its first four (from P1 it reaches P3 and Q
 * together), so the old seed-based choice could never spare Q and R; the picks can. */
static void test_pick_best_four_A19(void **state)
{
    (void)state;
    mfx f;
    objective_turn(&f, "O19");
    my_state *st = &f.st;
    int path[4], tiles[6];
    for (int i = 0; i < 4; i++)
        tiles[i] = path[i] = mfx_put_tile(&f, "PH2", 0, 1 + 2 * i, 12, 0, false);
    tiles[4] = mfx_put_tile(&f, "PH2", ph2_orient(&f, 0, 1), 3, 13, 0, true);  /* Q: (3,13) (3,14) */
    tiles[5] = mfx_put_tile(&f, "PH2", ph2_orient(&f, -1, 1), 7, 10, 0, true); /* R: (7,10) (6,11) */
    mfx_check(&f);
    for (int i = 0; i < 6; i++) {
        uint8_t order[MY_MAX_TILES];
        assert_int_equal(bfs(&f, tiles[i], order), 6);
        int on_path = 0;
        for (int j = 0; j < 4; j++)
            for (int k = 0; k < 4; k++)
                on_path += order[j] == path[k];
        assert_true(on_path < 4);
    }
    /* one decision for the objective; the nurse is placed, the turn goes on with the picks */
    assert_int_equal(count_kind(&f, D_OBJECTIVE), 1);
    mfx_play(&f, "objective O19");
    assert_int_equal(st->pick_slot, 1);
    assert_int_equal(st->seat[0].obj_nurses, 1);
    assert_int_equal(st->seat[0].track[TRACK_WORKSHOP], 0);
    assert_int_equal(st->phase, PH_WORKSHOP);
    assert_int_equal(mfx_to_move(&f), 0);
    assert_int_equal(st->seat[0].score, 10);
    assert_int_equal(count_kind(&f, D_PICK), 6);
    assert_false(mfx_legal(&f, "done"));
    /* the label tells the cubes the pick would remove; the pick names the tile's first hex */
    fc_decision d;
    assert_int_equal(f.g->decision_parse(st, f.env, "pick 3,14", &d), 0);
    assert_int_equal(d, MY_D(D_PICK, tiles[4]));
    fc_decision_info info;
    f.g->decision_describe(st, f.env, d, &info);
    assert_non_null(strstr(info.label, "pick 3,13"));
    assert_non_null(strstr(info.label, "1 food, 0 dirt, 0 stone"));
    assert_int_equal(info.has_hex, 1);
    assert_int_equal(info.hex.q, 3);
    assert_int_equal(info.hex.r, 13);
    char text[32];
    f.g->decision_text(st, f.env, d, text, sizeof text);
    assert_string_equal(text, "pick 3,13");
    /* picks: any hex of a tile names it; each must touch the picked set (D-09) */
    mfx_play(&f, "pick 2,12"); /* P1 by its second hex */
    assert_int_equal(st->pick_n, 1);
    assert_false(mfx_legal(&f, "pick 7,12"));  /* P4 does not touch P1 */
    assert_false(mfx_legal(&f, "pick 3,13"));  /* nor does Q */
    assert_false(mfx_legal(&f, "pick 1,12"));  /* P1 is already picked */
    assert_false(mfx_legal(&f, "pick 0,12"));  /* no pheromone there */
    assert_int_equal(count_kind(&f, D_PICK), 1);
    mfx_play(&f, "pick 3,12");
    mfx_play(&f, "pick 6,12");
    assert_int_equal(count_kind(&f, D_PICK), 3); /* Q, R and P4 now touch the set */
    assert_int_equal(st->seat[0].score, 10);
    mfx_play(&f, "pick 8,12");
    /* done with the fourth pick; Q and R keep their cubes */
    assert_int_equal(st->seat[0].score, 16);
    assert_int_equal(st->obj_round[0][0], 1);
    assert_int_equal(st->pick_slot, 0);
    assert_int_equal(st->pick_n, 0);
    assert_true(cube(&f, 3, 14));
    assert_true(cube(&f, 7, 10));
    assert_true(cube(&f, 6, 11));
    assert_int_equal(st->phase == PH_WORKSHOP, 0); /* last nurse used: the turn ended */
    mfx_close(&f);
}

/* The first pick must lie in a group of >= N own pheromones; opponents' pheromones
 * neither count nor link; check() catches a broken pick state. */
static void test_pick_refused_A19(void **state)
{
    (void)state;
    mfx f;
    objective_turn(&f, "O19");
    my_state *st = &f.st;
    for (int i = 0; i < 3; i++)
        mfx_put_tile(&f, "PH2", 0, 1 + 2 * i, 12, 0, true);
    mfx_put_tile(&f, "PH2", 0, 7, 12, 1, true); /* seat 1 continues the row */
    assert_int_equal(count_kind(&f, D_OBJECTIVE), 0);
    int far = mfx_put_tile(&f, "PH2", 0, 6, 4, 0, true); /* a lone own pheromone */
    assert_int_equal(count_kind(&f, D_OBJECTIVE), 0);
    mfx_put_tile(&f, "PH2", ph2_orient(&f, 0, 1), 3, 13, 0, true);
    f.st.seat[0].larvae = 3;
    mfx_play(&f, "objective O19");
    assert_int_equal(count_kind(&f, D_PICK), 4);
    assert_false(mfx_legal(&f, "pick 6,4")); /* its group is 1 < 4 */
    assert_false(mfx_legal(&f, "pick 7,12")); /* seat 1's */
    assert_true(mfx_legal(&f, "sacrifice"));   /* still the seat's own turn */
    mfx_play(&f, "pick 1,12");
    assert_int_equal(count_kind(&f, D_PICK), 1);
    /* check(): count, owner and connection of the picked set */
    char msg[256];
    st->pick_n = 2;
    assert_true(f.g->check(st, f.env, msg, sizeof msg) < 0);
    st->pick_n = 1;
    my_bit_set(st->picked, far);
    st->pick_n = 2;
    assert_true(f.g->check(st, f.env, msg, sizeof msg) < 0);
    assert_non_null(strstr(msg, "not connected"));
    my_bit_clr(st->picked, far);
    st->pick_n = 1;
    mfx_check(&f);
    st->phase = PH_HARVEST;
    assert_true(f.g->check(st, f.env, msg, sizeof msg) < 0);
    mfx_close(&f);
}

/* O20: 7 of a group of 8, leaving out the one the player wants to keep; the earlier completer
 * gets the R-49 bonus when the objective completes, i.e. with the seventh pick. */
static void test_pick_O20_seven_R49(void **state)
{
    (void)state;
    mfx f;
    objective_turn(&f, "O20");
    my_state *st = &f.st;
    for (int q = 0; q <= 8; q += 2)
        mfx_put_tile(&f, "PH2", 0, q, 12, 0, true);
    mfx_put_tile(&f, "PH2", 0, 1, 13, 0, true);
    mfx_put_tile(&f, "PH3L", 0, 3, 13, 0, true);
    mfx_put_tile(&f, "PH3T", 0, 3, 10, 0, true);
    st->season = 1;
    st->obj_round[0][1] = 1; /* seat 1 did O20 in round 1 */
    mfx_play(&f, "objective O20");
    assert_int_equal(count_kind(&f, D_PICK), 8);
    static const char *const picks[] = {"pick 2,12", "pick 4,12", "pick 6,12", "pick 8,12",
                                        "pick 2,13", "pick 5,13", "pick 4,10"};
    for (int i = 0; i < 7; i++) {
        assert_int_equal(st->seat[1].score, 10);
        mfx_play(&f, picks[i]);
    }
    assert_int_equal(st->seat[0].score, 22);
    assert_int_equal(st->seat[1].score, 13); /* 4 players: 3 VP */
    assert_int_equal(st->obj_round[0][0], 2);
    assert_true(cube(&f, 1, 12)); /* the kept pheromone */
    for (int c = 0; c < f.D->ncells; c++)
        if (my_bit(st->cube, c))
            assert_int_equal(st->cell_tile[c], st->cell_tile[mfx_cell(&f, 0, 12)]);
    mfx_close(&f);
}

/* Through the match API: a pick in a real game undoes to the same state hash, accepts any hex
 * of its tile, survives a record round trip, and determinize leaves the public picks alone. */
static void test_pick_match_undo_record(void **state)
{
    (void)state;
    static const uint32_t wk[32] = {[D_SACRIFICE] = 1, [D_STOP] = 1, [D_DONE] = 1, [D_PLACE] = 400,
                                    [D_LEVEL] = 400, [D_OBJECTIVE] = 4000, [D_NURSE] = 60, [D_TUNNEL] = 5,
                                    [D_HUNT] = 60, [D_CLEAR] = 1, [D_STEP] = 40, [D_EXIT] = 40, [D_ROOM] = 10,
                                    [D_EVENT] = 10, [D_BIRTHS] = 10, [D_HARVEST] = 10, [D_SCAVENGE] = 10,
                                    [D_DISCARD] = 10, [D_PAY] = 10, [D_PICK] = 10};
    bool found = false;
    for (uint64_t seed = 1; seed < 400 && !found; seed++) {
        mfx f;
        mfx_open(&f, 2, seed, NULL);
        fc_rng rng;
        fc_rng_seed(&rng, seed, 3);
        fc_error err;
        while (fc_match_to_move(f.m) != FC_NOBODY) {
            const my_state *st = fc_match_state(f.m);
            const fc_decision *legal;
            const uint32_t *w;
            int n = fc_match_legal(f.m, &legal, &w);
            if (st->pick_n == 1) {
                found = true;
                break;
            }
            if (fc_match_to_move(f.m) == FC_CHANCE) {
                assert_int_equal(fc_match_play_chance(f.m, &err), 0);
                continue;
            }
            uint32_t ww[MY_MAX_DECISIONS];
            for (int i = 0; i < n; i++)
                ww[i] = wk[MY_DKIND(legal[i]) & 31];
            assert_int_equal(fc_match_play(f.m, legal[fc_rng_weighted(&rng, ww, n)], &err), 0);
        }
        if (found) {
            const my_state *st = fc_match_state(f.m);
            const fc_decision *legal;
            int n = fc_match_legal(f.m, &legal, NULL);
            int t = -1;
            for (int i = 0; i < n && t < 0; i++)
                if (MY_DKIND(legal[i]) == D_PICK)
                    t = (int)MY_DARG(legal[i]);
            assert_true(t >= 0);
            my_state copy = *st;
            f.g->determinize(&copy, f.env, (st->turn + 1) % 2, &rng);
            assert_memory_equal(&copy, st, sizeof copy);
            uint64_t h0 = fc_match_state_hash(f.m);
            fc_hex x = f.D->hex[st->tile[t].cell[1]];
            char text[32];
            snprintf(text, sizeof text, "pick %d,%d", x.q, x.r);
            if (fc_match_play_text(f.m, text, &err) != 0)
                fail_msg("%s: %s", text, err.msg);
            uint64_t h1 = fc_match_state_hash(f.m);
            assert_true(h1 != h0);
            assert_int_equal(fc_match_undo(f.m, &err), 0);
            assert_true(fc_match_state_hash(f.m) == h0);
            assert_int_equal(fc_match_play(f.m, MY_D(D_PICK, t), &err), 0);
            assert_true(fc_match_state_hash(f.m) == h1);
            char *rec = NULL;
            assert_int_equal(fc_record_format(f.m, NULL, &rec, &err), 0);
            assert_non_null(strstr(rec, " pick "));
            fc_rules *r2;
            fc_match *m2;
            if (fc_record_parse(f.ctx, "pick.rec", rec, &r2, &m2, NULL, &err) != 0)
                fail_msg("record: %s", err.msg);
            assert_true(fc_match_state_hash(m2) == h1);
            fc_match_free(m2);
            fc_rules_free(r2);
            free(rec);
        }
        mfx_close(&f);
    }
    assert_true(found);
}

/* ---- R-07, D-10: every simultaneous step gives a seat with enough larvae a window ---- */

static void test_sacrifice_windows_R07_D10(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 2, 3, first0);
    mfx_clear_board(&f);
    my_state *st = &f.st;
    my_seat *p0 = &st->seat[0], *p1 = &st->seat[1];
    p0->event = p1->event = 4;
    int pher = mfx_put_tile(&f, "PH2", 0, 1, 12, 0, true); /* dirt, dirt */
    /* phase 2 and a phase-5 turn offer it too, with 3 larvae but not with 2 */
    static const int phases[] = {PH_BIRTHS, PH_WORKSHOP};
    for (int i = 0; i < 2; i++) {
        mfx_phase(&f, phases[i], 0, 3);
        p0->larvae = 3;
        assert_true(mfx_legal(&f, "sacrifice"));
        p0->larvae = 2;
        assert_false(mfx_legal(&f, "sacrifice"));
    }
    p0->larvae = 0;
    /* phase 4: seat 1 has nothing to harvest but 3 larvae: asked, with done or sacrifice */
    p0->workers = 1;
    p1->workers = 0;
    p1->larvae = 3;
    mfx_phase(&f, PH_WORKERS, 0, 0);
    mfx_play(&f, "room 0");
    assert_int_equal(st->phase, PH_HARVEST);
    assert_int_equal(st->simul_mask, 3);
    mfx_play(&f, "harvest 1,12");
    assert_int_equal(mfx_to_move(&f), 1);
    assert_int_equal(nlegal(&f), 2);
    mfx_play(&f, "sacrifice");
    assert_int_equal(p1->res[R_FOOD], 0); /* pending */
    assert_int_equal(nlegal(&f), 1);
    mfx_play(&f, "done");
    assert_int_equal(p1->res[R_FOOD], 1);
    assert_int_equal(p1->larvae, 0);
    assert_int_equal(st->phase, PH_EVENT); /* nobody had a phase-6 window: 1 larva, storage 1 */
    /* with 2 larvae and nothing to harvest there is no window */
    mfx_phase(&f, PH_WORKERS, 0, 0);
    p0->workers = 1;
    p1->larvae = 2;
    mfx_play(&f, "room 0");
    assert_int_equal(st->simul_mask, 1);
    mfx_play(&f, "harvest 2,12");
    /* phase 6: seat 0 at its limit (4) with 3 larvae: done or sacrifice; a sacrifice puts it
     * over, so it must discard */
    assert_int_equal(st->phase, PH_EVENT);
    assert_int_equal(st->cell_tile[mfx_cell(&f, 1, 12)], pher + 1);
    st->season = 0;
    mfx_phase(&f, PH_WORKSHOP, 0, 0);
    p0->track[TRACK_WORKSHOP] = 1;
    p0->res[R_FOOD] = 2;
    p0->res[R_DIRT] = 2;
    p0->larvae = 3;
    mfx_play(&f, "done");
    assert_int_equal(st->phase, PH_ENDROUND);
    assert_int_equal(st->simul_mask, 1);
    assert_true(mfx_legal(&f, "done"));
    assert_false(mfx_legal(&f, "discard food"));
    mfx_play(&f, "sacrifice");
    assert_false(mfx_legal(&f, "done"));
    assert_int_equal(count_kind(&f, D_DISCARD), 2);
    mfx_play(&f, "discard dirt");
    assert_int_equal(st->phase, PH_EVENT);
    assert_int_equal(p0->res[R_FOOD], 3);
    assert_int_equal(p0->res[R_DIRT], 1);
    assert_int_equal(p0->larvae, 0);
    /* winter: seat 1 owes nothing (5 soldiers) but has 6 larvae: asked; seat 0 owes 4, has 2 */
    st->season = 2;
    st->first = 0;
    p1->soldiers = 5;
    p1->larvae = 6;
    p0->larvae = 2;
    mfx_phase(&f, PH_WORKSHOP, 0, 0);
    p0->track[TRACK_WORKSHOP] = 1;
    mfx_play(&f, "done");
    assert_int_equal(st->phase, PH_ENDROUND); /* seat 1's phase-6 window */
    assert_int_equal(mfx_to_move(&f), 1);
    mfx_play(&f, "done");
    assert_int_equal(st->phase, PH_WINTER);
    assert_int_equal(st->simul_mask, 3);
    assert_int_equal(p1->owed, 0);
    assert_int_equal(mfx_to_move(&f), 1); /* seat 1 is first after R-54 */
    mfx_play(&f, "sacrifice");
    mfx_play(&f, "sacrifice");
    mfx_play(&f, "pay");
    assert_int_equal(nlegal(&f), 1); /* seat 0: pay only */
    mfx_play(&f, "pay");
    assert_int_equal(p1->res[R_FOOD], 3);
    assert_int_equal(p1->larvae, 0);
    assert_int_equal(p1->score, 10);
    assert_int_equal(p0->res[R_FOOD], 0);
    assert_int_equal(p0->score, 7); /* 1 food short */
    mfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pick_best_four_A19),        cmocka_unit_test(test_pick_refused_A19),
        cmocka_unit_test(test_pick_O20_seven_R49),        cmocka_unit_test(test_pick_match_undo_record),
        cmocka_unit_test(test_sacrifice_windows_R07_D10),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
