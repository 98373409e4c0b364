/* `formicary bench GAME`: raw speed of a game's vtable on one thread. Random playouts call
 * init/to_move/legal/apply directly on a state buffer with the match's search environment
 * (events off), so the numbers are what agents and simulations get. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "formicary/rng.h"

const cli_optdef cli_opts_bench[] = {
    {"--players", "N", false, "number of players (default: the game's minimum)"},
    {"--seconds", "S", false, "measuring time in seconds after a 10% warm-up (default 3)"},
    {"--set", "KEY=VALUE", true, "override one parameter"},
    {"--rules", "F.ini|NAME", false, "rule set: a file, or a shipped one by name (config/GAME/NAME.ini)"},
    {"--variant", "F.lua", false, "Lua variant"},
    {"--mcts", "SPEC", false, "the MCTS agent measured (default mcts:iters=1000; e.g. mcts:iters=1000,legacy=1)"},
    {"--json", NULL, false, "print one JSON object"},
    {"--ab", "SPEC", false,
     "measure the alpha-beta agent instead (e.g. ab:depth=6, ab:time=1): nodes/s, depth reached and when, "
     "branching after ordering, from positions of seeded games"},
    {"--positions", "N", false, "with --ab: positions searched (default 12; 1..256)"},
    {NULL, NULL, false, NULL},
};

/* A game that has not ended after this many decisions is reported as a bug. */
#define BENCH_MAX_DECISIONS 10000000L
/* Every Nth decision is timed separately for the legal/apply split. */
#define BENCH_SAMPLE_EVERY 16
/* MCTS figures are measured at this many iterations per decision. */
#define BENCH_MCTS_ITERS 1000
#define BENCH_MCTS_ITERS_TEXT "1000"

typedef struct bench {
    const fc_game *g;
    const fc_env *env;
    void *st;
    fc_decision *dec;
    uint32_t *w;
    fc_rng rng; /* picks decisions and chance outcomes */
    long long playouts, decisions, samples, esamples;
    double legal_ns, apply_ns, eval_ns;
} bench;

static double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the whole process (every thread): on a loaded machine the honest figure. */
static double bench_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One complete random game from a fresh init with seed i. */
static int bench_playout(bench *b, uint64_t i, fc_error *err)
{
    const fc_game *g = b->g;
    fc_rng setup;
    fc_rng_seed(&setup, i, 0);
    memset(b->st, 0, g->state_size);
    if (g->init(b->st, b->env, &setup, err) != 0)
        return err->msg[0] ? err->code : fc_error_set(err, FC_EPLUGIN, "init() failed for seed %llu", (unsigned long long)i);
    for (long n = 0;; n++) {
        int who = g->to_move(b->st, b->env);
        if (who == FC_NOBODY)
            break;
        if (n == BENCH_MAX_DECISIONS)
            return fc_error_set(err, FC_ESTATE, "game %llu did not end after %ld decisions", (unsigned long long)i, n);
        bool sample = b->decisions % BENCH_SAMPLE_EVERY == 0;
        double t0 = sample ? bench_now() : 0;
        int k = g->legal(b->st, b->env, b->dec, who == FC_CHANCE ? b->w : NULL);
        double t1 = sample ? bench_now() : 0;
        if (k <= 0 || k > g->max_decisions)
            return fc_error_set(err, FC_EPLUGIN, "legal() returned %d (capacity %d) with seat index %d (0-based) to move", k,
                                g->max_decisions, who);
        int pick = who == FC_CHANCE ? fc_rng_weighted(&b->rng, b->w, k) : (int)fc_rng_below(&b->rng, (uint32_t)k);
        if (pick < 0)
            return fc_error_set(err, FC_EPLUGIN, "every chance weight is 0");
        double t2 = sample ? bench_now() : 0;
        if (g->apply(b->st, b->env, b->dec[pick]) != 0)
            return fc_error_set(err, FC_EPLUGIN, "apply() refused a legal decision");
        if (sample) {
            double t3 = bench_now();
            b->legal_ns += (t1 - t0) * 1e9;
            b->apply_ns += (t3 - t2) * 1e9;
            b->samples++;
            if (g->evaluate && g->to_move(b->st, b->env) != FC_NOBODY) {
                double v[FC_MAX_SEATS];
                g->evaluate(b->st, b->env, v);
                b->eval_ns += (bench_now() - t3) * 1e9;
                b->esamples++;
            }
        }
        b->decisions++;
    }
    b->playouts++;
    return 0;
}

/* The cost of one clock reading, subtracted from the sampled legal/apply times. */
static double bench_clock_ns(void)
{
    enum { N = 10000 };
    double t0 = bench_now(), t = t0;
    for (int i = 0; i < N; i++)
        t = bench_now();
    return (t - t0) * 1e9 / N;
}

/* Average time of a memcpy of the state; the copy goes through a volatile function pointer so
 * the compiler cannot drop it. */
static double bench_clone_ns(const void *init, size_t size)
{
    void *(*volatile copy)(void *, const void *, size_t) = memcpy;
    unsigned char *buf = malloc(size * 2);
    if (!buf)
        return 0;
    long n = (long)(64u << 20) / (long)(size ? size : 1);
    n = n < 1000 ? 1000 : n > 1000000 ? 1000000 : n;
    memcpy(buf, init, size);
    double t0 = bench_now();
    for (long i = 0; i < n; i++)
        copy(buf + (size_t)((i + 1) & 1) * size, buf + (size_t)(i & 1) * size, size);
    double ns = (bench_now() - t0) * 1e9 / (double)n;
    free(buf);
    return ns;
}

/* MCTS speed: mcts:iters=1000 decides for every seat along games from seed 0 on, for about
 * `seconds`; only decisions with more than one legal option run a search and are counted. */
typedef struct bench_mcts_out {
    double iters_per_sec, ms_per_decision, cpu_ms_per_decision;
} bench_mcts_out;

static int bench_mcts(const fc_rules *rules, const char *spec, double seconds, bench_mcts_out *o, fc_error *err)
{
    fc_agent *a = fc_agent_new(spec, 1, err);
    if (!a)
        return err->code;
    uint64_t iters = BENCH_MCTS_ITERS;
    const char *it = strstr(spec, "iters=");
    if (it)
        iters = strtoull(it + 6, NULL, 10);
    fc_match *m = NULL;
    long searches = 0;
    double spent = 0, cpu = 0, end = bench_now() + seconds;
    int rc = 0;
    for (uint64_t seed = 0; rc == 0 && (searches == 0 || bench_now() < end);) {
        if (!m && !(m = fc_match_new(rules, seed++, err))) {
            rc = err->code ? err->code : FC_EINVAL;
            break;
        }
        int who = fc_match_to_move(m);
        if (who == FC_NOBODY) {
            fc_match_free(m);
            m = NULL;
            if (seed > 1000 && searches == 0)
                break; /* no game with a real choice: nothing to measure */
            continue;
        }
        fc_decision d = 0;
        if (who == FC_CHANCE) {
            rc = fc_match_play_chance(m, err);
            continue;
        }
        int n = fc_match_legal(m, NULL, NULL);
        double t0 = bench_now(), c0 = bench_cpu();
        rc = fc_agent_choose(a, m, &d, err);
        if (n > 1) {
            spent += bench_now() - t0;
            cpu += bench_cpu() - c0;
            searches++;
        }
        if (rc == 0)
            rc = fc_match_play(m, d, err);
    }
    fc_match_free(m);
    fc_agent_free(a);
    o->iters_per_sec = spent > 0 ? (double)searches * (double)iters / spent : 0;
    o->ms_per_decision = searches ? spent * 1000 / (double)searches : 0;
    o->cpu_ms_per_decision = searches ? cpu * 1000 / (double)searches : 0;
    return rc;
}

/* One rule set's playout loop for the side-by-side variant comparison. */
typedef struct bench_side {
    fc_match *m;
    bench b;
    uint64_t seed;
    double cpu; /* CPU seconds spent in playouts */
} bench_side;

static int bench_side_open(bench_side *s, const fc_rules *rules, fc_error *err)
{
    memset(s, 0, sizeof *s);
    if (!(s->m = fc_match_new(rules, 0, err)))
        return err->code ? err->code : FC_EINVAL;
    s->b.g = fc_match_game(s->m);
    s->b.env = fc_match_search_env(s->m);
    s->b.st = malloc(s->b.g->state_size ? s->b.g->state_size : 1);
    s->b.dec = malloc((size_t)s->b.g->max_decisions * sizeof *s->b.dec);
    s->b.w = malloc((size_t)s->b.g->max_decisions * sizeof *s->b.w);
    fc_rng_seed(&s->b.rng, 0x62656e6368u, 0);
    if (!s->b.st || !s->b.dec || !s->b.w)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    return 0;
}

static void bench_side_close(bench_side *s)
{
    free(s->b.st);
    free(s->b.dec);
    free(s->b.w);
    fc_match_free(s->m);
}

/* Playouts per CPU second with and without the variant, measured in alternating slices so a
 * change of machine load hits both sides alike. */
#define BENCH_SLICES 8
static int bench_variant_ratio(const fc_rules *with, const fc_rules *without, double seconds, double *pps_with,
                               double *pps_without, fc_error *err)
{
    bench_side side[2];
    int rc = bench_side_open(&side[0], with, err);
    if (rc == 0)
        rc = bench_side_open(&side[1], without, err);
    else
        memset(&side[1], 0, sizeof side[1]);
    for (int slice = 0; rc == 0 && slice < 2 * BENCH_SLICES; slice++) {
        bench_side *s = &side[slice & 1];
        double c0 = bench_cpu(), end = c0 + seconds / BENCH_SLICES;
        long long before = s->b.playouts;
        while (rc == 0 && (s->b.playouts == before || bench_cpu() < end))
            rc = bench_playout(&s->b, s->seed++, err);
        s->cpu += bench_cpu() - c0;
    }
    *pps_with = side[0].cpu > 0 ? (double)side[0].b.playouts / side[0].cpu : 0;
    *pps_without = side[1].cpu > 0 ? (double)side[1].b.playouts / side[1].cpu : 0;
    bench_side_close(&side[0]);
    bench_side_close(&side[1]);
    return rc;
}

/* c without its --variant option. */
static cli bench_without_variant(const cli *c)
{
    cli v = *c;
    for (int i = 0; i < v.nopts; i++)
        if (strcmp(v.opts[i]->name, "--variant") == 0)
            v.count[i] = 0;
    return v;
}

/* The figures bench reports, measured and derived. */
typedef struct bench_figs {
    const char *game, *mcts_spec;
    int nseats;
    double warmup, elapsed, pps, dps, mean, clone_ns, clock_ns, legal_ns, apply_ns, eval_ns;
    size_t size;
    bench_mcts_out mo;
    bool variant;
    double pps_with, pps_without;
} bench_figs;

/* Random playouts: a 10% warm-up, then `seconds` measured (at least one game so every figure is
 * defined); *elapsed the wall time measured. */
static int bench_playouts(bench *b, double seconds, double *elapsed, fc_error *err)
{
    int rc = CLI_EXIT_OK;
    uint64_t seed = 0;
    double start = bench_now(), warm_end = start + seconds * 0.1;
    while (rc == CLI_EXIT_OK && bench_now() < warm_end)
        if (bench_playout(b, seed++, err) != 0)
            rc = cli_fail("%s", err->msg);
    b->playouts = b->decisions = b->samples = b->esamples = 0;
    b->legal_ns = b->apply_ns = b->eval_ns = 0;
    double t0 = bench_now(), end = t0 + seconds;
    while (rc == CLI_EXIT_OK && (b->playouts == 0 || bench_now() < end))
        if (bench_playout(b, seed++, err) != 0)
            rc = cli_fail("%s", err->msg);
    *elapsed = bench_now() - t0;
    return rc;
}

/* With --variant: playouts per CPU second with and without it (the same rules otherwise). */
static int bench_variant_cost(cli *c, fc_context *ctx, const fc_rules *rules, int players, double seconds,
                              bench_figs *f, fc_error *err)
{
    cli plain = bench_without_variant(c);
    fc_rules *base = cli_rules(&plain, ctx, c->pos[0], players);
    if (!base)
        return CLI_EXIT_FAIL;
    int vr = bench_variant_ratio(rules, base, seconds, &f->pps_with, &f->pps_without, err);
    fc_rules_free(base);
    return vr != 0 ? cli_fail("%s", err->msg) : CLI_EXIT_OK;
}

/* The per-decision times with the clock's own cost removed (never below 0). */
static void bench_derive(const bench *b, bench_figs *f)
{
    f->pps = (double)b->playouts / f->elapsed;
    f->dps = (double)b->decisions / f->elapsed;
    f->mean = (double)b->decisions / (double)b->playouts;
    f->clock_ns = bench_clock_ns();
    double legal_ns = b->samples ? b->legal_ns / (double)b->samples - f->clock_ns : 0;
    double apply_ns = b->samples ? b->apply_ns / (double)b->samples - f->clock_ns : 0;
    f->legal_ns = legal_ns < 0 ? 0 : legal_ns;
    f->apply_ns = apply_ns < 0 ? 0 : apply_ns;
    double eval_ns = b->esamples ? b->eval_ns / (double)b->esamples - f->clock_ns : 0;
    f->eval_ns = eval_ns < 0 ? 0 : eval_ns;
}

static void bench_json_num(cli_json *j, const char *key, double v)
{
    cli_json_key(j, key);
    cli_json_num(j, v);
}

static void bench_print_json(const bench *b, const bench_figs *f)
{
    cli_json j;
    cli_json_init(&j, stdout);
    cli_json_obj(&j);
    cli_json_key(&j, "game");
    cli_json_str(&j, f->game);
    cli_json_key(&j, "players");
    cli_json_int(&j, f->nseats);
    bench_json_num(&j, "seconds", f->elapsed);
    cli_json_key(&j, "playouts");
    cli_json_int(&j, b->playouts);
    cli_json_key(&j, "decisions");
    cli_json_int(&j, b->decisions);
    bench_json_num(&j, "playouts_per_sec", f->pps);
    bench_json_num(&j, "decisions_per_sec", f->dps);
    bench_json_num(&j, "mean_decisions", f->mean);
    cli_json_key(&j, "state_bytes");
    cli_json_int(&j, (long long)f->size);
    bench_json_num(&j, "clone_ns", f->clone_ns);
    bench_json_num(&j, "legal_ns", f->legal_ns);
    bench_json_num(&j, "apply_ns", f->apply_ns);
    bench_json_num(&j, "eval_ns", f->eval_ns);
    bench_json_num(&j, "mcts_iters_per_sec", f->mo.iters_per_sec);
    bench_json_num(&j, "mcts_ms_per_decision", f->mo.ms_per_decision);
    bench_json_num(&j, "mcts_cpu_ms_per_decision", f->mo.cpu_ms_per_decision);
    if (f->variant) {
        bench_json_num(&j, "variant_playouts_per_cpu_sec", f->pps_with);
        bench_json_num(&j, "plain_playouts_per_cpu_sec", f->pps_without);
        bench_json_num(&j, "variant_ratio", f->pps_without > 0 ? f->pps_with / f->pps_without : 0);
    }
    cli_json_end_obj(&j);
    fputc('\n', stdout);
}

static void bench_print_text(const bench *b, const bench_figs *f)
{
    printf("bench %s, %d players, one thread: %.2f s after %.2f s warm-up\n", f->game, f->nseats, f->elapsed,
           f->warmup);
    printf("  playouts            %lld  (%.1f/s)\n", b->playouts, f->pps);
    printf("  decisions           %lld  (%.0f/s)\n", b->decisions, f->dps);
    printf("  decisions per game  %.1f\n", f->mean);
    printf("  state_bytes         %zu\n", f->size);
    printf("  clone_ns            %.1f\n", f->clone_ns);
    printf("  legal_ns            %.1f  (1 in %d decisions timed; clock cost %.1f ns removed)\n", f->legal_ns,
           BENCH_SAMPLE_EVERY, f->clock_ns);
    printf("  apply_ns            %.1f\n", f->apply_ns);
    if (b->esamples)
        printf("  eval_ns             %.1f  (the game's evaluation after the timed decisions)\n", f->eval_ns);
    printf("  mcts_iters_per_sec  %.0f  (%s in every seat)\n", f->mo.iters_per_sec, f->mcts_spec);
    printf("  mcts_ms_per_decision %.2f wall, %.2f CPU\n", f->mo.ms_per_decision, f->mo.cpu_ms_per_decision);
    if (f->variant)
        printf("  variant cost        %.1f playouts per CPU second with the variant, %.1f without: %.1f%%\n",
               f->pps_with, f->pps_without, f->pps_without > 0 ? 100 * f->pps_with / f->pps_without : 0);
}

/* The playouts, the clone time, the variant's cost and MCTS on the rules; the report printed. */
static int bench_measure(cli *c, fc_context *ctx, fc_rules *rules, int players, double seconds, bench *b,
                         fc_match *m)
{
    fc_error err;
    fc_error_clear(&err);
    bench_figs f = {.game = fc_rules_plugin(rules)->id, .nseats = fc_rules_nseats(rules), .warmup = seconds * 0.1};
    b->g = fc_match_game(m);
    b->env = fc_match_search_env(m);
    f.size = b->g->state_size;
    b->st = malloc(f.size ? f.size : 1);
    b->dec = malloc((size_t)b->g->max_decisions * sizeof *b->dec);
    b->w = malloc((size_t)b->g->max_decisions * sizeof *b->w);
    void *init = malloc(f.size ? f.size : 1);
    if (!b->st || !b->dec || !b->w || !init) {
        free(init);
        return cli_fail("out of memory");
    }
    memcpy(init, fc_match_state(m), f.size);
    fc_rng_seed(&b->rng, 0x62656e6368u, 0); /* "bench" */
    int rc = bench_playouts(b, seconds, &f.elapsed, &err);
    f.clone_ns = rc == CLI_EXIT_OK ? bench_clone_ns(init, f.size) : 0;
    free(init);
    if (rc != CLI_EXIT_OK)
        return rc;
    f.variant = cli_opt(c, "--variant") != NULL;
    if (f.variant && (rc = bench_variant_cost(c, ctx, rules, players, seconds, &f, &err)) != CLI_EXIT_OK)
        return rc;
    const char *spec = cli_opt(c, "--mcts");
    if (spec && strncmp(spec, "mcts", 4) != 0)
        return cli_usage("bench: option --mcts: '%s' is not an mcts agent spec", spec);
    f.mcts_spec = spec ? spec : "mcts:iters=" BENCH_MCTS_ITERS_TEXT;
    if (bench_mcts(rules, f.mcts_spec, seconds, &f.mo, &err) != 0)
        return cli_fail("mcts: %s", err.msg);
    bench_derive(b, &f);
    if (cli_flag(c, "--json"))
        bench_print_json(b, &f);
    else
        bench_print_text(b, &f);
    return CLI_EXIT_OK;
}

int cli_cmd_bench(cli *c)
{
    int players = 0;
    double seconds = 3;
    const char *sv = cli_opt(c, "--seconds");
    if (!cli_opt_int(c, "--players", 1, FC_MAX_SEATS, 0, &players))
        return CLI_EXIT_USAGE;
    if (sv && !cli_parse_double(sv, 0.001, 86400, &seconds))
        return cli_usage("bench: option --seconds: '%s' is not a number of seconds in 0.001..86400", sv);
    fc_context *ctx = cli_context(c, NULL, 0);
    if (!ctx)
        return CLI_EXIT_FAIL;
    fc_error err;
    fc_error_clear(&err);
    int rc = CLI_EXIT_OK;
    fc_match *m = NULL;
    bench b;
    memset(&b, 0, sizeof b);
    fc_rules *rules = cli_rules(c, ctx, c->pos[0], players);
    if (!rules) {
        fc_context_free(ctx);
        return CLI_EXIT_FAIL;
    }
    if (cli_opt(c, "--ab"))
        rc = cli_bench_ab(c, rules, cli_opt(c, "--ab"));
    else if (!(m = fc_match_new(rules, 0, &err)))
        rc = cli_fail("%s", err.msg);
    else
        rc = bench_measure(c, ctx, rules, players, seconds, &b, m);
    free(b.st);
    free(b.dec);
    free(b.w);
    if (m)
        fc_match_free(m);
    fc_rules_free(rules);
    fc_context_free(ctx);
    return rc;
}
