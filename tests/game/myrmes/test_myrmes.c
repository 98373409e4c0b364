/* Myrmes rules tests, part 1: setup (S-xx), phases 1-4 (R-02..R-41), events (R-60..R-66).
 * Positions are built by editing the plain state through the private header. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

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

static int count_place(mfx *f, const char *id)
{
    fc_decision buf[MY_MAX_DECISIONS];
    int n = f->g->legal(&f->st, f->env, buf, NULL), k = 0;
    for (int i = 0; i < n; i++)
        k += MY_DKIND(buf[i]) == D_PLACE && !strcmp(f->D->kind[MY_DARG(buf[i]) & 0xF].id, id);
    return k;
}

static int nlegal(mfx *f)
{
    fc_decision buf[MY_MAX_DECISIONS];
    return f->g->legal(&f->st, f->env, buf, NULL);
}

/* Seat s has a worker outside on (q, r) with mp movement points (phase 3). */
static void outing(mfx *f, int s, int q, int r, int mp)
{
    mfx_phase(f, PH_WORKERS, s, 0);
    f->st.out_seat = (int8_t)s;
    f->st.out_cell = (uint8_t)mfx_cell(f, q, r);
    f->st.out_mp = (uint8_t)mp;
    f->st.seat[s].workers = 1;
}

/* ---- setup: S-01 (2-4 seats), S-02..S-12, A-15, A-16, A-17 ---- */

static void check_setup(int n, const int (*starts)[2], int spots, int bonus)
{
    mfx f;
    mfx_open(&f, n, 1, first0);
    const my_state *st = &f.st;
    int cells[] = {0, 0, 82, 118, 151};
    assert_int_equal(f.D->ncells, cells[n]); /* S-02 */
    int prey = 0, kinds[3] = {0};
    for (int c = 0; c < f.D->ncells; c++)
        if (st->cell_tok[c] & MY_TOK_PREY) {
            prey++;
            kinds[st->cell_tok[c] & 0xF]++;
            assert_true(f.D->prey_spot[c]);
        }
    assert_int_equal(prey, spots); /* S-03, A-15 */
    if (n == 4)
        for (int k = 0; k < 3; k++)
            assert_int_equal(kinds[k], 6);
    for (int i = 0; i < MY_SLOTS; i++) { /* S-04 */
        assert_int_equal(f.D->obj[st->obj[i]].level, i / 2 + 1);
        for (int j = 0; j < i; j++)
            assert_int_not_equal(st->obj[i], st->obj[j]);
    }
    for (int i = 0; i < 3; i++) /* S-05 */
        assert_true(st->dice[i] >= 1 && st->dice[i] <= 6);
    assert_int_equal(st->year, 1);
    assert_int_equal(st->first, 0); /* S-06 */
    for (int s = 0; s < n; s++) {
        const my_seat *p = &st->seat[s];
        assert_int_equal(p->score, 10); /* S-08 */
        assert_int_equal(p->nursery, 3);
        assert_int_equal(p->workers, 2);
        assert_int_equal(p->larvae, 1);
        assert_int_equal(p->soldiers + p->level + p->res[0] + p->res[1] + p->res[2], 0);
        assert_int_equal(st->cell_tok[mfx_cell(&f, starts[s][0], starts[s][1])], s + 1); /* S-09, A-17 */
        assert_int_equal(p->event, st->dice[0]); /* S-10 */
    }
    assert_int_equal(f.D->objective_bonus, bonus); /* S-11 */
    assert_int_equal(st->phase, PH_EVENT);         /* S-12 */
    assert_int_equal(mfx_to_move(&f), 0);          /* collected from the first player */
    mfx_check(&f);
    mfx_close(&f);
}

static void test_setup_S01_S12(void **state)
{
    (void)state;
    static const int s2[][2] = {{2, 11}, {8, 11}};
    static const int s3[][2] = {{4, 5}, {12, 4}, {5, 12}};
    static const int s4[][2] = {{6, 3}, {12, 3}, {8, 11}, {2, 11}};
    check_setup(2, s2, 11, 5);
    check_setup(3, s3, 12, 4);
    check_setup(4, s4, 18, 3);
    /* start hexes follow seat order from the first player */
    mfx f;
    static const char *const first2[] = {"first_player=2", NULL};
    mfx_open(&f, 4, 1, first2);
    assert_int_equal(f.st.cell_tok[mfx_cell(&f, 6, 3)], 3);
    assert_int_equal(f.st.cell_tok[mfx_cell(&f, 2, 11)], 2);
    mfx_close(&f);
    /* S-06: random first player differs between seeds */
    int seen = 0;
    for (uint64_t seed = 0; seed < 40; seed++) {
        mfx_open(&f, 4, seed, NULL);
        seen |= 1 << f.st.first;
        mfx_close(&f);
    }
    assert_int_equal(seen, 15);
}

/* ---- components and structure: S-07 (T-04, T-05 sets), A-14 (orientations), A-01 (dice
 * faces from data), R-01, R-03, D-01 (years, rounds, phase order), A-16 (first player) ---- */

static void test_components_S07_A14(void **state)
{
    (void)state;
    static const char *const ids[] = {"PH2", "PH3L", "PH3T", "PH4D", "PH4H", "PH5", "PH6"};
    static const int orient[] = {3, 3, 2, 3, 12, 6, 2}, count[] = {6, 2, 2, 2, 2, 2, 1};
    mfx f;
    mfx_open(&f, 4, 1, NULL);
    int total = 0;
    for (int k = 0; k < 7; k++) {
        assert_string_equal(f.D->kind[k].id, ids[k]);
        assert_int_equal(f.D->kind[k].norient, orient[k]);
        assert_int_equal(f.D->kind[k].count, count[k]);
        total += f.D->kind[k].count;
    }
    assert_int_equal(total, 17);
    assert_int_equal(f.D->group_supply[0], 8); /* aphid farm / scavenging, double-sided */
    assert_int_equal(f.D->group_supply[1], 8); /* subcolonies */
    for (int d = 0; d < 3; d++) {             /* */
        assert_int_equal(f.D->nfaces[d], 6);
        assert_int_equal(f.D->faces[d][5], 6);
    }
    assert_int_equal(f.D->winter[2], 6); /* T-12 */
    mfx_close(&f);
    static const char *const nomirror[] = {"mirror_hook=false", NULL};
    mfx_open(&f, 4, 1, nomirror);
    assert_int_equal(f.D->kind[4].norient, 6);
    mfx_close(&f);
}

static void test_structure_R01_R03(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 3, 8, NULL);
    fc_rng rng;
    fc_rng_seed(&rng, 8, 1);
    int last_phase = PH_EVENT, rounds = 1, dice = 0, max_round = 1;
    fc_decision buf[MY_MAX_DECISIONS];
    uint32_t w[MY_MAX_DECISIONS];
    while (mfx_to_move(&f) != FC_NOBODY) {
        int who = mfx_to_move(&f), n = f.g->legal(&f.st, f.env, buf, w);
        int i = who == FC_CHANCE ? fc_rng_weighted(&rng, w, n) : (int)fc_rng_below(&rng, (uint32_t)n);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[i]), 0);
        int ph = f.st.phase;
        if (ph != last_phase) {
            /* phases only move forward inside a round, then back to 1 or to winter */
            if (ph == PH_EVENT)
                rounds++;
            else
                assert_true(ph > last_phase);
            dice += last_phase != PH_DICE && ph == PH_DICE;
            last_phase = ph;
        }
        int r = f.g->round(&f.st, f.env);
        assert_true(r >= max_round);
        max_round = r;
    }
    assert_int_equal(rounds, 9); /* 3 years of 3 seasons */
    assert_int_equal(dice, 2);   /* new dice after winters 1 and 2 */
    assert_int_equal(max_round, 9);
    assert_int_equal(f.st.year, 3);
    mfx_close(&f);
}

/* ---- phase 1: events (R-09..R-12, D-11), sacrifice (R-07, D-10), hidden choices (R-02) ---- */

static void test_event_R09_R12_hidden(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 2, 3, first0);
    f.st.dice[0] = 3;
    f.st.seat[0].event = f.st.seat[1].event = 3; /* */
    f.st.seat[0].larvae = 2;
    f.st.seat[1].larvae = 0;
    assert_int_equal(nlegal(&f), 5); /* spaces 1..5 for 2 larvae, no sacrifice (R-07 needs 3) */
    assert_false(mfx_legal(&f, "event 0"));
    assert_false(mfx_legal(&f, "event 6"));
    mfx_play(&f, "event 5");
    /* hidden until seat 1 commits: nothing public changed */
    assert_int_equal(f.st.seat[0].larvae, 2);
    assert_int_equal(f.st.seat[0].event, 3);
    assert_int_equal(mfx_to_move(&f), 1);
    assert_int_equal(nlegal(&f), 1); /* seat 1 has no larvae: only its die space */
    fc_view *v = calloc(1, sizeof *v);
    f.g->view(&f.st, f.env, 1, v);
    bool found = false;
    for (int i = 0; i < v->npanel; i++)
        if (v->panel[i].seat == 0 && !strcmp(v->panel[i].key, "event")) {
            assert_true(strncmp(v->panel[i].value, "3 ", 2) == 0);
            found = true;
        }
    assert_true(found);
    free(v);
    /* determinize for seat 1 re-draws seat 0's choice among legal ones; for seat 0 keeps it */
    int other = 0;
    for (uint64_t k = 0; k < 30; k++) {
        my_state copy = f.st;
        fc_rng rng;
        fc_rng_seed(&rng, k, 1);
        f.g->determinize(&copy, f.env, 1, &rng);
        assert_true(copy.seat[0].p_event >= 1 && copy.seat[0].p_event <= 5);
        other |= copy.seat[0].p_event != 5;
        copy = f.st;
        f.g->determinize(&copy, f.env, 0, &rng);
        assert_int_equal(copy.seat[0].p_event, 5);
    }
    assert_true(other);
    mfx_play(&f, "event 3");
    assert_int_equal(f.st.seat[0].larvae, 0); /* paid at once */
    assert_int_equal(f.st.seat[0].event, 5);  /* */
    assert_int_equal(f.st.phase, PH_BIRTHS);
    mfx_close(&f);
}

static void test_sacrifice_R07(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 2, 3, first0);
    f.st.seat[0].event = f.st.seat[1].event = 4;
    f.st.seat[0].larvae = 4;
    assert_true(mfx_legal(&f, "sacrifice"));
    mfx_play(&f, "sacrifice");
    assert_int_equal(f.st.seat[0].res[R_FOOD], 0); /* pending */
    assert_false(mfx_legal(&f, "sacrifice"));      /* 1 larva left */
    assert_false(mfx_legal(&f, "event 6"));
    mfx_play(&f, "event 5");
    mfx_play(&f, "event 4");
    assert_int_equal(f.st.seat[0].res[R_FOOD], 1);
    assert_int_equal(f.st.seat[0].larvae, 0);
    /* in a turn phase the sacrifice is immediate */
    outing(&f, 1, 8, 11, 3);
    f.st.seat[1].larvae = 7;
    mfx_play(&f, "sacrifice");
    mfx_play(&f, "sacrifice");
    assert_int_equal(f.st.seat[1].larvae, 1);
    assert_int_equal(f.st.seat[1].res[R_FOOD], 2);
    mfx_close(&f);
}

/* ---- phase 2: births, ant cap, events +2 larvae, +1 soldier,
 * +1 worker (R-15, R-66) ---- */

static void test_births_R13_R16(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 2, 3, first0);
    mfx_phase(&f, PH_BIRTHS, 0, 3);
    f.st.seat[0].larvae = f.st.seat[1].larvae = 0;
    f.st.seat[0].event = 5; /* +1 soldier */
    f.st.seat[1].event = 2; /* +2 larvae */
    assert_int_equal(nlegal(&f), 17); /* worked out by hand for 3 nurses */
    assert_false(mfx_legal(&f, "births L1 S1 W0 K0"));
    assert_false(mfx_legal(&f, "births L0 S0 W4 K0"));
    assert_false(mfx_legal(&f, "births L0 S0 W2 K2"));
    f.st.seat[0].nursery = 6;
    mfx_play(&f, "births L2 S2 W0 K1");
    assert_int_equal(f.st.seat[0].nursery, 6); /* hidden */
    mfx_play(&f, "births L1 S0 W2 K0");
    const my_seat *a = &f.st.seat[0], *b = &f.st.seat[1];
    assert_int_equal(a->larvae, 3);
    assert_int_equal(a->soldiers, 2); /* 1 + event bonus */
    assert_int_equal(a->nursery, 1);
    assert_int_equal(a->track[TRACK_WORKSHOP], 1);
    assert_int_equal(b->larvae, 3); /* 1 + 2 */
    assert_int_equal(b->workers, 3);
    assert_int_equal(b->nursery, 0);
    assert_int_equal(f.st.phase, PH_WORKERS); /* new workers act this round */
    mfx_close(&f);
}

/* R-04 ant cap (D-02 ants = workers + soldiers), A-12 who arrives */
static void test_births_cap_R04_A12(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 2, 3, first0);
    mfx_phase(&f, PH_BIRTHS, 0, 3);
    my_seat *p = &f.st.seat[0];
    p->workers = 7;
    p->nursery = 4;
    p->event = 5;
    assert_false(mfx_legal(&f, "births L0 S2 W2 K0"));
    assert_true(mfx_legal(&f, "births L0 S2 W2 K0 A0"));
    assert_false(mfx_legal(&f, "births L0 S2 W2 K0 A2"));
    mfx_play(&f, "births L0 S2 W2 K0 A1");
    mfx_play(&f, "births L0 S0 W0 K0");
    assert_int_equal(p->soldiers, 1);
    assert_int_equal(p->workers, 7);
    /* event +1 worker with a full colony is lost */
    mfx_phase(&f, PH_BIRTHS, 0, 3);
    p->nursery = 4;
    p->event = 7;
    mfx_play(&f, "births L0 S0 W4 K0");
    mfx_play(&f, "births L0 S0 W0 K0");
    assert_int_equal(p->workers, 7);
    assert_int_equal(p->workers + p->soldiers + p->room_workers, 8);
    mfx_phase(&f, PH_BIRTHS, 0, 3);
    p->nursery = 2;
    p->workers = 2;
    p->soldiers = 0;
    p->event = 7; /* +1 worker */
    mfx_play(&f, "births L0 S0 W2 K0");
    mfx_play(&f, "births L0 S0 W0 K0");
    assert_int_equal(p->workers, 4);
    mfx_close(&f);
}

/* ---- phase 3: rooms and turn order, end of round (R-52..R-55) ---- */

static void test_rooms_R17_R18(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 2, 3, first0);
    mfx_phase(&f, PH_WORKERS, 0, 0);
    f.st.seat[0].event = f.st.seat[1].event = 4;
    f.st.seat[1].workers = 3;
    assert_true(mfx_legal(&f, "room 0"));
    assert_false(mfx_legal(&f, "room 1"));
    assert_false(mfx_legal(&f, "stop")); /* no passing */
    mfx_play(&f, "room 0");
    assert_int_equal(f.st.seat[0].larvae, 2);
    assert_int_equal(mfx_to_move(&f), 1);
    mfx_play(&f, "room 0");
    assert_false(mfx_legal(&f, "room 0")); /* one worker per room */
    mfx_play(&f, "exit 2,11");
    mfx_play(&f, "stop"); /* */
    assert_int_equal(f.st.seat[0].workers, 0);
    mfx_play(&f, "exit 8,11");
    mfx_play(&f, "stop");
    assert_int_equal(mfx_to_move(&f), 1); /* seat 0 has no worker left: skipped */
    mfx_play(&f, "exit 8,11");
    mfx_play(&f, "stop");
    /* nothing to harvest, no workshop, storage fine: the round ends (R-52..R-55) */
    assert_int_equal(f.st.phase, PH_EVENT);
    assert_int_equal(f.st.season, 1);
    assert_int_equal(f.st.first, 1);
    assert_int_equal(f.st.seat[0].workers, 1); /* the room worker came back */
    assert_int_equal(f.st.seat[1].workers, 1);
    assert_int_equal(f.st.seat[0].event, f.st.dice[1]);
    assert_int_equal(mfx_to_move(&f), 1);
    /* rooms by level: II gives a choice, III needs 1 food; +1 level opens the next */
    mfx_phase(&f, PH_WORKERS, 0, 0);
    my_seat *p = &f.st.seat[0];
    p->workers = 2;
    p->level = 2;
    p->event = 4;
    assert_true(mfx_legal(&f, "room 2 dirt"));
    assert_false(mfx_legal(&f, "room 3"));
    p->event = 0;
    p->res[R_FOOD] = 0;
    assert_false(mfx_legal(&f, "room 3"));
    p->res[R_FOOD] = 1;
    mfx_play(&f, "room 3");
    assert_int_equal(p->res[R_FOOD], 0);
    assert_int_equal(p->score, 12);
    mfx_phase(&f, PH_WORKERS, 0, 0);
    p->rooms = 0;
    p->room_workers = 0;
    p->workers = 2;
    p->level = 0;
    p->event = 0;
    mfx_play(&f, "room 1");
    assert_int_equal(p->res[R_FOOD], 1);
    mfx_phase(&f, PH_WORKERS, 0, 0);
    p->rooms = 0;
    p->room_workers = 0;
    p->workers = 2;
    p->level = 2;
    mfx_play(&f, "room 2 stone");
    assert_int_equal(p->res[R_STONE], 1);
    mfx_close(&f);
}

/* ---- phase 3: outings (R-19..R-38, A-05..A-08, A-23, A-24); D-06 hexes, tiles and tokens,
 * D-07 empty hex, D-08 own/opponent tile, D-09 adjacency ---- */

static void test_movement_R19_R25(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 4, 3, first0);
    mfx_clear_board(&f);
    /* exit with 3 MP, 6 with +3 moves */
    mfx_phase(&f, PH_WORKERS, 0, 0);
    f.st.seat[0].event = 1;
    mfx_play(&f, "exit 6,3");
    assert_int_equal(f.st.out_mp, 3);
    assert_int_equal(count_kind(&f, D_PLACE), 0); /* not on the exit */
    mfx_phase(&f, PH_WORKERS, 0, 0);
    f.st.seat[0].workers = 2;
    f.st.seat[0].event = 4;
    mfx_play(&f, "exit 6,3");
    assert_int_equal(f.st.out_mp, 6);
    /* water */
    outing(&f, 0, 5, 4, 3);
    assert_false(mfx_legal(&f, "step 4,4"));
    assert_true(mfx_legal(&f, "step 4,5"));
    /* an opponent's exit is walked over; V-4 forbids it */
    f.st.cell_tok[mfx_cell(&f, 6, 4)] = 2;
    f.st.seat[1].exits = 2;
    assert_true(mfx_legal(&f, "step 6,4"));
    mfx_play(&f, "step 6,4");
    assert_int_equal(f.st.out_mp, 2);
    assert_int_equal(count_kind(&f, D_PLACE), 0);
    f.st.cell_tok[mfx_cell(&f, 6, 4)] = 0;
    f.st.seat[1].exits = 1;
    /* own tile is one space; R-23: opponent's tile costs a soldier */
    outing(&f, 0, 6, 3, 3);
    mfx_put_tile(&f, "PH3L", 0, 6, 2, 0, false);
    mfx_put_tile(&f, "PH2", 0, 7, 3, 1, false);
    assert_false(mfx_legal(&f, "step 7,3"));
    assert_false(mfx_legal(&f, "step 7,2")); /* a tile is entered by its first hex */
    mfx_play(&f, "step 6,2");
    assert_int_equal(f.st.out_mp, 2);
    mfx_play(&f, "step 9,2"); /* left from the tile's far end */
    assert_int_equal(f.st.out_mp, 1);
    outing(&f, 0, 6, 3, 3);
    f.st.seat[0].soldiers = 1;
    mfx_play(&f, "step 7,3");
    assert_int_equal(f.st.seat[0].soldiers, 0);
    mfx_play(&f, "step 9,2"); /* from (8,3), inside the tile for free */
    assert_int_equal(f.st.out_mp, 1);
    /* prey */
    outing(&f, 0, 6, 4, 3);
    f.st.cell_tok[mfx_cell(&f, 7, 4)] = MY_TOK_PREY | 2; /* spider */
    f.st.prey_placed = 1;
    f.st.seat[0].soldiers = 1;
    assert_false(mfx_legal(&f, "hunt 7,4"));
    assert_false(mfx_legal(&f, "step 7,4"));
    f.st.seat[0].soldiers = 2;
    mfx_play(&f, "hunt 7,4");
    assert_int_equal(f.st.seat[0].soldiers, 0);
    assert_int_equal(f.st.seat[0].prey[2], 1);
    assert_int_equal(f.st.seat[0].res[R_FOOD], 1);
    assert_int_equal(f.st.seat[0].score, 14);
    assert_int_equal(f.st.out_mp, 2);
    assert_int_equal(f.st.out_cell, mfx_cell(&f, 7, 4));
    /* no MP: no step or hunt, but placing is allowed */
    outing(&f, 0, 6, 4, 0);
    f.st.cell_tok[mfx_cell(&f, 5, 4)] = MY_TOK_PREY | 0;
    f.st.prey_placed = 2;
    f.st.seat[0].soldiers = 2;
    assert_int_equal(count_kind(&f, D_STEP) + count_kind(&f, D_HUNT), 0);
    assert_true(mfx_legal(&f, "place PH2/2 6,4"));
    mfx_close(&f);
}

static void test_guarded_exits_V4(void **state)
{
    (void)state;
    mfx f;
    static const char *const sets[] = {"first_player=0", "guarded_exits=true", NULL};
    mfx_open(&f, 4, 3, sets);
    outing(&f, 0, 5, 4, 3);
    f.st.cell_tok[mfx_cell(&f, 6, 4)] = 2;
    f.st.seat[1].exits = 2;
    assert_false(mfx_legal(&f, "step 6,4"));
    assert_true(mfx_legal(&f, "step 6,3")); /* own exit */
    mfx_close(&f);
}

/* R-26 clearing, R-32 the owner keeps its points, R-36 specials stay, A-07 where the worker stands */
static void test_clear_R26_A07(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 4, 3, first0);
    mfx_clear_board(&f);
    outing(&f, 0, 6, 3, 3);
    int t = mfx_put_tile(&f, "PH3L", 0, 6, 2, 1, true);
    f.st.seat[0].soldiers = 1;
    f.st.seat[0].res[R_DIRT] = 1;
    mfx_play(&f, "step 6,2");
    assert_false(mfx_legal(&f, "clear 7,2")); /* cubes on it */
    for (int i = 0; i < 3; i++)
        my_bit_clr(f.st.cube, f.st.tile[t].cell[i]);
    assert_int_equal(count_kind(&f, D_CLEAR), 3);
    mfx_play(&f, "clear 7,2");
    assert_int_equal(f.st.seat[0].res[R_DIRT], 0);
    assert_int_equal(f.st.seat[0].score, 12); /* the opponent's tile VP */
    assert_int_equal(f.st.seat[1].score, 10); /* the owner keeps its points */
    assert_int_equal(f.st.seat[1].pher_used[1], 1); /* not returned */
    assert_int_equal(f.st.cell_tile[mfx_cell(&f, 6, 2)], 0);
    assert_int_equal(f.st.out_cell, mfx_cell(&f, 7, 2));
    assert_true(mfx_legal(&f, "place PH2/0 7,2")); /* may place on the cleared hexes */
    /* own pheromone: no VP */
    outing(&f, 0, 6, 3, 3);
    mfx_put_tile(&f, "PH2", 0, 7, 3, 0, false);
    f.st.seat[0].res[R_DIRT] = 1;
    mfx_play(&f, "step 7,3");
    mfx_play(&f, "clear 8,3");
    assert_int_equal(f.st.seat[0].score, 12);
    /* special tiles cannot be cleared */
    outing(&f, 0, 6, 3, 3);
    mfx_put_tile(&f, "SA", 0, 7, 2, 0, false);
    f.st.seat[0].res[R_DIRT] = 1;
    mfx_play(&f, "step 7,2");
    assert_int_equal(count_kind(&f, D_CLEAR), 0);
    mfx_close(&f);
}

/* R-27..R-31 placement, R-06 limited sets, D-05 effective level, R-61/R-65 events */
static void test_place_R27_R31(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 4, 3, first0);
    mfx_clear_board(&f);
    my_seat *p = &f.st.seat[0];
    p->event = 4;
    outing(&f, 0, 7, 7, 3);
    /* size limit by level, +1 hex, +1 level, size 6 only with +1 hex */
    assert_true(count_place(&f, "PH2") > 0);
    assert_int_equal(count_place(&f, "PH3L"), 0);
    p->level = 1;
    assert_true(count_place(&f, "PH3L") > 0);
    assert_int_equal(count_place(&f, "PH4D"), 0);
    p->event = 6;
    assert_true(count_place(&f, "PH4D") > 0);
    p->event = 0;
    assert_true(count_place(&f, "PH4H") > 0);
    assert_int_equal(count_place(&f, "PH5"), 0);
    p->level = 3;
    assert_true(count_place(&f, "PH5") > 0);
    assert_int_equal(count_place(&f, "PH6"), 0); /* */
    p->event = 6;
    assert_true(count_place(&f, "PH6") > 0);
    /* a player's set is limited (2 lines) */
    p->level = 1;
    p->event = 4;
    p->pher_used[1] = 2;
    assert_int_equal(count_place(&f, "PH3L"), 0);
    assert_true(count_place(&f, "PH3T") > 0);
    p->pher_used[1] = 0;
    /* every covered hex must be empty */
    p->level = 0;
    outing(&f, 0, 6, 4, 3);
    mfx_put_tile(&f, "PH2", 1, 7, 4, 1, false);
    assert_false(mfx_legal(&f, "place PH2/0 6,4"));
    assert_true(mfx_legal(&f, "place PH2/0 5,4"));
    /* cubes by terrain; size 2 scores 0 even with +1 VP */
    p->event = 1;
    mfx_play(&f, "place PH2/0 5,4"); /* (5,4) mushroom, (6,4) dirt */
    assert_false(my_bit(f.st.cube, mfx_cell(&f, 5, 4)));
    assert_true(my_bit(f.st.cube, mfx_cell(&f, 6, 4)));
    assert_int_equal(p->score, 10);
    assert_int_equal(p->pher_used[0], 1);
    assert_int_equal(f.st.out_seat, -1); /* */
    outing(&f, 0, 6, 2, 3);
    p->level = 1;
    p->event = 1;
    mfx_play(&f, "place PH3L/0 6,2"); /* (6,2) D (7,2) D (8,2) G; 2 VP + 1 */
    assert_int_equal(p->score, 13);
    assert_true(my_bit(f.st.cube, mfx_cell(&f, 8, 2)));
    mfx_close(&f);
}

static void test_specials_R33_R38(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 4, 3, first0);
    mfx_clear_board(&f);
    my_seat *p = &f.st.seat[0];
    p->event = 4;
    outing(&f, 0, 7, 7, 3);
    p->res[R_STONE] = 1;
    assert_int_equal(count_place(&f, "SA"), 0); /* level 0 */
    p->level = 1;
    assert_true(count_place(&f, "SA") > 0);
    assert_int_equal(count_place(&f, "SS"), 0); /* no food */
    assert_int_equal(count_place(&f, "SC"), 0);
    p->markers = 4;
    assert_int_equal(count_place(&f, "SA"), 0); /* no marker left */
    p->markers = 0;
    mfx_play(&f, "place SA/0 7,7");
    assert_int_equal(p->res[R_STONE], 0);
    assert_int_equal(p->score, 12); /* */
    assert_int_equal(p->markers, 1);
    assert_int_equal(f.st.group_used[0], 1);
    assert_false(my_bit(f.st.cube, mfx_cell(&f, 7, 7)));
    /* subcolony at level III costs 1 of each */
    outing(&f, 0, 12, 7, 3);
    p->level = 3;
    p->res[0] = p->res[1] = p->res[2] = 1;
    mfx_play(&f, "place SC/0 12,7");
    assert_int_equal(p->res[0] + p->res[1] + p->res[2], 0);
    assert_int_equal(p->score, 16);
    /* entering an opponent's marked special costs a soldier; R-38: unmarked does not */
    outing(&f, 1, 6, 7, 3);
    assert_false(mfx_legal(&f, "step 7,7"));
    int t = f.st.cell_tile[mfx_cell(&f, 7, 7)] - 1;
    f.st.tile[t].marked = 0;
    f.st.tile[t].owner = -1;
    p->markers--;
    assert_true(mfx_legal(&f, "step 7,7"));
    mfx_close(&f);
}

/* ---- phase 4: harvest; D-04 cubes go to storage ---- */

static void test_harvest_R39_R41(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 4, 3, first0);
    mfx_clear_board(&f);
    mfx_put_tile(&f, "PH2", 0, 6, 4, 0, true);  /* dirt, food */
    mfx_put_tile(&f, "PH2", 1, 5, 3, 0, true);  /* mushrooms: nothing */
    mfx_put_tile(&f, "SA", 0, 10, 7, 0, false); /* 1 food */
    mfx_put_tile(&f, "SS", 0, 5, 8, 0, false);  /* dirt or stone */
    mfx_put_tile(&f, "SC", 0, 12, 7, 0, false); /* 2 VP */
    mfx_put_tile(&f, "PH2", 0, 13, 2, 1, true); /* seat 1: dirt, food */
    for (int s = 0; s < 4; s++)
        f.st.seat[s].workers = 0;
    f.st.seat[0].workers = 1;
    f.st.seat[0].event = f.st.seat[1].event = 4;
    mfx_phase(&f, PH_WORKERS, 0, 0);
    mfx_play(&f, "exit 6,3");
    mfx_play(&f, "stop");
    assert_int_equal(f.st.phase, PH_HARVEST);
    assert_int_equal(f.st.simul_mask, 3);
    assert_int_equal(count_kind(&f, D_HARVEST), 2);
    mfx_play(&f, "harvest 7,4");
    assert_true(mfx_legal(&f, "scavenge stone"));
    mfx_play(&f, "scavenge stone");
    assert_int_equal(mfx_to_move(&f), 1);
    assert_true(my_bit(f.st.cube, mfx_cell(&f, 7, 4))); /* hidden until all committed */
    assert_int_equal(f.st.seat[0].res[R_FOOD], 0);
    mfx_play(&f, "harvest 14,2");
    const my_seat *p = &f.st.seat[0];
    assert_int_equal(p->res[R_FOOD], 2);
    assert_int_equal(p->res[R_STONE], 1);
    assert_int_equal(p->res[R_DIRT], 0);
    assert_int_equal(p->score, 12);
    assert_false(my_bit(f.st.cube, mfx_cell(&f, 7, 4)));
    assert_true(my_bit(f.st.cube, mfx_cell(&f, 6, 4)));
    assert_int_equal(f.st.seat[1].res[R_FOOD], 1);
    /* +3 harvest: one mandatory cube, then up to 3 more from any own pheromone */
    mfx_clear_board(&f);
    mfx_put_tile(&f, "PH3L", 0, 6, 2, 0, true);
    mfx_put_tile(&f, "PH2", 0, 10, 7, 0, true); /* food + mushroom */
    f.st.seat[0].workers = 1;
    f.st.seat[0].event = 3;
    mfx_phase(&f, PH_WORKERS, 0, 0);
    mfx_play(&f, "exit 6,3");
    mfx_play(&f, "stop");
    mfx_play(&f, "harvest 6,2");
    mfx_play(&f, "harvest 10,7");
    assert_true(mfx_legal(&f, "done"));
    mfx_play(&f, "harvest 7,2");
    mfx_play(&f, "harvest 8,2"); /* no cube left: done automatically */
    assert_int_equal(f.st.phase == PH_HARVEST, 0);
    assert_int_equal(f.st.seat[0].res[R_DIRT], 2);
    assert_int_equal(f.st.seat[0].res[R_FOOD], 2);
    mfx_close(&f);
}

/* ---- notation examples ---- */

static void test_notation(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 4, 3, first0);
    mfx_phase(&f, PH_BIRTHS, 0, 15);
    f.st.seat[0].nursery = 6;
    fc_decision d;
    assert_int_equal(f.g->decision_parse(&f.st, f.env, "  births   L2 S0 W2 K1 ", &d), 0);
    assert_int_equal(d, MY_D(D_BIRTHS, 2 | 0 << 3 | 2 << 6 | 1 << 9));
    char buf[64];
    f.g->decision_text(&f.st, f.env, d, buf, sizeof buf);
    assert_string_equal(buf, "births L2 S0 W2 K1");
    assert_int_equal(f.g->decision_parse(&f.st, f.env, "births L2 S0", &d), FC_EPARSE);
    outing(&f, 0, 6, 4, 3);
    f.st.seat[0].level = 1;
    assert_int_equal(f.g->decision_parse(&f.st, f.env, "place PH3L/2 6,4", &d), 0);
    fc_decision_info info;
    f.g->decision_describe(&f.st, f.env, d, &info);
    assert_int_equal(info.has_hex, 1);
    assert_int_equal(info.hex.q, 6);
    assert_string_equal(info.group, "place");
    mfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setup_S01_S12),    cmocka_unit_test(test_components_S07_A14),
        cmocka_unit_test(test_structure_R01_R03),    cmocka_unit_test(test_event_R09_R12_hidden),
        cmocka_unit_test(test_sacrifice_R07),    cmocka_unit_test(test_births_R13_R16),
        cmocka_unit_test(test_births_cap_R04_A12), cmocka_unit_test(test_rooms_R17_R18),
        cmocka_unit_test(test_movement_R19_R25), cmocka_unit_test(test_guarded_exits_V4),
        cmocka_unit_test(test_clear_R26_A07),    cmocka_unit_test(test_place_R27_R31),
        cmocka_unit_test(test_specials_R33_R38), cmocka_unit_test(test_harvest_R39_R41),
        cmocka_unit_test(test_notation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
