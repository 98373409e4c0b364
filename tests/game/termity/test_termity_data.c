/* Termity data files, scenarios and the board builder (R-03, R-04, R-07, R-11, R-43 … R-47,
 * Components in docs/rules/termity.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "formicary/context.h"
#include "tm_fixture.h"

static char tmpdir[256];

static const char *write_file(const char *name, const char *text)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
    return path;
}

static int setup(void **state)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/termity-test-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

/* R-03, Components: Board: a hexagon of radius 5: 91 hexes, 30 of them on the edge. */
static void test_r03_geometry(void **state)
{
    tfx f;
    tfx_open(&f, 2, 1, NULL);
    int edges = 0;
    for (int c = 0; c < f.D->ncells; c++)
        edges += f.D->edge[c];
    assert_int_equal(f.D->ncells, 91);
    assert_int_equal(edges, 30);
    assert_int_equal(f.D->dist[tfx_cell(&f, -5, 0)][tfx_cell(&f, 5, -5)], 10);
    tfx_close(&f);
}

/* scenario table: every scenario loads for its player count with the listed
 * terrain and leaves the documented number of legal mound hexes. */
static void test_r07_scenarios(void **state)
{
    static const struct {
        const char *id;
        int players, water, veg, stones, mound_hexes;
    } scen[] = {{"S2", 2, 6, 6, 6, 34}, {"S3B", 3, 3, 6, 6, 34}, {"S3A", 3, 6, 6, 6, 29},
                {"S4B", 4, 4, 6, 6, 24}, {"S4A", 4, 6, 6, 6, 24}};
    for (size_t i = 0; i < sizeof scen / sizeof scen[0]; i++) {
        char set[64];
        snprintf(set, sizeof set, "scenario=%s", scen[i].id);
        const char *sets[] = {set, NULL};
        tfx f;
        tfx_open(&f, scen[i].players, 1, sets);
        int count[TM_TERRAINS] = {0}, neutral = 0;
        for (int c = 0; c < f.D->ncells; c++) {
            count[f.D->board.terrain[c]]++;
            neutral += TM_IS_MOUND(f.st.piece[c]);
        }
        while (tfx_to_move(&f) == FC_CHANCE) { /* opening draws, then the first mound */
            fc_decision buf[TM_MAX_DECISIONS];
            f.g->legal(&f.st, f.env, buf, NULL);
            assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
        }
        int legal = tfx_nlegal(&f) / f.D->nmounds;
        assert_int_equal(count[TR_WATER], scen[i].water);
        assert_int_equal(count[TR_VEGETATION], scen[i].veg);
        assert_int_equal(count[TR_STONES], scen[i].stones);
        assert_int_equal(legal, scen[i].mound_hexes);
        assert_int_equal(neutral, scen[i].players - 1);
        tfx_close(&f);
    }
    static const char *const wrong[] = {"scenario=S3B", NULL};
    tfx f;
    fc_error err;
    assert_int_equal(tfx_try_open(&f, 2, wrong, &err), FC_ERANGE);
    assert_string_equal(err.msg, "termity: scenario S3B is for 3 players, not 2 (R-07)");
    tfx_close(&f);
    static const char *const unknown[] = {"scenario=S9", NULL};
    assert_int_equal(tfx_try_open(&f, 2, unknown, &err), FC_EUNKNOWN);
    assert_non_null(strstr(err.msg, "no scenario 'S9'"));
    tfx_close(&f);
}

/* The named rule sets in config/termity load for their player counts. */
static void test_config_rule_sets(void **state)
{
    static const struct {
        const char *file;
        int players;
    } sets[] = {{"s2.ini", 2}, {"s3b.ini", 3}, {"s3a.ini", 3}, {"s4b.ini", 4}, {"s4a.ini", 4}};
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        fc_error err;
        fc_context *ctx = fc_context_new();
        assert_int_equal(fc_context_load(ctx, TERMITY_SO, &err) < 0, 0);
        fc_rules *r = fc_rules_new(ctx, "termity", sets[i].players, &err);
        char path[512];
        snprintf(path, sizeof path, "%s/config/termity/%s", FC_SOURCE_ROOT, sets[i].file);
        if (fc_rules_load_ini(r, path, &err) != 0 || fc_rules_finish(r, &err) != 0)
            fail_msg("%s: %s", path, err.msg);
        const tm_data *D = fc_rules_data(r);
        assert_int_equal(D->board.nneutral, sets[i].players - 1);
        fc_rules_free(r);
        fc_context_free(ctx);
    }
}

/* Malformed data files give one line naming file:line. */
static void test_malformed_data_file(void **state)
{
    tfx f;
    tfx_open(&f, 2, 1, NULL);
    const fc_game *g = f.g;
    const fc_host *host = fc_context_host(f.ctx);
    const fc_value *params = fc_rules_values(f.rules);
    char dir[300], cmd[900];
    snprintf(dir, sizeof dir, "%s/data", tmpdir);
    snprintf(cmd, sizeof cmd, "cp -r '%s/plugins/termity/data' '%s'", FC_SOURCE_ROOT, dir);
    assert_int_equal(system(cmd), 0);
    void *data = NULL;
    fc_error err;
    assert_int_equal(g->data_load(host, params, 2, dir, &data, &err), 0); /* the copy is fine */
    g->data_free(data);
    write_file("data/castes.csv", "code,name,flyer,mp,strength,support,slime,grip,cost_open,cost_water,"
                                  "cost_vegetation,cost_stones,stand,retreat\n"
                                  "W,Worker,0,2,1,1,0,0,1,-1,1,2,OVS,OVS\n"
                                  "S,Soldier,0,one,2,1,0,1,1,-1,1,2,OVS,OV\n");
    assert_true(g->data_load(host, params, 2, dir, &data, &err) < 0);
    assert_non_null(strstr(err.msg, "castes.csv:3"));
    assert_non_null(strstr(err.msg, "mp"));
    snprintf(cmd, sizeof cmd, "cp '%s/plugins/termity/data/castes.csv' '%s/castes.csv'", FC_SOURCE_ROOT, dir);
    assert_int_equal(system(cmd), 0);
    write_file("data/swarms.csv", "swarm,id,caste,termites\nBLUE,BLU-01,X,1\n");
    assert_true(g->data_load(host, params, 2, dir, &data, &err) < 0);
    assert_non_null(strstr(err.msg, "swarms.csv:2"));
    assert_non_null(strstr(err.msg, "caste"));
    tfx_close(&f);
}

/* Opens a 2-player match on a user map; returns the error code (0 = ok). */
static int try_map(const char *text, bool limits, fc_error *err)
{
    const char *path = write_file("map.csv", text);
    char set[600];
    snprintf(set, sizeof set, "map=%s", path);
    const char *sets[] = {set, limits ? "build_limits=true" : "build_limits=false", NULL};
    tfx f;
    int rc = tfx_try_open(&f, 2, sets, err);
    tfx_close(&f);
    return rc;
}

/* R-43 … for neutral mounds: the board builder names the offending hexes.
 * neutral mounds obey R-11; R-45: tiles come from the 18-tile pool of tiles.csv (a finished
 * map file is checked here; drafting in the game is tested in test_termity_build.c); R-46 a/b/c; R-47: limits can be off. */
static void test_r44_r46_r47_board_builder(void **state)
{
    fc_error err;
    assert_int_equal(try_map("q,r,terrain\n0,0,neutral\n1,1,water\n-1,2,stones\n", true, &err), 0);
    /* R-46 a: three connected Vegetation tiles */
    assert_true(try_map("q,r,terrain\n0,0,neutral\n2,2,vegetation\n3,2,vegetation\n3,1,vegetation\n", true, &err) < 0);
    assert_non_null(strstr(err.msg, "3 connected vegetation tiles"));
    assert_non_null(strstr(err.msg, "(R-46 a): (3,1) (2,2) (3,2)"));
    /* the limits may be switched off */
    assert_int_equal(try_map("q,r,terrain\n0,0,neutral\n2,2,vegetation\n3,2,vegetation\n3,1,vegetation\n", false, &err),
                     0);
    /* R-46 b: five connected tiles of mixed terrain */
    assert_true(try_map("q,r,terrain\n0,0,neutral\n-3,1,water\n-2,1,stones\n-1,1,water\n-1,2,vegetation\n"
                        "-1,3,stones\n",
                        true, &err) < 0);
    assert_non_null(strstr(err.msg, "5 connected terrain tiles"));
    assert_non_null(strstr(err.msg, "(-3,1)"));
    assert_non_null(strstr(err.msg, "(-1,3)"));
    /* R-46 c / R-11 d: a neutral mound next to two Water hexes */
    assert_true(try_map("q,r,terrain\n0,0,neutral\n1,0,water\n-1,0,water\n", true, &err) < 0);
    assert_non_null(strstr(err.msg, "neutral mound at (0,0) is adjacent to more than one water hex"));
    assert_non_null(strstr(err.msg, "(1,0) (-1,0)"));
    /* R-11 a: edge */
    assert_true(try_map("q,r,terrain\n5,0,neutral\n", true, &err) < 0);
    assert_non_null(strstr(err.msg, "(5,0) is on an edge hex"));
    /* players - 1 neutral mounds */
    assert_true(try_map("q,r,terrain\n0,0,neutral\n2,0,neutral\n", true, &err) < 0);
    assert_non_null(strstr(err.msg, "2 neutral mounds, expected 1"));
    /* off the board, with file:line */
    assert_true(try_map("q,r,terrain\n0,0,neutral\n# comment\n6,0,water\n", true, &err) < 0);
    assert_non_null(strstr(err.msg, "map.csv:4: hex (6,0) is off the board"));
    assert_true(try_map("q,r,terrain\n0,0,neutral\n1,0,lava\n", true, &err) < 0);
    assert_non_null(strstr(err.msg, "map.csv:3"));
    /* R-45, tile set: 13 Water hexes cannot be laid with the 12 Water faces of the pool */
    char big[1024] = "q,r,terrain\n0,0,neutral\n";
    static const int wq[13][2] = {{-4, -1}, {-4, 1}, {-4, 3}, {-2, -3}, {-2, 1}, {-2, 3}, {0, -4},
                                  {0, 3},   {2, -4}, {2, -2}, {2, 1},   {4, -3}, {4, -1}};
    for (int i = 0; i < 13; i++)
        snprintf(big + strlen(big), sizeof big - strlen(big), "%d,%d,water\n", wq[i][0], wq[i][1]);
    assert_true(try_map(big, true, &err) < 0);
    assert_non_null(strstr(err.msg, "13 water, 0 vegetation, 0 stones cannot be laid"));
}

/* tm_map_read's messages word for word (the rest of each, after the file's path). */
static void test_map_messages(void **state)
{
    (void)state;
    static const struct {
        const char *text, *want;
    } cases[] = {
        {"q,r,kind\n0,0,neutral\n", "map.csv: expected columns q,r,terrain"},
        {"q,r,terrain\n0,0,neutral\n1,1,water\n1,1,stones\n", "map.csv:4: hex (1,1) is listed twice"},
        {"q,r,terrain\n0,0,neutral\n7,0,water\n", "map.csv:3: hex (7,0) is off the board (R-03)"},
        {"q,r,terrain\n0,0,neutral\n2,0,neutral\n", "map.csv: 2 neutral mounds, expected 1 (R-08)"},
        {"q,r,terrain\n5,0,neutral\n", "map.csv: neutral mound at (5,0) is on an edge hex (R-11 a)"},
        {"q,r,terrain\n0,0,neutral\n1,0,water\n-1,0,water\n",
         "map.csv: neutral mound at (0,0) is adjacent to more than one water hex (R-11 d, R-46 c) (1,0) (-1,0)"},
        {"q,r,terrain\n0,0,neutral\n2,2,vegetation\n3,2,vegetation\n3,1,vegetation\n",
         "map.csv: 3 connected vegetation tiles, at most 2 allowed (R-46 a): (3,1) (2,2) (3,2)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fc_error err;
        if (try_map(cases[i].text, true, &err) >= 0)
            fail_msg("case %zu accepted", i);
        const char *at = strstr(err.msg, "map.csv");
        if (!at || strcmp(at, cases[i].want) != 0)
            fail_msg("case %zu: expected '...%s', got '%s'", i, cases[i].want, err.msg);
    }
}

/* --set map=FILE plays a complete game on the user's board. */
static void test_map_plays(void **state)
{
    const char *path = write_file("play.csv", "q,r,terrain\n0,0,neutral\n1,1,water\n-1,2,stones\n2,-3,vegetation\n"
                                              "-3,2,neutral\n");
    char set[600];
    snprintf(set, sizeof set, "map=%s", path);
    const char *sets[] = {set, NULL};
    tfx f;
    fc_rng rng;
    fc_rng_seed(&rng, 3, 0);
    tfx_open(&f, 3, 5, sets);
    assert_int_equal(f.D->board.terrain[tfx_cell(&f, 1, 1)], TR_WATER);
    assert_true(tfx_random_game(&f, &rng) > 100);
    assert_int_equal(tfx_to_move(&f), FC_NOBODY);
    tfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_r03_geometry),
        cmocka_unit_test(test_r07_scenarios),
        cmocka_unit_test(test_config_rule_sets),
        cmocka_unit_test(test_malformed_data_file),
        cmocka_unit_test(test_r44_r46_r47_board_builder),
        cmocka_unit_test(test_map_messages),
        cmocka_unit_test(test_map_plays),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
