/* Myrmes decision labels (decision_describe): through seeded random games, the first label of
 * every shape of label (the same words, other numbers) is pinned word for word, so reshaping
 * my_describe cannot change the text a player reads. MYRMES_LABELS=FILE also writes every label,
 * group and hex list of those games, for a diff before and after a change. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "myrmes_fixture.h"

#define LABEL_MAX sizeof(((fc_decision_info *)0)->label)

/* Weights by kind so the games reach levels, objectives, specials and picks. */
static int biased_pick(const fc_decision *buf, int n, fc_rng *rng)
{
    static const uint32_t wk[32] = {[D_SACRIFICE] = 1, [D_STOP] = 2,      [D_DONE] = 1,     [D_PLACE] = 40,
                                    [D_LEVEL] = 400,   [D_OBJECTIVE] = 400, [D_NURSE] = 60,  [D_TUNNEL] = 5,
                                    [D_HUNT] = 60,     [D_CLEAR] = 60,    [D_STEP] = 20,    [D_EXIT] = 20,
                                    [D_ROOM] = 10,     [D_EVENT] = 10,    [D_BIRTHS] = 10,  [D_HARVEST] = 10,
                                    [D_SCAVENGE] = 10, [D_DISCARD] = 10,  [D_PAY] = 10,     [D_PICK] = 10};
    uint32_t w[MY_MAX_DECISIONS];
    for (int i = 0; i < n; i++)
        w[i] = wk[MY_DKIND(buf[i]) & 31];
    return fc_rng_weighted(rng, w, n);
}

static void dump_info(FILE *out, const fc_decision_info *info)
{
    fprintf(out, "%s | %s |", info->label, info->group);
    if (info->has_hex)
        fprintf(out, " @%d,%d", info->hex.q, info->hex.r);
    for (int i = 0; i < info->nhexes; i++)
        fprintf(out, " %d,%d", info->hexes[i].q, info->hexes[i].r);
    fputc('\n', out);
}

#define MAX_SHAPES 128

typedef struct shapes {
    int n;
    char shape[MAX_SHAPES][LABEL_MAX]; /* the label with each run of digits as N */
    char first[MAX_SHAPES][LABEL_MAX];
} shapes;

static void add_label(shapes *sh, const char *label)
{
    char shape[LABEL_MAX];
    size_t k = 0;
    for (const char *c = label; *c && k + 1 < sizeof shape; c++)
        if (*c < '0' || *c > '9')
            shape[k++] = *c;
        else if (c == label || c[-1] < '0' || c[-1] > '9')
            shape[k++] = 'N';
    shape[k] = 0;
    for (int i = 0; i < sh->n; i++)
        if (!strcmp(sh->shape[i], shape))
            return;
    assert_true(sh->n < MAX_SHAPES);
    snprintf(sh->shape[sh->n], LABEL_MAX, "%s", shape);
    snprintf(sh->first[sh->n++], LABEL_MAX, "%s", label);
}

/* Plays one biased game, describing every legal decision at every point: keeps the first label
 * of each shape and writes them all to `out` when given. */
static void play_describing(int nseats, uint64_t seed, shapes *sh, FILE *out)
{
    mfx f;
    mfx_open(&f, nseats, seed, NULL);
    memcpy(&f.st, fc_match_state(f.m), sizeof f.st);
    fc_rng rng;
    fc_rng_seed(&rng, seed, 7);
    fc_decision buf[MY_MAX_DECISIONS];
    uint32_t w[MY_MAX_DECISIONS];
    for (long plies = 0; plies < 200000; plies++) {
        int who = f.g->to_move(&f.st, f.env);
        if (who == FC_NOBODY)
            break;
        int n = f.g->legal(&f.st, f.env, buf, w);
        assert_true(n > 0);
        for (int i = 0; i < n; i++) {
            fc_decision_info info;
            f.g->decision_describe(&f.st, f.env, buf[i], &info);
            add_label(sh, info.label);
            if (out)
                dump_info(out, &info);
        }
        int i = who == FC_CHANCE ? fc_rng_weighted(&rng, w, n) : biased_pick(buf, n, &rng);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[i]), 0);
    }
    assert_int_equal(f.st.phase, PH_OVER);
    mfx_close(&f);
}

/* In the order the games first show them. */
static const char *const want[] = {
    "event 0: +1 level (1 larvae): counts as level 1 this round: rooms, pheromone size, specials, storage (R-61)",
    "event 1: +1 VP (0 larvae): +1 VP on each VP gain this round (R-62)",
    "event 2: +2 larvae (1 larvae): +2 larvae only if your larvae track produces (R-15)",
    "births L0 S0 W0 K0: uses 0 of 3 nurses; +0 larvae, +0 soldiers, +0 workers before event and cap",
    "room 0: +1 larvae",
    "exit 4,5",
    "sacrifice 3 larvae for 1 food",
    "stop",
    "step 13,3",
    "place PH2/0 13,3: pair (2 hexes), +0 VP; ends this worker's outing (R-37)",
    "room 1: +1 food",
    "place PH3L/0 2,12: line (3 hexes), +2 VP; ends this worker's outing (R-37)",
    "place PH3T/0 3,12: triangle (3 hexes), +2 VP; ends this worker's outing (R-37)",
    "harvest 3,4: take 1 food",
    "harvest 3,5: take 1 dirt",
    "harvest 2,14: take 1 stone",
    "done: keep your storage as it is",
    "event 3: +3 harvest (0 larvae): up to 3 extra cubes from your pheromones at harvest (R-41)",
    "event 4: +3 moves (1 larvae): workers go out with 6 MP instead of 3 (R-64)",
    "event 5: +1 soldier (2 larvae): +1 soldier only if your soldier track produces (R-15)",
    "event 6: +1 hex (3 larvae): pheromones one hex larger this round (R-65)",
    "event 7: +1 worker (4 larvae): +1 worker only if your worker track produces (R-15)",
    "done: end your workshop turn",
    "tunnel 12,2: new tunnel exit, +1 dirt",
    "new nurse for 2 food and 2 larvae",
    "raise the colony to level 1 for 0 food, 2 dirt, 0 stone",
    "objective O5 dirt=2: discard 2 dirt/stone; level 1, +6 VP",
    "done: end your harvest",
    "pay winter food (4 owed)",
    "die 1",
    "discard 1 food (storage limit 4)",
    "discard 1 dirt (storage limit 4)",
    "hunt 10,4: hunt ladybug, 1 soldiers, +2 food, +0 VP",
    "discard 1 stone (storage limit 4)",
    "place SA/0 6,12: aphid farm (3 hexes), +2 VP, costs 0 food, 0 dirt, 1 stone; ends this worker's outing (R-37)",
    "clear 2,10: pay 1 dirt, remove the pheromone, stand here",
    "hunt 7,10: hunt spider, 2 soldiers, +1 food, +4 VP",
    "hunt 1,13: hunt termite, 1 soldiers, +1 food, +2 VP",
    "room 2 dirt: +1 dirt",
    "room 2 stone: +1 stone",
    "place PH4D/0 6,3: diamond (4 hexes), +4 VP; ends this worker's outing (R-37)",
    "place PH4H/0 5,3: hook (4 hexes), +4 VP; ends this worker's outing (R-37)",
    "place SS/0 1,12: scavenging (3 hexes), +2 VP, costs 1 food, 0 dirt, 0 stone; ends this worker's outing (R-37)",
    "objective O12: discard 2 soldiers; level 1, +6 VP",
    "objective O1: discard 3 food; level 1, +6 VP",
    "objective O7: discard 5 larvae; level 1, +6 VP",
    "step 4,12: enter an opponent's tile, 1 soldier",
    "scavenge dirt",
    "scavenge stone",
    "objective O19: 4 connected pheromones, empty them; level 1, +6 VP, then pick the pheromones",
    "pick 1,11: empty PH2 (0 food, 0 dirt, 0 stone), pick 1 of 4",
    "pick 3,11: empty PH3T (0 food, 0 dirt, 0 stone), pick 1 of 4",
    "event 0: +1 level (1 larvae): nothing at the top level (A-04)",
    "place PH5/0 3,11: trapezoid (5 hexes), +6 VP; ends this worker's outing (R-37)",
    "objective O3: discard 3 stone; level 2, +9 VP",
    "pick 3,14: empty PH3L (0 food, 0 dirt, 0 stone), pick 1 of 4",
    "objective O13 8,1: have 2 marked special tiles, unmark 1; level 1, +6 VP",
    "objective O17: have level 2, lower it by 1; level 2, +9 VP",
    "births L0 S2 W2 K0 A0: uses 4 of 4 nurses; +0 larvae, +1 soldiers, +1 workers before event and cap",
    "objective O9: discard 2 prey; level 1, +6 VP",
};

static void test_first_labels(void **state)
{
    (void)state;
    static shapes sh;
    const char *path = getenv("MYRMES_LABELS");
    FILE *out = path ? fopen(path, "w") : NULL;
    if (path && !out)
        fail_msg("cannot write %s", path);
    for (uint64_t seed = 1; seed <= 200; seed++)
        play_describing(2 + (int)(seed % 3), seed, &sh, out);
    if (out)
        fclose(out);
    int nwant = (int)(sizeof want / sizeof want[0]), bad = 0;
    for (int i = 0; i < sh.n || i < nwant; i++)
        if (i >= sh.n || i >= nwant || strcmp(sh.first[i], want[i])) {
            printf("# %d: got  \"%s\"\n#    want \"%s\"\n", i, i < sh.n ? sh.first[i] : "", i < nwant ? want[i] : "");
            bad++;
        }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_labels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
