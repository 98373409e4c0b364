/* Myrmes rules tests, part 2: workshop and objectives (R-42..R-49, T-10), end of round
 * (R-50..R-55), winter (R-56..R-59), end and ranks (R-67, R-68, V-5), variants (V-2), view,
 * hooks and Lua functions, invariant checks and data-file errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* Seat 0 in its workshop turn with `nurses` workshop nurses, on a cleared 4-player board. */
static void workshop(mfx *f, int nurses)
{
    mfx_phase(f, PH_WORKSHOP, 0, 0);
    f->st.seat[0].track[TRACK_WORKSHOP] = (uint8_t)nurses;
    for (int s = 0; s < f->env->nseats; s++)
        f->st.seat[s].event = 4;
}

/* ---- workshop (R-42..R-46, A-09) ---- */

static void test_workshop_R42_R46(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 4, 5, first0);
    mfx_clear_board(&f);
    my_seat *p = &f.st.seat[0];
    workshop(&f, 3);
    f.st.seat[2].track[TRACK_WORKSHOP] = 1;
    /* empty hexes next to the exit (6) and to an own pheromone (8 more); an
     * opponent's pheromone does not count */
    assert_int_equal(count_kind(&f, D_TUNNEL), 6);
    mfx_put_tile(&f, "PH2", 0, 6, 7, 0, false);
    mfx_put_tile(&f, "PH2", 0, 10, 7, 1, false);
    assert_int_equal(count_kind(&f, D_TUNNEL), 14);
    mfx_play(&f, "tunnel 7,2");
    assert_int_equal(p->exits, 2);
    assert_int_equal(p->res[R_DIRT], 1);
    assert_int_equal(count_kind(&f, D_TUNNEL), 0); /* each action once per round */
    /* 0 -> I costs 2 dirt */
    assert_false(mfx_legal(&f, "level"));
    p->res[R_DIRT] = 2;
    mfx_play(&f, "level");
    assert_int_equal(p->level, 1);
    assert_int_equal(p->res[R_DIRT], 0);
    /* new nurse for 2 food + 2 larvae */
    p->res[R_FOOD] = 2;
    p->larvae = 1;
    assert_false(mfx_legal(&f, "nurse"));
    p->larvae = 2;
    mfx_play(&f, "nurse");
    assert_int_equal(p->nursery, 4);
    assert_int_equal(p->res[R_FOOD] + p->larvae, 0);
    /* all three nurses used: seat 2 acts next (seat 1 has none) */
    assert_int_equal(mfx_to_move(&f), 2);
    mfx_play(&f, "done"); /* */
    assert_int_equal(f.st.phase, PH_EVENT);
    assert_int_equal(f.st.seat[2].nursery, 4); /* */
    assert_int_equal(p->nursery, 7);
    /* I -> II: 2 dirt + 1 stone; II -> III: 3 stone */
    workshop(&f, 1);
    p->nursery = 3;
    p->res[R_DIRT] = 2;
    assert_false(mfx_legal(&f, "level"));
    p->res[R_STONE] = 1;
    mfx_play(&f, "level");
    assert_int_equal(p->level, 2);
    assert_int_equal(p->res[R_DIRT] + p->res[R_STONE], 0);
    workshop(&f, 1);
    p->res[R_STONE] = 3;
    mfx_play(&f, "level");
    assert_int_equal(p->level, 3);
    workshop(&f, 1);
    p->res[R_STONE] = 9;
    assert_false(mfx_legal(&f, "level"));
    /* nurse cap; tunnels limited to 4 */
    p->nursery = 7;
    p->res[R_FOOD] = 2;
    p->larvae = 2;
    assert_false(mfx_legal(&f, "nurse"));
    p->exits = 4;
    assert_int_equal(count_kind(&f, D_TUNNEL), 0);
    mfx_close(&f);
}

/* ---- objectives (D-03 nurses in play for O15/O16, A-13 unlimited cubes): every tile of T-10, eligibility, points, bonus (R-49) ---- */

static void objective_case(const char *id, int level)
{
    mfx f;
    mfx_open(&f, 4, 5, first0);
    mfx_clear_board(&f);
    workshop(&f, 1);
    my_state *st = &f.st;
    my_seat *p = &st->seat[0];
    int idx = mfx_obj(&f, id), other = idx ? 0 : 1;
    st->obj[0] = (uint8_t)idx;
    for (int i = 1; i < MY_SLOTS; i++) {
        st->obj[i] = (uint8_t)other;
        st->obj_round[i][0] = 1; /* fillers count as done */
    }
    p->obj_levels = 3;
    char play[64];
    snprintf(play, sizeof play, "objective %s", id);
    int n = atoi(id + 1), expect_options = 1;
    switch (n) {
    case 1: case 2: p->res[R_FOOD] = n == 1 ? 4 : 5; break;
    case 3: case 4: p->res[R_STONE] = n == 3 ? 3 : 5; break;
    case 5: p->res[R_DIRT] = 1; p->res[R_STONE] = 2; expect_options = 2; strcat(play, " dirt=1"); break;
    case 6: p->res[R_DIRT] = 3; p->res[R_STONE] = 3; strcat(play, " dirt=3"); break;
    case 7: case 8: p->larvae = n == 7 ? 5 : 9; break;
    case 9: case 10: case 11:
        p->prey[0] = n == 11 ? 2 : 1;
        p->prey[1] = n == 9 ? 0 : 1;
        p->prey[2] = 1;
        st->prey_placed = (uint8_t)(p->prey[0] + p->prey[1] + p->prey[2]);
        break;
    case 12: p->soldiers = 2; break;
    case 13: case 14:
        mfx_put_tile(&f, "SA", 0, 7, 7, 0, false);
        mfx_put_tile(&f, "SA", 0, 10, 7, 0, false);
        if (n == 14)
            mfx_put_tile(&f, "SC", 0, 12, 7, 0, false);
        expect_options = n == 13 ? 2 : 3;
        strcat(play, n == 13 ? " 7,7" : " 7,7 10,7");
        break;
    case 15: p->nursery = 5; break;
    case 16: p->nursery = 7; break;
    case 17: p->level = 2; break;
    case 18: p->level = 3; break;
    case 19: case 20:
        for (int q = 0; q <= 8; q += 2)
            mfx_put_tile(&f, "PH2", 0, q, 12, 0, true);
        if (n == 20) {
            mfx_put_tile(&f, "PH2", 0, 1, 13, 0, true);
            mfx_put_tile(&f, "PH3L", 0, 3, 13, 0, true);
        }
        expect_options = 1; /* the pheromones are picked afterwards */
        break;
    default: fail();
    }
    assert_int_equal(count_kind(&f, D_OBJECTIVE), expect_options);
    mfx_play(&f, play);
    if (n >= 19) { /* pick 4 (7) connected pheromones, the objective completes with the last */
        static const char *const picks[] = {"pick 0,12", "pick 2,12", "pick 4,12", "pick 6,12",
                                            "pick 8,12", "pick 1,13", "pick 3,13"};
        for (int i = 0; i < (n == 19 ? 4 : 7); i++) {
            assert_int_equal(st->obj_round[0][0], 0);
            assert_int_equal(p->score, 10);
            assert_int_equal(mfx_to_move(&f), 0);
            mfx_play(&f, picks[i]);
        }
        assert_int_equal(st->pick_slot, 0);
    }
    static const int pts[] = {0, 6, 9, 12};
    assert_int_equal(p->score, 10 + pts[level]); /* */
    assert_int_equal(p->obj_nurses, 1);
    assert_int_equal(st->obj_round[0][0], 1);
    switch (n) {
    case 1: assert_int_equal(p->res[R_FOOD], 1); break;
    case 2: assert_int_equal(p->res[R_FOOD], 0); break;
    case 3: case 4: assert_int_equal(p->res[R_STONE], 0); break;
    case 5: assert_int_equal(p->res[R_DIRT], 0); assert_int_equal(p->res[R_STONE], 1); break;
    case 6: assert_int_equal(p->res[R_DIRT] + p->res[R_STONE], 0); break;
    case 7: case 8: assert_int_equal(p->larvae, 0); break;
    case 9: case 10: case 11:
        assert_int_equal(p->prey[0] + p->prey[1] + p->prey[2], 0);
        assert_int_equal(st->prey_gone, n - 7);
        break;
    case 12: assert_int_equal(p->soldiers, 0); break;
    case 13: case 14:
        assert_int_equal(p->markers, n == 13 ? 1 : 1);
        assert_int_equal(st->tile[st->cell_tile[mfx_cell(&f, 7, 7)] - 1].owner, -1);
        assert_int_equal(st->tile[st->cell_tile[mfx_cell(&f, 10, 7)] - 1].owner, n == 13 ? 0 : -1);
        break;
    case 15: assert_int_equal(p->nursery, 4); break; /* */
    case 16: assert_int_equal(p->nursery, 5); break;
    case 17: case 18: assert_int_equal(p->level, 1); break;
    case 19:
        assert_false(my_bit(st->cube, mfx_cell(&f, 0, 12)));
        assert_false(my_bit(st->cube, mfx_cell(&f, 7, 12)));
        assert_true(my_bit(st->cube, mfx_cell(&f, 8, 12))); /* the fifth keeps its cubes */
        break;
    case 20:
        for (int c = 0; c < f.D->ncells; c++)
            assert_false(my_bit(st->cube, c));
        break;
    default: break;
    }
    mfx_close(&f);
}

static void test_objectives_T10_R48(void **state)
{
    (void)state;
    static const int level[] = {0, 1, 2, 2, 3, 1, 3, 1, 2, 1, 2, 3, 1, 1, 2, 2, 3, 2, 3, 1, 3};
    for (int i = 1; i <= 20; i++) {
        char id[8];
        snprintf(id, sizeof id, "O%d", i);
        objective_case(id, level[i]);
    }
}

static void test_objective_rules_R47_R49(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 4, 5, first0);
    mfx_clear_board(&f);
    workshop(&f, 1);
    my_state *st = &f.st;
    my_seat *p = &st->seat[0];
    for (int i = 0; i < MY_SLOTS; i++)
        st->obj[i] = (uint8_t)mfx_obj(&f, i == 0 ? "O1" : i == 1 ? "O2" : "O4");
    p->res[R_FOOD] = 5;
    p->res[R_STONE] = 5;
    assert_true(mfx_legal(&f, "objective O1"));
    assert_false(mfx_legal(&f, "objective O2")); /* no level-1 objective yet */
    p->obj_levels = 1;
    assert_true(mfx_legal(&f, "objective O2"));
    assert_false(mfx_legal(&f, "objective O4"));
    p->obj_levels = 2;
    assert_true(mfx_legal(&f, "objective O4"));
    p->obj_levels = 0;
    /* seat 1 did O1 in round 1 (with +1 VP now, A-02), seat 2 in this round */
    st->season = 1;
    st->obj_round[0][1] = 1;
    st->obj_round[0][2] = 2;
    st->seat[1].event = 1;
    mfx_play(&f, "objective O1");
    assert_int_equal(p->score, 16);
    assert_int_equal(st->seat[1].score, 14); /* 3 + 1 */
    assert_int_equal(st->seat[2].score, 10);
    assert_int_equal(st->obj_round[0][0], 2);
    workshop(&f, 1);
    assert_false(mfx_legal(&f, "objective O1")); /* never twice */
    mfx_close(&f);
}

/* ---- end of round: storage limit, R-52, R-53, R-54 first player, R-55, A-22 ---- */

static void test_storage_R51_A22(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 2, 5, first0);
    my_seat *p = &f.st.seat[0];
    workshop(&f, 1);
    p->res[R_FOOD] = 3;
    p->res[R_DIRT] = 2;
    p->res[R_STONE] = 1;
    p->track[TRACK_LARVAE] = 1;
    p->nursery = 1;
    mfx_play(&f, "done");
    assert_int_equal(f.st.phase, PH_ENDROUND);
    assert_int_equal(count_kind(&f, D_DISCARD), 3);
    mfx_play(&f, "discard stone");
    assert_int_equal(p->res[R_STONE], 1); /* hidden */
    assert_int_equal(mfx_to_move(&f), 0);
    mfx_play(&f, "discard food");
    assert_int_equal(p->res[R_FOOD], 2);
    assert_int_equal(p->res[R_DIRT], 2);
    assert_int_equal(p->res[R_STONE], 0);
    assert_int_equal(f.st.phase, PH_EVENT);
    assert_int_equal(p->nursery, 3); /* workshop and larvae-track nurses back */
    /* +1 level at level I: limit 6 */
    workshop(&f, 1);
    p->nursery = 2;
    p->level = 1;
    p->event = 0;
    p->res[R_FOOD] = 2;
    p->res[R_DIRT] = 2;
    p->res[R_STONE] = 2;
    mfx_play(&f, "done");
    assert_int_equal(f.st.phase, PH_EVENT);
    assert_int_equal(p->res[R_STONE], 2);
    /* level II: limit 6, a seventh cube goes */
    workshop(&f, 1);
    p->nursery = 2;
    p->level = 2;
    p->res[R_FOOD] = 3;
    mfx_play(&f, "done");
    assert_int_equal(f.st.phase, PH_ENDROUND);
    mfx_play(&f, "discard food");
    assert_int_equal(f.st.phase, PH_WINTER); /* autumn ended */
    mfx_close(&f);
}

/* ---- winter: R-56 food due, R-57 paying and penalty, R-58 nothing else changes, R-59 new year,
 * R-67 end; harsh winter (V-2) ---- */

static void to_winter(mfx *f)
{
    f->st.season = 2;
    workshop(f, 1);
    f->st.seat[0].nursery = 2;
    mfx_play(f, "done");
    while (f->st.phase == PH_ENDROUND) /* seats with larvae get a phase-6 window */
        mfx_play(f, "done");
}

static void test_winter_R56_R59(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 2, 5, first0);
    f.st.seat[0].soldiers = 1;
    f.st.seat[0].res[R_FOOD] = 2;
    f.st.seat[0].res[R_DIRT] = 2;
    f.st.seat[1].res[R_FOOD] = 4;
    f.st.seat[1].larvae = 0;
    f.st.seat[0].larvae = 0;
    to_winter(&f);
    assert_int_equal(f.st.phase, PH_WINTER);
    assert_int_equal(f.st.seat[0].owed, 3);
    assert_int_equal(f.st.seat[1].owed, 4);
    assert_int_equal(f.st.first, 1);
    assert_int_equal(mfx_to_move(&f), 1);
    mfx_play(&f, "pay");
    assert_int_equal(f.st.seat[1].res[R_FOOD], 4); /* hidden */
    mfx_play(&f, "pay");
    assert_int_equal(f.st.seat[0].res[R_FOOD], 0);
    assert_int_equal(f.st.seat[0].score, 7); /* 1 food missing */
    assert_int_equal(f.st.seat[0].soldiers, 1);
    assert_int_equal(f.st.seat[0].res[R_DIRT], 2); /* */
    assert_int_equal(f.st.seat[1].res[R_FOOD], 0);
    assert_int_equal(f.st.seat[1].score, 10);
    /* new dice are chance decisions */
    assert_int_equal(mfx_to_move(&f), FC_CHANCE);
    fc_decision buf[MY_MAX_DECISIONS];
    uint32_t w[MY_MAX_DECISIONS];
    assert_int_equal(f.g->legal(&f.st, f.env, buf, w), 6);
    assert_int_equal(w[0] + w[5], 2);
    mfx_play(&f, "die 4");
    mfx_play(&f, "die 6");
    mfx_play(&f, "die 1");
    assert_int_equal(f.st.year, 2);
    assert_int_equal(f.st.phase, PH_EVENT);
    assert_int_equal(f.st.seat[0].event, 4);
    assert_int_equal(f.st.dice[2], 1);
    assert_int_equal(f.st.first, 1);
    /* R-07 in winter: sacrificed larvae pay at once */
    f.st.seat[0].larvae = 3;
    f.st.seat[0].res[R_FOOD] = 4;
    f.st.seat[0].res[R_DIRT] = 0;
    f.st.seat[1].soldiers = 5;
    to_winter(&f);
    assert_int_equal(f.st.seat[0].owed, 4);
    assert_int_equal(f.st.simul_mask, 1); /* seat 1 owes nothing */
    mfx_play(&f, "sacrifice");
    mfx_play(&f, "pay");
    assert_int_equal(f.st.seat[0].res[R_FOOD], 1);
    assert_int_equal(f.st.seat[0].score, 7);
    /* the game ends after the winter of the last year */
    f.st.phase = PH_DICE;
    mfx_play(&f, "die 1");
    mfx_play(&f, "die 1");
    mfx_play(&f, "die 1");
    assert_int_equal(f.st.year, 3);
    f.st.seat[0].soldiers = f.st.seat[1].soldiers = 6;
    to_winter(&f);
    assert_int_equal(mfx_to_move(&f), FC_NOBODY);
    mfx_close(&f);
}

static void test_harsh_winter_V2(void **state)
{
    (void)state;
    static const char *const sets[] = {"first_player=0", "winter_food=5,6,7", "winter_penalty=4",
                                       "winter_soldier_half=true", NULL};
    mfx f;
    mfx_open(&f, 2, 5, sets);
    f.st.seat[0].soldiers = 4;
    f.st.seat[1].soldiers = 1;
    f.st.seat[0].larvae = f.st.seat[1].larvae = 0;
    to_winter(&f);
    assert_int_equal(f.st.seat[0].owed, 3); /* at most floor(5 / 2) = 2 off */
    assert_int_equal(f.st.seat[1].owed, 4);
    mfx_play(&f, "pay");
    mfx_play(&f, "pay");
    assert_int_equal(f.st.seat[0].score, 10 - 12);
    assert_int_equal(f.st.seat[1].score, 10 - 16); /* scores may go negative */
    mfx_close(&f);
}

/* ---- scores and ranks (R-68, V-5), evaluate ---- */

static void test_ranks_R68_V5(void **state)
{
    (void)state;
    for (int single = 0; single < 2; single++) {
        static const char *const s1[] = {"single_winner=true", NULL};
        mfx f;
        mfx_open(&f, 4, 5, single ? s1 : NULL);
        int sc[] = {20, 25, 25, 10};
        for (int s = 0; s < 4; s++)
            f.st.seat[s].score = (int16_t)sc[s];
        f.st.seat[1].res[R_FOOD] = 3;
        f.st.seat[2].res[R_FOOD] = 1;
        int32_t score[4];
        int rank[4];
        f.g->scores(&f.st, f.env, score, rank);
        assert_int_equal(score[1], 25);
        assert_int_equal(rank[0], 2);
        assert_int_equal(rank[1], 0);
        assert_int_equal(rank[2], single ? 1 : 0);
        assert_int_equal(rank[3], 3);
        double v[4];
        f.g->evaluate(&f.st, f.env, v);
        for (int s = 0; s < 4; s++)
            assert_true(v[s] >= 0.0 && v[s] <= 1.0);
        assert_true(v[1] > v[0] && v[0] > v[3]);
        /* V-5 breaks ties for first place only: two seats tied lower down keep sharing. */
        f.st.seat[0].score = 10;
        f.st.seat[0].res[R_FOOD] = 5;
        f.g->scores(&f.st, f.env, score, rank);
        assert_int_equal(rank[0], 2);
        assert_int_equal(rank[3], 2);
        mfx_close(&f);
    }
}

/* ---- view ---- */

static void test_view(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 4, 5, first0);
    mfx_clear_board(&f);
    mfx_put_tile(&f, "PH2", 0, 6, 4, 1, true);
    fc_view *v = calloc(1, sizeof *v);
    f.g->view(&f.st, f.env, -1, v);
    assert_int_equal(v->ncells, 151);
    assert_non_null(strstr(v->title, "Year 1"));
    int exits = 0, tiles = 0;
    for (int i = 0; i < v->ncells; i++) {
        const fc_view_cell *c = &v->cells[i];
        if (c->hex.q == 6 && c->hex.r == 4) {
            assert_int_equal(c->owner, 1);
            assert_int_equal(c->terrain, FC_TERRAIN_DIRT);
            assert_string_equal(c->glyphs, "2d");
            tiles++;
        }
        if (c->hex.q == 4 && c->hex.r == 4)
            assert_int_equal(c->terrain, FC_TERRAIN_WATER);
        exits += strchr(c->glyphs, 'O') != NULL;
    }
    assert_int_equal(tiles, 1);
    assert_int_equal(exits, 4);
    assert_true(v->ntext >= 6);
    assert_true(v->npanel >= 4 * 9);
    free(v);
    mfx_close(&f);
}

/* ---- hooks and Lua functions ---- */

static void test_hooks_lua(void **state)
{
    (void)state;
    static const char lua[] = "variant{name = \"hooks\", game = \"myrmes\"}\n"
                              "hook(\"winter_cost\", function(seat, year, owed) return owed + seat end)\n"
                              "hook(\"pheromone_points\", function(seat, size, vp) return vp * 3 end)\n"
                              "hook(\"hunt_reward\", function(seat, kind, vp) return 10 end)\n"
                              "hook(\"objective_points\", function(seat, level, vp) return 1 end)\n"
                              "hook(\"on_round_end\", function(y, s, r) action.add_score(2, game.food(2)) end)\n";
    mfx f;
    mfx_open_variant(&f, 2, 5, first0, lua);
    mfx_clear_board(&f);
    f.st.seat[0].event = f.st.seat[1].event = 4;
    mfx_phase(&f, PH_WORKERS, 0, 0);
    f.st.seat[0].workers = 1;
    f.st.seat[0].level = 1;
    f.st.cell_tok[mfx_cell(&f, 3, 11)] = MY_TOK_PREY | 0;
    f.st.prey_placed = 1;
    f.st.seat[0].soldiers = 1;
    mfx_play(&f, "exit 2,11");
    mfx_play(&f, "hunt 3,11");
    assert_int_equal(f.st.seat[0].score, 20);
    mfx_play(&f, "place PH3L/1 3,11");
    assert_int_equal(f.st.seat[0].score, 26);
    workshop(&f, 1);
    f.st.obj[0] = (uint8_t)mfx_obj(&f, "O1");
    f.st.seat[0].res[R_FOOD] = 3;
    f.st.seat[1].res[R_FOOD] = 3;
    mfx_play(&f, "objective O1");
    assert_int_equal(f.st.seat[0].score, 27);
    assert_int_equal(f.st.seat[1].score, 13); /* on_round_end */
    /* winter_cost: Lua seats are 1-based */
    f.st.seat[0].larvae = f.st.seat[1].larvae = 0;
    to_winter(&f);
    assert_int_equal(f.st.seat[0].owed, 5);
    assert_int_equal(f.st.seat[1].owed, 6);
    /* queries and actions called directly */
    const fc_plugin *pl = fc_rules_plugin(f.rules);
    int64_t args[2] = {1, -50}, res = 0;
    for (int i = 0; i < pl->nqueries; i++)
        if (!strcmp(pl->queries[i].name, "food")) {
            assert_int_equal(pl->queries[i].fn(&f.st, f.env, args, &res), 0);
            assert_int_equal(res, 3);
        }
    for (int i = 0; i < pl->nactions; i++)
        if (!strcmp(pl->actions[i].name, "add_food")) {
            assert_int_equal(pl->actions[i].fn(&f.st, f.env, args, &res), 0);
            assert_int_equal(f.st.seat[1].res[R_FOOD], 0); /* clamped */
            args[0] = 7;
            assert_int_equal(pl->actions[i].fn(&f.st, f.env, args, &res), FC_ERANGE);
        }
    mfx_close(&f);
}

/* hunt_soldiers and hunt_food (added for the dangerous_prey variant, scripts/myrmes): a
 * termite (kind 1) needing 2 soldiers and giving 4 food. */
static void test_hooks_hunt(void **state)
{
    (void)state;
    static const char lua[] = "variant{name = \"prey\", game = \"myrmes\"}\n"
                              "hook(\"hunt_soldiers\", function(seat, kind, n) if kind == 1 then return 2 end end)\n"
                              "hook(\"hunt_food\", function(seat, kind, food) return food + 3 end)\n";
    mfx f;
    mfx_open_variant(&f, 2, 5, first0, lua);
    mfx_clear_board(&f);
    f.st.seat[0].event = f.st.seat[1].event = 4;
    mfx_phase(&f, PH_WORKERS, 0, 0);
    f.st.seat[0].workers = 1;
    f.st.cell_tok[mfx_cell(&f, 3, 11)] = MY_TOK_PREY | 1;
    f.st.prey_placed = 1;
    f.st.seat[0].soldiers = 1; /* enough under T-11, not under the hook */
    mfx_play(&f, "exit 2,11");
    assert_false(mfx_legal(&f, "hunt 3,11"));
    f.st.seat[0].soldiers = 2;
    assert_true(mfx_legal(&f, "hunt 3,11"));
    mfx_play(&f, "hunt 3,11");
    assert_int_equal(f.st.seat[0].soldiers, 0);
    assert_int_equal(f.st.seat[0].res[R_FOOD], 1 + 3); /* termite food 1 (T-11) + 3 */
    mfx_close(&f);
}

/* ---- check() and data files ---- */

static void test_check_detects(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 4, 5, first0);
    char msg[256];
    assert_int_equal(f.g->check(&f.st, f.env, msg, sizeof msg), 0);
    f.st.seat[0].soldiers = 7; /* 9 ants */
    assert_true(f.g->check(&f.st, f.env, msg, sizeof msg) < 0);
    assert_non_null(strstr(msg, "R-04"));
    f.st.seat[0].soldiers = 0;
    f.st.seat[1].exits = 2;
    assert_true(f.g->check(&f.st, f.env, msg, sizeof msg) < 0);
    mfx_close(&f);
}

static void corrupt(const char *dir, const char *file, const char *from, const char *to)
{
    char path[512], cmd[1200];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    snprintf(cmd, sizeof cmd, "sed -i 's/%s/%s/' '%s'", from, to, path);
    assert_int_equal(system(cmd), 0);
}

static void expect_data_error(mfx *f, const char *file, const char *from, const char *to, const char *want)
{
    char dir[] = "/tmp/myrmes-data-XXXXXX", cmd[512];
    assert_non_null(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "cp %s/plugins/myrmes/data/*.csv '%s'", FC_SOURCE_ROOT, dir);
    assert_int_equal(system(cmd), 0);
    corrupt(dir, file, from, to);
    void *data = NULL;
    fc_error err;
    memset(&err, 0, sizeof err);
    int rc = f->g->data_load(fc_context_host(f->ctx), fc_rules_values(f->rules), 4, dir, &data, &err);
    assert_true(rc < 0);
    assert_null(data);
    if (!strstr(err.msg, want))
        fail_msg("'%s' not in '%s'", want, err.msg);
    assert_null(strchr(err.msg, '\n'));
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void test_data_errors(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 4, 5, NULL);
    expect_data_error(&f, "garden.csv", "^10,0,grass", "10,0,gras", "garden.csv:5");
    expect_data_error(&f, "garden.csv", "^6,3,grass,B,0,0,0,1", "6,3,grass,B,0,0,0,0", "no start hex #1");
    expect_data_error(&f, "pheromones.csv", "0;0;1;0;2;0,", "0;0;1;0;2,", "pheromones.csv:6: offsets");
    expect_data_error(&f, "levels.csv", "^2,0,2,1", "5,0,2,1", "levels.csv:");
    expect_data_error(&f, "objectives.csv", "O13,1,specials,2,1", "O13,1,specials,2,5", "objectives.csv:");
    expect_data_error(&f, "dice.csv", "1;2;3;4;5;6", "1;2;9", "dice.csv:");
    mfx_close(&f);
    /* parameters checked against the data: one-line errors at fc_rules_finish */
    static const char *const bad[][2] = {{"years=4", "winter_food: no food amount for year 4"},
                                         {"first_player=3", "first_player: seat 3 does not exist"}};
    for (int i = 0; i < 2; i++) {
        fc_context *ctx = fc_context_new();
        fc_error err;
        assert_int_equal(fc_context_load(ctx, MYRMES_SO, &err) < 0, 0);
        fc_rules *r = fc_rules_new(ctx, "myrmes", 2, &err);
        assert_non_null(r);
        assert_int_equal(fc_rules_set(r, bad[i][0], &err), 0);
        assert_true(fc_rules_finish(r, &err) < 0);
        if (!strstr(err.msg, bad[i][1]))
            fail_msg("'%s' not in '%s'", bad[i][1], err.msg);
        fc_rules_free(r);
        fc_context_free(ctx);
    }
}

/* The rule sets in config/myrmes load; standard.ini gives the same values as the schema defaults' data */
static void test_rule_sets(void **state)
{
    (void)state;
    static const char *const files[] = {"standard", "short", "harsh"};
    static const int winter1[] = {4, 4, 5}, years[] = {3, 2, 3}, penalty[] = {3, 3, 4};
    for (int i = 0; i < 3; i++) {
        fc_context *ctx = fc_context_new();
        fc_error err;
        char path[512];
        assert_int_equal(fc_context_load(ctx, MYRMES_SO, &err) < 0, 0);
        fc_rules *r = fc_rules_new(ctx, "myrmes", 3, &err);
        snprintf(path, sizeof path, "%s/config/myrmes/%s.ini", FC_SOURCE_ROOT, files[i]);
        if (fc_rules_load_ini(r, path, &err) != 0 || fc_rules_finish(r, &err) != 0)
            fail_msg("%s", err.msg);
        const my_data *D = fc_rules_data(r);
        assert_int_equal(D->years, years[i]);
        assert_int_equal(D->winter[0], winter1[i]);
        assert_int_equal(D->winter[years[i] - 1], i == 1 ? 6 : i == 2 ? 7 : 6);
        assert_int_equal(fc_rules_values(r)[P_WINTER_PENALTY].i, penalty[i]);
        assert_int_equal(D->event_moves, 3);
        fc_rules_free(r);
        fc_context_free(ctx);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_workshop_R42_R46), cmocka_unit_test(test_objectives_T10_R48),
        cmocka_unit_test(test_objective_rules_R47_R49), cmocka_unit_test(test_storage_R51_A22),
        cmocka_unit_test(test_winter_R56_R59),  cmocka_unit_test(test_harsh_winter_V2),
        cmocka_unit_test(test_ranks_R68_V5),    cmocka_unit_test(test_view),
        cmocka_unit_test(test_hooks_lua),       cmocka_unit_test(test_hooks_hunt),       cmocka_unit_test(test_check_detects),
        cmocka_unit_test(test_data_errors),     cmocka_unit_test(test_rule_sets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
