/* Plugin loading (context.c) against the fixtures in tests/fixtures: the scan keeps exactly
 * the good game, every bad plugin is refused with "file: expected …, found …", and the fixture
 * game Bid Race then plays through its vtable with the context's host table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "formicary/context.h"
#include "formicary/game.h"

#ifndef FC_BUILD_ROOT
#define FC_BUILD_ROOT "."
#endif

static const char *fixtures_dir(void)
{
    const char *p = getenv("FORMICARY_PLUGIN_PATH");
    return p && *p ? p : FC_BUILD_ROOT "/tests/fixtures";
}

static void fixture_path(char *buf, size_t n, const char *file) { snprintf(buf, n, "%s/%s", fixtures_dir(), file); }

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* ---- loading ---- */

typedef struct bad_case {
    const char *file;
    int code;
    const char *needles[3]; /* substrings the refusal must contain besides the path */
} bad_case;

static const bad_case bad_cases[] = {
    {"bad_abi.so", FC_EABI, {"expected ABI 1", "found 999", NULL}},
    {"bad_minor.so", FC_EABI, {"expected API minor", NULL, NULL}}, /* + "found <minor + 5>" */
    {"bad_noentry.so", FC_EPLUGIN, {"expected", "fc_plugin_query", "found"}},
    {"bad_init.so", FC_EPLUGIN, {"expected", "found", "fixture refuses to start"}},
    {"bad_callback.so", FC_EPLUGIN, {"expected", "apply", "found NULL"}},
    {"bad_null.so", FC_EPLUGIN, {"expected", "found NULL", NULL}},
    {"bad_hooks.so", FC_EABI, {"expected API minor >= 1 for hook points", "found 0", NULL}},
};
#define NBAD ((int)(sizeof bad_cases / sizeof bad_cases[0]))

static void assert_contains(const char *hay, const char *needle)
{
    if (!strstr(hay, needle))
        fail_msg("'%s' does not contain '%s'", hay, needle);
}

/* The refusal of bad_cases[k] names the path and says what was expected and found. */
static void check_refusal(int k, const char *msg, const char *path)
{
    assert_contains(msg, path);
    for (int j = 0; j < 3 && bad_cases[k].needles[j]; j++)
        assert_contains(msg, bad_cases[k].needles[j]);
    if (strcmp(bad_cases[k].file, "bad_minor.so") == 0) {
        char found[32];
        snprintf(found, sizeof found, "found %d", FC_API_MINOR + 5);
        assert_contains(msg, found);
    }
    assert_null(strchr(msg, '\n'));
}

static void test_scan_fixtures(void **unused)
{
    fc_context *ctx = fc_context_new();
    assert_non_null(ctx);
    assert_int_equal(fc_context_add_path(ctx, fixtures_dir()), 0);
    assert_int_equal(fc_context_scan(ctx), 1);
    assert_int_equal(fc_context_game_count(ctx), 1);
    assert_string_equal(fc_context_game(ctx, 0)->id, "bidrace");
    assert_null(fc_context_game(ctx, 1));

    /* bidrace + the bad ones, each reported once */
    assert_int_equal(fc_context_report_count(ctx), 1 + NBAD);
    int seen = 0;
    for (int i = 0; i < fc_context_report_count(ctx); i++) {
        const fc_plugin_report *r = fc_context_report(ctx, i);
        const char *file = base_name(r->path);
        if (strcmp(file, "bidrace.so") == 0) {
            assert_true(r->loaded);
            seen |= 1;
            continue;
        }
        int k = 0;
        while (k < NBAD && strcmp(file, bad_cases[k].file) != 0)
            k++;
        if (k == NBAD)
            fail_msg("unexpected plugin file %s", r->path);
        assert_false(r->loaded);
        check_refusal(k, r->message, r->path);
        seen |= 2 << k;
    }
    assert_int_equal(seen, (2 << NBAD) - 1);
    fc_context_free(ctx);
}

static void test_load_bad_one_by_one(void **unused)
{
    fc_context *ctx = fc_context_new();
    char path[1024];
    for (int k = 0; k < NBAD; k++) {
        fc_error err;
        fixture_path(path, sizeof path, bad_cases[k].file);
        int rc = fc_context_load(ctx, path, &err);
        if (rc != bad_cases[k].code)
            fail_msg("%s: code %d (%s), expected %d", bad_cases[k].file, rc, err.msg, bad_cases[k].code);
        assert_int_equal(err.code, rc);
        check_refusal(k, err.msg, path);
        assert_int_equal(fc_context_report_count(ctx), k + 1);
        assert_false(fc_context_report(ctx, k)->loaded);
    }
    assert_int_equal(fc_context_game_count(ctx), 0);

    /* still alive: the good one loads after all the refusals */
    fc_error err;
    fixture_path(path, sizeof path, "bidrace.so");
    assert_int_equal(fc_context_load(ctx, path, &err), 0);
    const fc_plugin *p = fc_context_find(ctx, "bidrace", &err);
    assert_non_null(p);
    assert_string_equal(p->name, "Bid Race");
    assert_int_equal(p->min_seats, 2);
    assert_int_equal(p->max_seats, 4);
    assert_int_equal(p->nparams, 8);
    assert_int_equal(p->nhooks, 2);
    assert_string_equal(p->hooks[0].name, "move_bonus");
    assert_int_equal(p->hooks[1].flags, FC_HOOK_MUTABLE);
    assert_int_equal(p->game->max_decisions, 64);
    const char *dd = fc_context_game_datadir(ctx, p);
    assert_non_null(dd);
    size_t n = strlen(dd);
    assert_true(n >= 19 && strcmp(dd + n - 19, "tests/fixtures/data") == 0);
    fc_context_free(ctx);
}

static void test_find_unknown(void **unused)
{
    fc_context *ctx = fc_context_new();
    fc_context_add_path(ctx, fixtures_dir());
    fc_context_scan(ctx);
    fc_error err;
    assert_null(fc_context_find(ctx, "nope", &err));
    assert_int_equal(err.code, FC_EUNKNOWN);
    assert_contains(err.msg, "nope");
    assert_contains(err.msg, "bidrace");
    fc_context_free(ctx);
}

static void test_load_missing_and_not_elf(void **unused)
{
    fc_context *ctx = fc_context_new();
    fc_error err;
    const char *missing = "/nonexistent/formicary/nothing.so";
    assert_true(fc_context_load(ctx, missing, &err) < 0);
    assert_contains(err.msg, missing);
    assert_int_equal(fc_context_report_count(ctx), 1);
    assert_false(fc_context_report(ctx, 0)->loaded);

    char dir[] = "/tmp/fc_test_context_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[sizeof dir + 16];
    snprintf(path, sizeof path, "%s/x.so", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("this is not an ELF file\n", f);
    fclose(f);
    assert_true(fc_context_load(ctx, path, &err) < 0);
    assert_contains(err.msg, path);
    assert_contains(err.msg, "expected");

    /* the same file met by a scan is refused, not fatal */
    assert_int_equal(fc_context_add_path(ctx, dir), 0);
    assert_int_equal(fc_context_scan(ctx), 0);
    assert_int_equal(fc_context_game_count(ctx), 0);
    assert_int_equal(fc_context_report_count(ctx), 3);
    assert_false(fc_context_report(ctx, 2)->loaded);
    unlink(path);
    rmdir(dir);
    fc_context_free(ctx);
}

static void copy_file(const char *from, const char *to)
{
    FILE *a = fopen(from, "rb"), *b = fopen(to, "wb");
    assert_non_null(a);
    assert_non_null(b);
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, a)) > 0)
        assert_int_equal(fwrite(buf, 1, n, b), n);
    fclose(a);
    assert_int_equal(fclose(b), 0);
}

/* Loads path in a fresh context: 0, or the refusal message in msg. */
static int load_one(const char *path, char *msg, size_t n)
{
    fc_context *ctx = fc_context_new();
    fc_error err;
    fc_error_clear(&err);
    int rc = fc_context_load(ctx, path, &err);
    snprintf(msg, n, "%s", err.msg);
    if (rc != 0) {
        assert_int_equal(fc_context_report_count(ctx), 1);
        assert_string_equal(fc_context_report(ctx, 0)->message, err.msg);
    }
    fc_context_free(ctx);
    return rc;
}

/* A plugin someone else could have written is refused before it is opened (its code would run
 * with our rights): world-writable folder or file, a file owned by another user. */
static void test_plugin_trust(void **unused)
{
    char src[512], dir[] = "/tmp/fc_trust_XXXXXX", path[64], msg[FC_ERROR_MSG_MAX], want[160];
    fixture_path(src, sizeof src, "bidrace.so");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/bidrace.so", dir);
    copy_file(src, path);
    assert_int_equal(chmod(path, 0644), 0);
    assert_int_equal(chmod(dir, 0777), 0);
    assert_int_equal(load_one(path, msg, sizeof msg), FC_EPLUGIN);
    snprintf(want, sizeof want, "%s: refused: folder is world-writable (%s)", path, dir);
    assert_string_equal(msg, want);
    assert_int_equal(chmod(dir, 0755), 0);
    assert_int_equal(chmod(path, 0666), 0);
    assert_int_equal(load_one(path, msg, sizeof msg), FC_EPLUGIN);
    snprintf(want, sizeof want, "%s: refused: file is world-writable", path);
    assert_string_equal(msg, want);
    assert_int_equal(chmod(path, 0644), 0);
    if (load_one(path, msg, sizeof msg) != 0)
        fail_msg("a private copy should load: %s", msg);
    /* a link to it from a world-writable folder: whoever may swap the link decides what loads */
    char ldir[] = "/tmp/fc_trustl_XXXXXX", link[64];
    assert_non_null(mkdtemp(ldir));
    assert_int_equal(chmod(ldir, 0777), 0);
    snprintf(link, sizeof link, "%s/game.so", ldir);
    assert_int_equal(symlink(path, link), 0);
    assert_int_equal(load_one(link, msg, sizeof msg), FC_EPLUGIN);
    snprintf(want, sizeof want, "%s: refused: folder is world-writable (%s)", link, ldir);
    assert_string_equal(msg, want);
    unlink(link);
    rmdir(ldir);
    if (geteuid() == 0) { /* only root can give a file away */
        assert_int_equal(chown(path, 65534, (gid_t)-1), 0);
        assert_int_equal(load_one(path, msg, sizeof msg), FC_EPLUGIN);
        snprintf(want, sizeof want, "%s: refused: owned by user 65534 (not root, not the current user)", path);
        assert_string_equal(msg, want);
    }
    unlink(path);
    rmdir(dir);
    /* these tests run from the build tree, so it is searched */
    assert_true(fc_context_from_build_tree());
}

/* ---- Bid Race through the vtable ---- */

enum { P_GOAL, P_TOKENS, P_DIE, P_MAX_ROUNDS, P_REFUND, P_TIE, P_START, P_TRACK };

/* A recorder standing in for the core's event sink: the host copy's emit writes here. */
typedef struct recorder {
    int n;
    uint32_t audience[64];
    char text[64][200];
} recorder;

typedef struct bench {
    fc_context *ctx;
    const fc_plugin *p;
    const fc_game *g;
    fc_host host; /* copy of the context's table with emit/hook_int replaced */
    fc_value params[8];
    void *data;
    fc_env env;
    void *st;
    recorder rec;
    int64_t hook_bonus;    /* what move_bonus returns */
    int hook_calls[2];     /* calls per hook point */
    int64_t round_end_arg; /* last on_round_end argument */
} bench;

static void rec_emit(const fc_env *env, uint32_t audience, const char *fmt, ...)
{
    recorder *r = env->events;
    if (r->n >= 64)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->text[r->n], sizeof r->text[0], fmt, ap);
    va_end(ap);
    r->audience[r->n++] = audience;
}

/* env->hooks points at the bench so the fake hooks can see it. on_round_end uses the game's
 * advance action to push seat 2 forward by 4, as a Lua hook would. */
static int64_t fake_hook(const fc_env *env, int h, void *st, const int64_t *args, int nargs, int64_t dflt)
{
    bench *b = env->hooks;
    b->hook_calls[h]++;
    if (h == 0) {
        assert_int_equal(nargs, 2);
        return b->hook_bonus;
    }
    assert_int_equal(nargs, 1);
    b->round_end_arg = args[0];
    int64_t a[2] = {1, 4}, res = 0;
    assert_int_equal(b->p->actions[0].fn(st, env, a, &res), 0);
    return dflt;
}

static const fc_lua_fn *find_fn(const fc_lua_fn *fns, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(fns[i].name, name) == 0)
            return &fns[i];
    fail_msg("no function %s", name);
    return NULL;
}

static int64_t query(bench *b, const char *name, int64_t arg)
{
    const fc_lua_fn *f = find_fn(b->p->queries, b->p->nqueries, name);
    int64_t res = -1;
    assert_int_equal(f->fn(b->st, &b->env, &arg, &res), 0);
    return res;
}

static void bench_open(bench *b)
{
    memset(b, 0, sizeof *b);
    b->ctx = fc_context_new();
    char path[1024];
    fixture_path(path, sizeof path, "bidrace.so");
    fc_error err;
    if (fc_context_load(b->ctx, path, &err) != 0)
        fail_msg("%s", err.msg);
    b->p = fc_context_find(b->ctx, "bidrace", &err);
    b->g = b->p->game;
    b->host = *fc_context_host(b->ctx);
    b->host.emit = rec_emit;
    b->host.hook_int = fake_hook;
    for (int i = 0; i < b->p->nparams; i++)
        assert_int_equal(fc_param_default(&b->p->params[i], &b->params[i], &err), 0);
}

/* Loads data and starts a game with the current params; 0 or the error of the step failing. */
static int bench_start(bench *b, int nseats, fc_error *err)
{
    if (b->data)
        b->g->data_free(b->data);
    b->data = NULL;
    int rc = b->g->data_load(&b->host, b->params, nseats, fc_context_game_datadir(b->ctx, b->p), &b->data, err);
    if (rc != 0)
        return rc;
    b->env = (fc_env){.host = &b->host, .data = b->data, .params = b->params, .nseats = nseats, .hooks = b,
                      .events = &b->rec};
    free(b->st);
    b->st = calloc(1, b->g->state_size);
    fc_rng rng;
    b->host.rng_seed(&rng, 1, 0);
    return b->g->init(b->st, &b->env, &rng, err);
}

static void bench_close(bench *b)
{
    if (b->data)
        b->g->data_free(b->data);
    free(b->st);
    fc_context_free(b->ctx);
}

static void play(bench *b, const char *text)
{
    fc_decision d;
    if (b->g->decision_parse(b->st, &b->env, text, &d) != 0)
        fail_msg("cannot parse '%s'", text);
    if (b->g->apply(b->st, &b->env, d) != 0)
        fail_msg("'%s' is illegal", text);
    char msg[256];
    if (b->g->check(b->st, &b->env, msg, sizeof msg) != 0)
        fail_msg("after '%s': %s", text, msg);
}

static const char *panel(const fc_view *v, int seat, const char *key)
{
    for (int i = 0; i < v->npanel; i++)
        if (v->panel[i].seat == seat && strcmp(v->panel[i].key, key) == 0)
            return v->panel[i].value;
    return "(none)";
}

/* Two seats, default rules and track.csv (3:+2, 7:-1, 10:+3, 13:-2, 16:+1), worked by hand. */
static void test_bidrace_scripted(void **unused)
{
    bench b;
    bench_open(&b);
    fc_error err;
    assert_int_equal(bench_start(&b, 2, &err), 0);
    const fc_game *g = b.g;
    assert_int_equal(g->to_move(b.st, &b.env), 0);
    assert_int_equal(g->round(b.st, &b.env), 1);

    /* round 1, first player seat 1 (index 0): 3 vs 3 ties, clockwise from seat 1 wins */
    fc_decision legal[64];
    assert_int_equal(g->legal(b.st, &b.env, legal, NULL), 11); /* bid 0..10 */
    play(&b, "bid 3");
    assert_int_equal(b.rec.n, 2);
    assert_int_equal(b.rec.audience[0], FC_SEAT_BIT(0)); /* the amount goes to its owner only */
    assert_contains(b.rec.text[0], "3");
    assert_int_equal(b.rec.audience[1] & FC_SEAT_BIT(0), 0);
    assert_true(b.rec.audience[1] & FC_SEAT_BIT(1));
    assert_null(strchr(b.rec.text[1], '3'));

    /* while hidden: seat 2's view says "committed", seat 1's shows the amount */
    fc_view *v = calloc(1, sizeof *v);
    g->view(b.st, &b.env, 1, v);
    assert_string_equal(panel(v, 0, "bid"), "committed");
    assert_string_equal(panel(v, 1, "bid"), "waiting");
    memset(v, 0, sizeof *v);
    g->view(b.st, &b.env, 0, v);
    assert_string_equal(panel(v, 0, "bid"), "3");
    assert_int_equal(v->ncells, 21); /* q = 0..20 */
    assert_string_equal(v->cells[0].glyphs, "12");

    /* determinize for seat 2 resamples seat 1's bid in 0..10; for seat 1 it keeps it */
    void *copy = malloc(g->state_size);
    fc_rng rng;
    int distinct = 0, seen[11] = {0};
    for (int s = 0; s < 40; s++) {
        memcpy(copy, b.st, g->state_size);
        b.host.rng_seed(&rng, 77, (uint64_t)s);
        g->determinize(copy, &b.env, 1, &rng);
        memset(v, 0, sizeof *v);
        g->view(copy, &b.env, 0, v);
        int bid = atoi(panel(v, 0, "bid"));
        assert_in_range(bid, 0, 10);
        distinct += !seen[bid]++;
        memcpy(copy, b.st, g->state_size);
        g->determinize(copy, &b.env, 0, &rng);
        assert_memory_equal(copy, b.st, g->state_size);
    }
    assert_true(distinct >= 4);
    free(copy);

    assert_int_equal(g->to_move(b.st, &b.env), 1);
    play(&b, "bid 3");
    assert_int_equal(g->to_move(b.st, &b.env), FC_CHANCE);
    uint32_t w[64];
    assert_int_equal(g->legal(b.st, &b.env, legal, w), 6);
    for (int i = 0; i < 6; i++)
        assert_int_equal(w[i], 1);
    assert_int_equal(query(&b, "tokens", 0), 7);
    assert_int_equal(query(&b, "tokens", 1), 10);
    play(&b, "roll 3"); /* lands on 3, bonus +2 */
    assert_int_equal(query(&b, "position", 0), 5);
    assert_int_equal(query(&b, "position", 1), 0);

    /* round 2: seat 2 goes first and outbids */
    assert_int_equal(query(&b, "round", 0), 2);
    assert_int_equal(g->to_move(b.st, &b.env), 1);
    play(&b, "bid 2");
    play(&b, "bid 1");
    play(&b, "roll 6");
    assert_int_equal(query(&b, "position", 1), 6);
    assert_int_equal(query(&b, "tokens", 1), 8);
    assert_int_equal(query(&b, "tokens", 0), 7);

    int32_t score[4];
    int rank[4];
    g->scores(b.st, &b.env, score, rank);
    assert_int_equal(score[0], 5);
    assert_int_equal(score[1], 6);
    assert_int_equal(rank[0], 1);
    assert_int_equal(rank[1], 0);
    double val[4];
    g->evaluate(b.st, &b.env, val);
    assert_true(val[0] > 0.249 && val[0] < 0.251);
    assert_true(val[1] > 0.299 && val[1] < 0.301);

    /* an over-bid is illegal and leaves the state alone */
    copy = malloc(g->state_size);
    memcpy(copy, b.st, g->state_size);
    fc_decision d;
    assert_int_equal(g->decision_parse(b.st, &b.env, "bid 8", &d), 0);
    assert_int_equal(g->apply(b.st, &b.env, d), FC_EILLEGAL);
    assert_int_equal(g->decision_parse(b.st, &b.env, "roll 1", &d), 0);
    assert_int_equal(g->apply(b.st, &b.env, d), FC_EILLEGAL);
    assert_memory_equal(copy, b.st, g->state_size);
    free(copy);
    free(v);
    bench_close(&b);
}

static void test_bidrace_hooks_and_end(void **unused)
{
    bench b;
    bench_open(&b);
    fc_error err;
    b.params[P_MAX_ROUNDS].i = 1;
    assert_int_equal(bench_start(&b, 3, &err), 0);
    b.env.hooks_mask = 3;
    b.hook_bonus = 2;
    play(&b, "bid 0");
    play(&b, "bid 5");
    play(&b, "bid 5"); /* seats 2 and 3 tie at 5: seat 2 is reached first from seat 1 */
    assert_int_equal(query(&b, "tokens", 1), 5);
    play(&b, "roll 1"); /* 0 + 1, no bonus at 1, hook +2 -> 3; on_round_end: seat 2 +4 -> 7 */
    assert_int_equal(b.hook_calls[0], 1);
    assert_int_equal(b.hook_calls[1], 1);
    assert_int_equal(b.round_end_arg, 1);
    assert_int_equal(query(&b, "position", 1), 7);
    assert_int_equal(b.g->to_move(b.st, &b.env), FC_NOBODY); /* max_rounds = 1 */
    int32_t score[4];
    int rank[4];
    b.g->scores(b.st, &b.env, score, rank);
    assert_int_equal(score[1], 7);
    assert_int_equal(rank[0], 1);
    assert_int_equal(rank[1], 0);
    assert_int_equal(rank[2], 1);

    /* tie_rule=nobody: a shared top bid moves nobody and costs nothing */
    b.params[P_TIE].i = 1;
    b.params[P_MAX_ROUNDS].i = 30;
    b.env.hooks_mask = 0;
    assert_int_equal(bench_start(&b, 2, &err), 0);
    play(&b, "bid 4");
    play(&b, "bid 4");
    assert_int_equal(query(&b, "round", 0), 2);
    assert_int_equal(query(&b, "tokens", 0), 10);
    assert_int_equal(b.g->to_move(b.st, &b.env), 1);
    b.g->scores(b.st, &b.env, score, rank);
    assert_int_equal(rank[0], 0);
    assert_int_equal(rank[1], 0);

    /* bid_refund: the winner keeps its tokens; start_positions "3,9" places the seats */
    b.params[P_TIE].i = 0;
    b.params[P_REFUND].i = 1;
    b.params[P_START].n = 2;
    b.params[P_START].list[0] = 3;
    b.params[P_START].list[1] = 9;
    assert_int_equal(bench_start(&b, 3, &err), 0);
    assert_int_equal(query(&b, "position", 1), 9);
    assert_int_equal(query(&b, "position", 2), 3);
    play(&b, "bid 6");
    play(&b, "bid 0");
    play(&b, "bid 0");
    play(&b, "roll 4"); /* 3 + 4 = 7, bonus -1 -> 6 */
    assert_int_equal(query(&b, "position", 0), 6);
    assert_int_equal(query(&b, "tokens", 0), 10);
    bench_close(&b);
}

static void test_bidrace_notation(void **unused)
{
    bench b;
    bench_open(&b);
    fc_error err;
    assert_int_equal(bench_start(&b, 2, &err), 0);
    const char *bad[] = {"", "bid", "bid ", "bid -1", "bid 03", "bid 3 ", " bid 3", "bid 3x", "roll", "roll x",
                         "jump 2", "BID 3", "bid 99999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fc_decision d;
        if (b.g->decision_parse(b.st, &b.env, bad[i], &d) != FC_EPARSE)
            fail_msg("'%s' parsed", bad[i]);
    }
    char buf[64];
    fc_decision d;
    assert_int_equal(b.g->decision_parse(b.st, &b.env, "roll 12", &d), 0);
    assert_int_equal(b.g->decision_text(b.st, &b.env, d, buf, sizeof buf), 7);
    assert_string_equal(buf, "roll 12");
    bench_close(&b);
}

static const char *write_temp(char *path, size_t n, const char *text)
{
    snprintf(path, n, "/tmp/fc_track_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return path;
}

static void test_bidrace_data_errors(void **unused)
{
    bench b;
    bench_open(&b);
    fc_error err;
    snprintf(b.params[P_TRACK].s, sizeof b.params[P_TRACK].s, "no_such_track.csv");
    assert_true(bench_start(&b, 2, &err) < 0);
    assert_contains(err.msg, "no_such_track.csv");

    const struct {
        const char *text, *needle;
    } cases[] = {
        {"pos,bonus\n3,2\n5,x\n", ":3:"},
        {"pos,bonus\n3,2\n3,1\n", "listed twice"},
        {"pos,bonus\n3,11\n", "bonus"},
        {"pos,bonux\n3,1\n", "pos,bonus"},
    };
    char path[64];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        write_temp(path, sizeof path, cases[i].text);
        snprintf(b.params[P_TRACK].s, sizeof b.params[P_TRACK].s, "%s", path);
        assert_true(bench_start(&b, 2, &err) < 0);
        assert_contains(err.msg, path);
        assert_contains(err.msg, cases[i].needle);
        unlink(path);
    }
    /* a start position at the goal is refused by init */
    snprintf(b.params[P_TRACK].s, sizeof b.params[P_TRACK].s, "track.csv");
    b.params[P_START].n = 1;
    b.params[P_START].list[0] = 20;
    assert_int_equal(bench_start(&b, 2, &err), FC_ERANGE);
    assert_contains(err.msg, "goal 20");
    bench_close(&b);
}

/* Random games over random rules: check() after every decision, notation round trips,
 * evaluations in range, a bounded length. */
static void test_bidrace_random(void **unused)
{
    bench b;
    bench_open(&b);
    fc_rng rng;
    b.host.rng_seed(&rng, 2024, 0);
    fc_view *v = calloc(1, sizeof *v);
    int finished_by_goal = 0;
    for (int game = 0; game < 200; game++) {
        int nseats = 2 + (int)b.host.rng_below(&rng, 3);
        b.params[P_GOAL].i = 5 + b.host.rng_below(&rng, 40);
        b.params[P_TOKENS].i = 1 + b.host.rng_below(&rng, 50);
        b.params[P_DIE].i = 2 + b.host.rng_below(&rng, 11);
        b.params[P_MAX_ROUNDS].i = 1 + b.host.rng_below(&rng, 40);
        b.params[P_REFUND].i = b.host.rng_below(&rng, 2);
        b.params[P_TIE].i = b.host.rng_below(&rng, 2);
        b.params[P_START].n = 1;
        b.params[P_START].list[0] = (int32_t)b.host.rng_below(&rng, 5);
        b.rec.n = 0;
        fc_error err;
        if (bench_start(&b, nseats, &err) != 0)
            fail_msg("game %d: %s", game, err.msg);
        b.env.events = game % 2 ? &b.rec : NULL;
        b.env.hooks_mask = game % 3 == 0 ? 3 : 0;
        b.hook_bonus = (int64_t)b.host.rng_below(&rng, 7) - 3;
        long plies = 0, limit = (long)b.params[P_MAX_ROUNDS].i * (nseats + 1);
        int who;
        while ((who = b.g->to_move(b.st, &b.env)) != FC_NOBODY) {
            fc_decision legal[64];
            uint32_t w[64];
            int k = b.g->legal(b.st, &b.env, legal, w);
            assert_in_range(k, 1, 64);
            for (int i = 0; i < k; i++) {
                char text[64];
                fc_decision back;
                assert_true(b.g->decision_text(b.st, &b.env, legal[i], text, sizeof text) > 0);
                assert_int_equal(b.g->decision_parse(b.st, &b.env, text, &back), 0);
                assert_int_equal(back, legal[i]);
            }
            int pick = who == FC_CHANCE ? b.host.rng_weighted(&rng, w, k) : (int)b.host.rng_below(&rng, (uint32_t)k);
            assert_int_equal(b.g->apply(b.st, &b.env, legal[pick]), 0);
            char msg[256];
            if (b.g->check(b.st, &b.env, msg, sizeof msg) != 0)
                fail_msg("game %d ply %ld: %s", game, plies, msg);
            if (plies % 7 == 0) {
                memset(v, 0, sizeof *v);
                b.g->view(b.st, &b.env, (int)plies % (nseats + 1) - 1, v);
                assert_int_equal(v->ncells, b.params[P_GOAL].i + 1);
            }
            b.rec.n = 0;
            assert_true(++plies <= limit);
        }
        double val[4];
        int32_t score[4];
        int rank[4];
        b.g->evaluate(b.st, &b.env, val);
        b.g->scores(b.st, &b.env, score, rank);
        for (int s = 0; s < nseats; s++) {
            assert_true(val[s] >= 0.0 && val[s] <= 1.0);
            finished_by_goal += score[s] >= b.params[P_GOAL].i;
        }
    }
    assert_true(finished_by_goal > 20);
    free(v);
    bench_close(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scan_fixtures),
        cmocka_unit_test(test_load_bad_one_by_one),
        cmocka_unit_test(test_find_unknown),
        cmocka_unit_test(test_load_missing_and_not_elf),
        cmocka_unit_test(test_plugin_trust),
        cmocka_unit_test(test_bidrace_scripted),
        cmocka_unit_test(test_bidrace_hooks_and_end),
        cmocka_unit_test(test_bidrace_notation),
        cmocka_unit_test(test_bidrace_data_errors),
        cmocka_unit_test(test_bidrace_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
