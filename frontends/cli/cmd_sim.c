/* `formicary sim GAME`: many matches between agents over threads, design metrics
 * (docs/metrics.md), and the paired A/B comparison of two rule sets or variants on the same
 * seeds and agents. Output: a table on stdout, CSV (one row per game), JSON (summary), SVG. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "formicary/rng.h"
#include "formicary/sim.h"
#include "formicary/stats.h"

const cli_optdef cli_opts_sim[] = {
    {"--seats", "A,B,...", false, "one agent spec or tier (easy, medium, hard, expert) per seat, or a number N of random seats (default: minimum, random)"},
    {"--games", "N", false, "games to play (default 100; the maximum with --until-significant)"},
    {"--threads", "K", false, "worker threads (default 1); results do not depend on K"},
    {"--seed", "S", false, "base seed (default 1): game i uses seeds derived from (S, i)"},
    {"--set", "KEY=VALUE", true, "override one parameter"},
    {"--rules", "F.ini|NAME", false, "rule set: a file, or a shipped one by name (config/GAME/NAME.ini)"},
    {"--variant", "F.lua", false, "Lua variant"},
    {"--fixed-seats", NULL, false, "do not rotate the agents around the seats"},
    {"--max-decisions", "N", false, "decisions before a game counts as a timeout (default 100000)"},
    {"--opening", "N", false, "the first N decisions of every game are random (the same for every line-up of a deal): varied openings"},
    {"--csv", "F", false, "write one row per game to F"},
    {"--json", "F", false, "write the summary as JSON to F ('-' for stdout instead of the table)"},
    {"--svg", "F", false, "write a chart (win shares with intervals, score distributions) to F"},
    {"--progress", NULL, false, "show the progress bar even when stderr is not a terminal"},
    {"--against-rules", "F.ini|NAME", false, "B design: this rule set instead of --rules"},
    {"--against-variant", "F.lua", false, "B design: this variant instead of --variant"},
    {"--against-set", "KEY=VALUE", true, "B design: also set this parameter"},
    {"--until-significant", NULL, false, "A/B: stop early once --metric differs (sequential test)"},
    {"--metric", "NAME[:K]", false, "metric of the sequential test (default seat_win:1)"},
    {"--looks", "N", false, "interim looks of the sequential test (default 10)"},
    {"--resume", "FILE", false, "journal of finished games: append each game, skip those already there (docs/distributed.md)"},
    {"--correction", "holm|bh|none", false, "A/B: multiple-comparison correction over the table's metrics (default holm)"},
    {"--compare-csv", "F", false, "A/B: write the comparison table (one row per metric, p and adjusted p) to F"},
    {"--record-dir", "DIR", false, "save every game as a record DIR/game-00001.fcr ... (A/B: DIR/A/, DIR/B/)"},
    {"--position", "FILE", false, "every game starts from the position in FILE (games with positions)"},
    {"--html", "F", false, "write a self-contained HTML report to F (docs/reports.md)"},
    {"--plan", "METRIC=EFFECT", true, "estimate from a pilot the games needed to detect EFFECT in METRIC (95% confidence, 80% power), e.g. win_share:1=0.03"},
    {"--pilot", "N", false, "--plan: games of the pilot (default 100)"},
    {"--run", NULL, false, "--plan: then play the games needed (at most --games, default 1000000)"},
    {"--agent-cpu", NULL, false, "time every agent decision on its thread's CPU clock and print each agent's CPU per decision (checks that budgets such as time=T,clock=cpu were equal)"},
    {"--restrict", "KIND[,KIND]", false, "the first agent of --seats never chooses decisions of these kinds while another is legal (kinds: formicary rules GAME; per seat: the agent key restrict=KIND+KIND)"},
    CLI_RUNS_DB_OPTS,
    {NULL, NULL, false, NULL},
};

#include "sim_cli.h"
#include "sim_mpi.h"

/* Same grammar as `play --seats`: "key=value" without ':' before '=' continues a spec. */
static int sim_parse_seats(const char *text, char spec[FC_MAX_SEATS][SIM_SPEC_MAX], int *n)
{
    int count = 0;
    if (text[0] >= '0' && text[0] <= '9') {
        if (!cli_parse_int(text, 1, FC_MAX_SEATS, &count))
            return cli_usage("sim: option --seats: '%s' is not a seat count in 1..%d", text, FC_MAX_SEATS);
        for (int i = 0; i < count; i++)
            snprintf(spec[i], SIM_SPEC_MAX, "random");
        *n = count;
        return 0;
    }
    for (const char *p = text;;) {
        size_t len = strcspn(p, ",");
        const char *eq = memchr(p, '=', len), *colon = memchr(p, ':', len);
        if (len == 0)
            return cli_usage("sim: option --seats: empty seat in '%s'", text);
        if (eq && (!colon || colon > eq) && count > 0) {
            size_t have = strlen(spec[count - 1]);
            if (have + 1 + len >= SIM_SPEC_MAX)
                return cli_usage("sim: option --seats: spec too long");
            snprintf(spec[count - 1] + have, SIM_SPEC_MAX - have, ",%.*s", (int)len, p);
        } else {
            if (count == FC_MAX_SEATS)
                return cli_usage("sim: option --seats: more than %d seats", FC_MAX_SEATS);
            if (len >= SIM_SPEC_MAX)
                return cli_usage("sim: option --seats: spec too long");
            snprintf(spec[count++], SIM_SPEC_MAX, "%.*s", (int)len, p);
        }
        if (!p[len])
            break;
        p += len + 1;
    }
    *n = count;
    return 0;
}

/* The B design: the A layers with --against-* replacing or adding to them. */
static fc_rules *sim_rules_b(const cli *c, fc_context *ctx, const char *game, int nseats, fc_error *err)
{
    fc_rules *r = fc_rules_new(ctx, game, nseats, err);
    if (!r)
        return NULL;
    const char *ini = cli_opt(c, "--against-rules") ? cli_opt(c, "--against-rules") : cli_opt(c, "--rules");
    const char *lua = cli_opt(c, "--against-variant") ? cli_opt(c, "--against-variant") : cli_opt(c, "--variant");
    char ini_path[1024];
    if (ini && !(ini = cli_ruleset_path(game, ini, ini_path, sizeof ini_path, err))) {
        fc_rules_free(r);
        return NULL;
    }
    int rc = ini ? fc_rules_load_ini(r, ini, err) : 0;
    char lua_path[1024];
    if (rc == 0 && lua) /* a shipped variant's name or a path, as for design A */
        rc = (lua = cli_variant_path(game, lua, lua_path, sizeof lua_path, err)) ? fc_rules_load_variant(r, lua, err)
                                                                                 : FC_EUNKNOWN;
    for (int i = 0; rc == 0 && i < cli_opt_count(c, "--set"); i++)
        rc = fc_rules_set(r, cli_opt_at(c, "--set", i), err);
    for (int i = 0; rc == 0 && i < cli_opt_count(c, "--against-set"); i++)
        rc = fc_rules_set(r, cli_opt_at(c, "--against-set", i), err);
    return fc_rules_finish_or_free(r, rc, err);
}

/* A hash of the resolved parameter values, so designs differing only by --set differ. */
static uint64_t sim_params_hash(const fc_rules *r)
{
    uint64_t h = 0;
    for (int i = 0; i < fc_rules_param_count(r); i++) { /* the game's, then the variant's */
        const fc_param_def *d = fc_rules_param_def(r, i);
        char buf[FC_PARAM_STR_MAX + 64];
        int len = snprintf(buf, sizeof buf, "%s=", d->name);
        fc_param_format(d, &fc_rules_values(r)[i], buf + len, sizeof buf - (size_t)len);
        h = fc_hash64(buf, strlen(buf), h);
    }
    return h;
}

/* --record-dir: game `index` saved as DIR/game-NNNNN.fcr (index + 1, at least 5 digits), with
 * the agent spec of each seat as its label. Runs on the worker threads: it reads only shared
 * immutable state and writes its own file (fc_record_save is atomic). */
static int sim_save_record(void *ud, int index, const fc_match *m, fc_error *err)
{
    const struct sim_records *r = ud;
    fc_record_seats seats;
    memset(&seats, 0, sizeof seats);
    for (int k = 0; k < r->s->nseats; k++)
        seats.agent[k] = r->s->spec[fc_sim_agent_at(&r->s->cfg, index, k)];
    char path[1100];
    snprintf(path, sizeof path, "%s/game-%05d.fcr", r->dir, index + 1);
    return fc_record_save(m, &seats, path, err);
}

static int sim_mkdir(const char *dir)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return cli_fail("sim: option --record-dir: %s: %s", dir, strerror(errno));
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return cli_fail("sim: option --record-dir: %s: not a directory", dir);
    return 0;
}

/* The text of a small file (a position), or NULL after printing the error. */
static char *sim_read_text(const char *path, const char *option)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        cli_fail("sim: option %s: %s: %s", option, path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    for (size_t got = 1; buf && got > 0;) {
        if (n + 1 == cap) {
            char *nb = cap < (1u << 24) ? realloc(buf, cap * 2) : NULL;
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        got = fread(buf + n, 1, cap - 1 - n, f);
        n += got;
    }
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        cli_fail("sim: option %s: %s: %s", option, path, bad ? "read error" : "too large (16 MiB at most)");
        return NULL;
    }
    buf[n] = '\0';
    if (strlen(buf) != n) {
        free(buf);
        cli_fail("sim: option %s: %s: a NUL byte (not a text file)", option, path);
        return NULL;
    }
    return buf;
}

static void sim_progress(void *ud, int done, int total)
{
    sim_cli *s = ud;
    (void)total;
    int k = s->done_before + done, width = 40, fill = s->total ? k * width / s->total : width;
    fprintf(stderr, "\rsim [%.*s%*s] %d/%d games", fill, "########################################", width - fill, "", k,
            s->total);
    fflush(stderr);
}

static double sim_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Values of a metric over the first n games of a design. */
double *sim_values(const sim_cli *s, const design *d, int n, fc_sim_metric metric, int arg)
{
    double *v = malloc((size_t)(n ? n : 1) * sizeof *v);
    for (int i = 0; v && i < n; i++)
        v[i] = fc_sim_value(&d->games[i], s->nseats, metric, arg);
    return v;
}

static int sim_play(sim_cli *s, design *d, int first, int count)
{
    fc_error err;
    fc_error_clear(&err);
    s->cfg.rules = d->rules;
    if (s->cfg.on_game)
        s->cfg.on_game_ud = &s->rec[d - s->d];
    double t0 = sim_now();
    /* a journal line belongs to one design: game, rule set, variant, seed, agents, limits */
    char text[2048];
    int len = snprintf(text, sizeof text, "%s|%s|%s|%016llx|%llu|%d|%ld", s->game, d == &s->d[0] ? "A" : "B",
                       d->variant_hash, (unsigned long long)d->params_hash, (unsigned long long)s->seed,
                       (int)s->cfg.fixed_seats, s->cfg.max_decisions);
    for (int k = 0; k < s->nseats && len > 0 && (size_t)len < sizeof text; k++)
        len += snprintf(text + len, sizeof text - (size_t)len, "|%s", s->spec[k]);
    if (s->position && len > 0 && (size_t)len < sizeof text) /* games from a position are other games */
        len += snprintf(text + len, sizeof text - (size_t)len, "|position %016llx",
                        (unsigned long long)fc_hash64(s->position, strlen(s->position), 0));
    if (s->cfg.opening > 0 && len > 0 && (size_t)len < sizeof text) /* so are games with random openings */
        snprintf(text + len, sizeof text - (size_t)len, "|opening %d", s->cfg.opening);
    uint64_t key = fc_hash64(text, strlen(text), 0);
    /* over MPI ranks; when recording, chunk by chunk, each chunk one transaction */
    int rc = 0, chunk = s->runs_chunk > 0 ? s->runs_chunk : count;
    for (int at = first; rc == 0 && at < first + count; at += chunk) {
        int n = first + count - at < chunk ? first + count - at : chunk;
        rc = cli_sim_run(&s->cfg, at, n, d->games + at, s->journal, key, &err);
        s->done_before += n;
        if (rc == 0)
            cli_runs_games(s->runs, d->label, d->games + at, n, s->nseats);
    }
    s->seconds += sim_now() - t0;
    if (rc != 0) {
        if (s->progress)
            fputc('\n', stderr);
        if (cli_mpi_rank() != 0)
            return CLI_EXIT_FAIL; /* rank 0 says it */
        return cli_fail("%s%s", s->ndesigns > 1 ? (d == &s->d[0] ? "A: " : "B: ") : "", err.msg);
    }
    return 0;
}

/* Plays every game, or looks of the sequential test until it stops. */
int sim_run_all(sim_cli *s, bool sequential)
{
    s->total = s->ngames * s->ndesigns;
    int looks = sequential ? s->looks : 1;
    for (int look = 1; look <= looks; look++) {
        int upto = (int)((long long)s->ngames * look / looks), first = s->played;
        for (int k = 0; k < s->ndesigns; k++)
            if (upto > first && sim_play(s, &s->d[k], first, upto - first) != 0)
                return CLI_EXIT_FAIL;
        s->played = upto;
        if (!sequential)
            continue;
        double *a = sim_values(s, &s->d[0], upto, s->seq_metric, s->seq_arg);
        double *b = sim_values(s, &s->d[1], upto, s->seq_metric, s->seq_arg);
        if (!a || !b) {
            free(a);
            free(b);
            return cli_fail("out of memory");
        }
        fc_stats_diff diff;
        fc_stats_paired(a, b, (size_t)upto, &diff);
        free(a);
        free(b);
        s->stopped_look = look;
        s->seq_result = fc_stats_sequential(diff.z, look, looks);
        if (s->seq_result != FC_SEQ_CONTINUE)
            break;
    }
    if (s->progress)
        fputc('\n', stderr);
    return 0;
}

/* ---- reports ---- */

/* The heading of a design's tables (what it is was said at the top: sim_print_compared). */
static void sim_design_line(FILE *f, const sim_cli *s, const design *d)
{
    if (s->ndesigns > 1)
        fprintf(f, "design %s (variant hash %s, params hash %016llx):\n", d->label, d->variant_hash,
                (unsigned long long)d->params_hash);
    else
        fprintf(f, "results (variant hash %s, params hash %016llx):\n", d->variant_hash,
                (unsigned long long)d->params_hash);
}

const fc_sim_metric sim_game_metrics[SIM_NGAME_METRICS] = {
    FC_SIM_DECISIONS, FC_SIM_ROUNDS, FC_SIM_BRANCHING, FC_SIM_DECISION_SHARE, FC_SIM_LEAD_CHANGES, FC_SIM_DRAMA,
    FC_SIM_MARGIN};

int sim_count(const sim_cli *s, const design *d, int what)
{
    int k = 0;
    for (int i = 0; i < s->played; i++) {
        const fc_sim_game *g = &d->games[i];
        k += what == 0 ? g->winners > 1 && g->winners < s->nseats : what == 1 ? g->winners == s->nseats : g->timeout;
    }
    return k;
}

double sim_sum(const sim_cli *s, const design *d, fc_sim_metric m, int arg)
{
    double sum = 0;
    for (int i = 0; i < s->played; i++)
        sum += fc_sim_value(&d->games[i], s->nseats, m, arg);
    return sum;
}

/* Agent k's CPU seconds per decision over the games timed in this run (--agent-cpu; games taken
 * from a --resume journal carry no times); *decisions: how many were timed. */
double sim_agent_cpu(const sim_cli *s, const design *d, int k, long *decisions)
{
    double cpu = 0;
    long n = 0;
    for (int i = 0; i < s->played; i++)
        for (int seat = 0; seat < s->nseats; seat++)
            if (d->games[i].agent_at[seat] == k) {
                cpu += d->games[i].cpu[seat];
                n += d->games[i].agent_decisions[seat];
            }
    *decisions = n;
    return n ? cpu / (double)n : 0;
}

static void sim_print_cpu(const sim_cli *s, const design *d)
{
    if (!s->cfg.agent_cpu)
        return;
    printf("  CPU per agent decision (its thread's CPU clock):");
    for (int k = 0; k < s->nseats; k++) {
        long n;
        double cpu = sim_agent_cpu(s, d, k, &n);
        printf("  %d: %.3f ms (%ld)", k + 1, cpu * 1e3, n);
    }
    printf("\n");
}

static void sim_print_design(const sim_cli *s, const design *d)
{
    int n = s->played;
    char c[10][64];
    sim_design_line(stdout, s, d);
    cli_table t;
    cli_table_init(&t, 9);
    cli_table_add(&t, "agent", "win share", "95% CI", "score", "sd", "q1", "median", "q3", "margin");
    for (int k = 0; k < s->nseats; k++) {
        fc_stats_summary sc, mg;
        double *v = sim_values(s, d, n, FC_SIM_SCORE, k), *w = sim_values(s, d, n, FC_SIM_AGENT_MARGIN, k);
        fc_stats_describe(v ? v : (double[1]){0}, v ? (size_t)n : 0, &sc);
        fc_stats_describe(w ? w : (double[1]){0}, w ? (size_t)n : 0, &mg);
        free(v);
        free(w);
        double wins = sim_sum(s, d, FC_SIM_WIN_SHARE, k), lo, hi;
        fc_stats_wilson(wins, n, FC_Z95, &lo, &hi);
        snprintf(c[0], sizeof c[0], "%d %.40s", k + 1, s->spec[k]);
        snprintf(c[1], sizeof c[1], "%.3f", n ? wins / n : 0);
        snprintf(c[2], sizeof c[2], "%.3f-%.3f", lo, hi);
        snprintf(c[3], sizeof c[3], "%.2f", sc.mean);
        snprintf(c[4], sizeof c[4], "%.2f", sc.sd);
        snprintf(c[5], sizeof c[5], "%.1f", sc.q1);
        snprintf(c[6], sizeof c[6], "%.1f", sc.median);
        snprintf(c[7], sizeof c[7], "%.1f", sc.q3);
        snprintf(c[8], sizeof c[8], "%+.2f", mg.mean);
        cli_table_add(&t, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]);
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
    sim_print_cpu(s, d);
    double smin = 1, smax = 0;
    printf("  seat win shares:");
    for (int seat = 0; seat < s->nseats; seat++) {
        double w = n ? sim_sum(s, d, FC_SIM_SEAT_WIN, seat) / n : 0, lo, hi;
        fc_stats_wilson(w * n, n, FC_Z95, &lo, &hi);
        smin = w < smin ? w : smin;
        smax = w > smax ? w : smax;
        printf("  %d: %.3f (%.3f-%.3f)", seat + 1, w, lo, hi);
    }
    double first = n ? sim_sum(s, d, FC_SIM_SEAT_WIN, 0) / n : 0;
    printf("\n  first-player advantage %+.3f   balance %.3f   shared wins %d   draws %d   timeouts %d\n",
           first - 1.0 / s->nseats, 1 - (smax - smin), sim_count(s, d, 0), sim_count(s, d, 1), sim_count(s, d, 2));
    cli_table_init(&t, 8);
    cli_table_add(&t, "metric", "mean", "sd", "min", "q1", "median", "q3", "max");
    for (int m = 0; m < SIM_NGAME_METRICS; m++) {
        fc_stats_summary sm;
        double *v = sim_values(s, d, n, sim_game_metrics[m], 0);
        fc_stats_describe(v ? v : (double[1]){0}, v ? (size_t)n : 0, &sm);
        free(v);
        double x[7] = {sm.mean, sm.sd, sm.min, sm.q1, sm.median, sm.q3, sm.max};
        for (int i = 0; i < 7; i++)
            snprintf(c[i], sizeof c[i], "%.3f", x[i]);
        cli_table_add(&t, fc_sim_metric_name(sim_game_metrics[m]), c[0], c[1], c[2], c[3], c[4], c[5], c[6]);
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
}


int sim_rows(const sim_cli *s, sim_row *rows)
{
    int n = 0;
    for (int k = 0; k < s->nseats; k++) {
        rows[n++] = (sim_row){FC_SIM_WIN_SHARE, k};
        rows[n++] = (sim_row){FC_SIM_SCORE, k};
    }
    rows[n++] = (sim_row){FC_SIM_SEAT_WIN, 0};
    for (int m = 0; m < SIM_NGAME_METRICS; m++)
        rows[n++] = (sim_row){sim_game_metrics[m], 0};
    rows[n++] = (sim_row){FC_SIM_SHARED, 0};
    rows[n++] = (sim_row){FC_SIM_TIMEOUT, 0};
    return n;
}

void sim_row_name(const sim_row *r, char *buf, size_t n)
{
    if (fc_sim_metric_arg(r->metric))
        snprintf(buf, n, "%s:%d", fc_sim_metric_name(r->metric), r->arg + 1);
    else
        snprintf(buf, n, "%s", fc_sim_metric_name(r->metric));
}

int sim_compare(const sim_cli *s, const sim_row *r, fc_stats_diff *out)
{
    double *a = sim_values(s, &s->d[0], s->played, r->metric, r->arg);
    double *b = sim_values(s, &s->d[1], s->played, r->metric, r->arg);
    if (a && b)
        fc_stats_paired(a, b, (size_t)s->played, out);
    free(a);
    free(b);
    return a && b ? 0 : -1;
}

int sim_comparison(const sim_cli *s, sim_row *rows, fc_stats_diff *diff, double *padj)
{
    int nrows = sim_rows(s, rows);
    double p[2 * FC_MAX_SEATS + 16];
    for (int i = 0; i < nrows; i++) {
        if (sim_compare(s, &rows[i], &diff[i]) != 0)
            return -1;
        p[i] = diff[i].p;
    }
    if (fc_stats_adjust(p, (size_t)nrows, s->correction, padj) != 0)
        return -1;
    return nrows;
}

static const char *sim_correction_text(fc_stats_correction c)
{
    return c == FC_CORRECT_HOLM ? "Holm (family-wise error rate)"
           : c == FC_CORRECT_BH ? "Benjamini-Hochberg (false discovery rate)"
                                : "none";
}

static void sim_print_ab(const sim_cli *s)
{
    sim_row rows[2 * FC_MAX_SEATS + 16];
    fc_stats_diff diff[2 * FC_MAX_SEATS + 16];
    double padj[2 * FC_MAX_SEATS + 16];
    int nrows = sim_comparison(s, rows, diff, padj);
    if (nrows < 0) {
        cli_fail("out of memory");
        return;
    }
    printf("A/B comparison over %d paired games (B - A, 95%% CI; p adjusted over the %d metrics: %s):\n", s->played,
           nrows, sim_correction_text(s->correction));
    cli_table t;
    cli_table_init(&t, 9);
    cli_table_add(&t, "metric", "A", "B", "B-A", "95% CI", "p", s->correction == FC_CORRECT_NONE ? "p" : "p adj",
                  "significant", "detectable");
    for (int i = 0; i < nrows; i++) {
        const fc_stats_diff *df = &diff[i];
        char name[48], c[7][48];
        sim_row_name(&rows[i], name, sizeof name);
        snprintf(c[0], sizeof c[0], "%.3f", df->mean_a);
        snprintf(c[1], sizeof c[1], "%.3f", df->mean_b);
        snprintf(c[2], sizeof c[2], "%+.3f", df->diff);
        snprintf(c[3], sizeof c[3], "%+.3f..%+.3f", df->lo, df->hi);
        snprintf(c[4], sizeof c[4], "%.4f", df->p);
        snprintf(c[5], sizeof c[5], "%.4f", padj[i]);
        double mde = sim_row_mde(df);
        snprintf(c[6], sizeof c[6], isnan(mde) ? "n/a" : "%.3f", mde);
        cli_table_add(&t, name, c[0], c[1], c[2], c[3], c[4], c[5], padj[i] < SIM_ALPHA ? "yes" : "no", c[6]);
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
    printf("  significant: adjusted p < %.2f (correction %s; --correction holm|bh|none)\n", SIM_ALPHA,
           fc_stats_correction_name(s->correction));
    printf("  detectable: the smallest true difference %d pairs detect with 80%% power at 95%% confidence, from the "
           "sd of B - A measured here (n/a: no variation)\n",
           s->played);
    if (s->stopped_look) {
        char name[48];
        sim_row r = {(fc_sim_metric)s->seq_metric, s->seq_arg};
        sim_row_name(&r, name, sizeof name);
        printf("sequential test on %s (Haybittle-Peto, %d looks): %s at look %d after %d games\n", name, s->looks,
               s->seq_result == FC_SEQ_SIGNIFICANT ? "significant" : "not significant", s->stopped_look, s->played);
    }
}

/* ---- files ---- */

int sim_metric_parse(const sim_cli *s, const char *text, const char *option, int *metric, int *metric_arg)
{
    char name[48];
    int arg = 1;
    const char *colon = strchr(text, ':');
    size_t len = colon ? (size_t)(colon - text) : strlen(text);
    snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), text);
    for (int m = 0; m < FC_SIM_NMETRICS; m++) {
        if (strcmp(fc_sim_metric_name((fc_sim_metric)m), name) != 0)
            continue;
        if (colon && (!fc_sim_metric_arg((fc_sim_metric)m) || !cli_parse_int(colon + 1, 1, s->nseats, &arg)))
            return cli_usage("sim: option %s: bad argument in '%s' (agent or seat 1..%d)", option, text, s->nseats);
        *metric = m;
        *metric_arg = arg - 1;
        return 0;
    }
    return cli_usage("sim: option %s: unknown metric '%s' (win_share:K, score:K, agent_margin:K, seat_win:S, "
                     "decisions, rounds, branching, decision_share, lead_changes, drama, margin, shared_win, timeout)",
                     option, name);
}

/* --correction, --position and --record-dir (after the designs exist). */
static int sim_setup_extras(sim_cli *s, cli *c)
{
    const char *corr = cli_opt(c, "--correction");
    int k = corr ? fc_stats_correction_parse(corr) : FC_CORRECT_HOLM;
    if (k < 0)
        return cli_usage("sim: option --correction: unknown correction '%s' (holm, bh, none)", corr);
    s->correction = (fc_stats_correction)k;
    const char *pos = cli_opt(c, "--position");
    if (pos) {
        if (!(s->position = sim_read_text(pos, "--position")))
            return CLI_EXIT_FAIL;
        s->cfg.position = s->position;
        fc_error err;
        fc_error_clear(&err);
        for (int i = 0; i < s->ndesigns; i++) {
            s->cfg.rules = s->d[i].rules;
            if (fc_sim_check(&s->cfg, &err) != 0)
                return cli_fail("sim: option --position: %s: %s", pos, err.msg);
        }
    }
    const char *dir = cli_opt(c, "--record-dir");
    if (!dir)
        return 0;
    if (!dir[0] || strlen(dir) > 900)
        return cli_usage("sim: option --record-dir: '%s' is not a usable directory name", dir);
    if (cli_mpi_rank() == 0 && sim_mkdir(dir) != 0)
        return CLI_EXIT_FAIL;
    for (int i = 0; i < s->ndesigns; i++) {
        s->rec[i].s = s;
        if (s->ndesigns > 1)
            snprintf(s->rec[i].dir, sizeof s->rec[i].dir, "%s/%s", dir, s->d[i].label);
        else
            snprintf(s->rec[i].dir, sizeof s->rec[i].dir, "%s", dir);
        if (cli_mpi_rank() == 0 && s->ndesigns > 1 && sim_mkdir(s->rec[i].dir) != 0)
            return CLI_EXIT_FAIL;
    }
    s->cfg.on_game = sim_save_record;
    return 0;
}

/* restrict= (or --restrict) names kinds of the game: a bad name is a usage error, before any game. */
static int sim_check_restrict(const sim_cli *s)
{
    for (int i = 0; i < s->nseats; i++) {
        if (!fc_agent_spec_restricted(s->spec[i]))
            continue;
        fc_error err;
        fc_error_clear(&err);
        fc_agent *a = fc_agent_new(s->spec[i], 0, &err);
        int rc = a ? fc_agent_check_rules(a, s->d[0].rules, &err) : FC_EINVAL;
        fc_agent_free(a);
        if (rc < 0)
            return cli_usage("sim: agent %d: %s", i + 1, err.msg);
    }
    return 0;
}

static int sim_setup(sim_cli *s, cli *c, fc_context *ctx)
{
    fc_error err;
    fc_error_clear(&err);
    const fc_plugin *pl = fc_context_find(ctx, c->pos[0], &err);
    if (!pl)
        return cli_fail("%s", err.msg);
    s->game = pl->id;
    const char *seats = cli_opt(c, "--seats");
    int rc = 0;
    if (seats && (rc = sim_parse_seats(seats, s->spec, &s->nseats)) != 0)
        return rc;
    if (!seats) {
        s->nseats = pl->min_seats;
        for (int i = 0; i < s->nseats; i++)
            snprintf(s->spec[i], SIM_SPEC_MAX, "random");
    }
    for (int i = 0; i < s->nseats; i++) {
        char resolved[SIM_SPEC_MAX], given[SIM_SPEC_MAX];
        snprintf(given, sizeof given, "%s", s->spec[i]);
        if (cli_agent_spec(pl->id, s->spec[i], resolved, sizeof resolved, &err) < 0)
            return cli_usage("sim: option --seats: seat %d: %s", i + 1, err.msg);
        snprintf(s->spec[i], SIM_SPEC_MAX, "%s", resolved);
        if (i == 0 && cli_opt(c, "--restrict") &&
            fc_agent_spec_restrict(resolved, cli_opt(c, "--restrict"), s->spec[i], SIM_SPEC_MAX, &err) < 0)
            return cli_usage("sim: option --restrict: %s", err.msg);
        fc_agent *a = fc_agent_new(s->spec[i], 0, &err);
        if (!a)
            return cli_usage("sim: option --seats: seat %d: %s", i + 1, err.msg);
        snprintf(s->spec[i], SIM_SPEC_MAX, "%s", fc_agent_spec(a));
        fc_agent_free(a);
        s->cfg.agents[i] = s->spec[i];
        cli_seat_from(pl->id, given, s->spec[i], &s->seat[i]);
    }
    s->cfg.nagents = s->nseats;
    s->seq_metric = FC_SIM_SEAT_WIN;
    const char *metric = cli_opt(c, "--metric");
    if (metric && (rc = sim_metric_parse(s, metric, "--metric", &s->seq_metric, &s->seq_arg)) != 0)
        return rc;
    if (!(s->d[0].rules = cli_rules(c, ctx, pl->id, s->nseats)))
        return CLI_EXIT_FAIL;
    if ((rc = sim_check_restrict(s)) != 0)
        return rc;
    s->d[0].label = "A";
    s->ndesigns = 1;
    if (cli_opt(c, "--against-rules") || cli_opt(c, "--against-variant") || cli_opt_count(c, "--against-set")) {
        if (!(s->d[1].rules = sim_rules_b(c, ctx, pl->id, s->nseats, &err)))
            return cli_fail("B: %s", err.msg[0] ? err.msg : "cannot build the rule set");
        s->d[1].label = "B";
        s->ndesigns = 2;
    } else if (cli_flag(c, "--until-significant") || cli_opt(c, "--compare-csv") || cli_opt(c, "--correction")) {
        return cli_usage("sim: %s needs --against-rules, --against-variant or --against-set",
                         cli_flag(c, "--until-significant") ? "--until-significant"
                         : cli_opt(c, "--compare-csv")      ? "--compare-csv"
                                                            : "--correction");
    }
    if (cli_mpi_rank() == 0) { /* a rule set tuned with other agents: one warning line */
        cli_warn_tuned(s->d[0].rules, s->cfg.agents, s->nseats);
        if (s->ndesigns > 1 && cli_opt(c, "--against-rules"))
            cli_warn_tuned(s->d[1].rules, s->cfg.agents, s->nseats);
    }
    if ((rc = sim_plan_setup(s, c)) != 0)
        return rc;
    for (int k = 0; k < s->ndesigns; k++) {
        design *d = &s->d[k];
        d->params_hash = sim_params_hash(d->rules);
        snprintf(d->variant_hash, sizeof d->variant_hash, "%016llx",
                 (unsigned long long)fc_rules_variant_hash(d->rules));
        if (!(d->games = calloc((size_t)s->ngames, sizeof *d->games)))
            return cli_fail("out of memory");
    }
    return sim_setup_extras(s, c);
}

/* The report on standard output (unless the JSON goes there). */
static void sim_report(sim_cli *s)
{
    printf("sim %s: %d seats, %d games%s, seed %llu, %d thread%s, %s seats: %.2f s (%.1f games/s)\n", s->game,
           s->nseats, s->played, s->ndesigns > 1 ? " per design" : "", (unsigned long long)s->seed, s->threads,
           s->threads > 1 ? "s" : "", s->cfg.fixed_seats ? "fixed" : "rotating", s->seconds,
           s->seconds > 0 ? s->played * s->ndesigns / s->seconds : 0);
    if (s->cfg.opening > 0)
        printf("openings: the first %d decisions of every game are random, drawn from the game's seed (B plays the same)\n",
               s->cfg.opening);
    sim_print_compared(s, stdout, "");
    if (s->nplan && !s->plan_run) { /* the pilot alone: the plan is the report */
        sim_plan_print(s, stdout);
        return;
    }
    for (int k = 0; k < s->ndesigns; k++)
        sim_print_design(s, &s->d[k]);
    if (s->ndesigns > 1)
        sim_print_ab(s);
    else
        sim_detect_print(s, stdout);
    if (s->nplan)
        sim_plan_print(s, stdout);
}

/* --csv, --json, --svg, --html and --compare-csv, stopping at the first that fails. */
static int sim_write_files(const sim_cli *s, const cli *c)
{
    const char *csv = cli_opt(c, "--csv"), *json = cli_opt(c, "--json"), *svg = cli_opt(c, "--svg");
    const char *html = cli_opt(c, "--html"), *ccsv = cli_opt(c, "--compare-csv");
    if ((csv && sim_write_csv(s, csv) != 0) || (json && sim_write_json(s, json) != 0) ||
        (svg && sim_write_svg(s, svg) != 0) || (html && sim_write_html(s, html) != 0) ||
        (ccsv && sim_write_comparison_csv(s, ccsv) != 0))
        return CLI_EXIT_FAIL;
    return CLI_EXIT_OK;
}

int cli_cmd_sim(cli *c)
{
    sim_cli *s = calloc(1, sizeof *s);
    if (!s)
        return cli_fail("out of memory");
    int rc = CLI_EXIT_OK, maxdec = 0;
    if (cli_mpi_begin() != 0) {
        free(s);
        cli_mpi_end();
        return CLI_EXIT_FAIL;
    }
    if (!cli_opt_int(c, "--games", 1, 10000000, 100, &s->ngames) || !cli_opt_int(c, "--threads", 1, 256, 1, &s->threads) ||
        !cli_opt_u64(c, "--seed", 1, &s->seed) || !cli_opt_int(c, "--max-decisions", 1, 1000000000, 0, &maxdec) ||
        !cli_opt_int(c, "--looks", 1, 1000, 10, &s->looks) || !cli_opt_int(c, "--opening", 0, 10000, 0, &s->cfg.opening)) {
        free(s);
        cli_mpi_end();
        return CLI_EXIT_USAGE;
    }
    fc_context *ctx = cli_context(c, NULL, 0);
    if (cli_mpi_agree(ctx ? 0 : CLI_EXIT_FAIL) != 0) {
        fc_context_free(ctx);
        free(s);
        cli_mpi_end();
        return CLI_EXIT_FAIL;
    }
    s->cfg.seed = s->seed;
    s->cfg.threads = s->threads;
    s->cfg.fixed_seats = cli_flag(c, "--fixed-seats");
    s->cfg.agent_cpu = cli_flag(c, "--agent-cpu");
    s->cfg.max_decisions = maxdec;
    s->progress = cli_mpi_rank() == 0 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
    if (s->progress) {
        s->cfg.progress = sim_progress;
        s->cfg.progress_ud = s;
    }
    if ((rc = cli_mpi_agree(sim_setup(s, c, ctx))) != 0)
        goto out;
    if (cli_opt(c, "--resume") && cli_mpi_rank() == 0 && !(s->journal = cli_journal_open(cli_opt(c, "--resume"))))
        rc = CLI_EXIT_FAIL;
    if ((rc = cli_mpi_agree(rc)) != 0)
        goto out;
    sim_runs_begin(s, c);
    if ((rc = s->nplan ? sim_plan_play(s) : sim_run_all(s, cli_flag(c, "--until-significant"))) != 0)
        goto out;
    if (cli_mpi_rank() != 0)
        goto out; /* every rank holds every result; rank 0 alone reports and writes files */
    if (!cli_opt(c, "--json") || strcmp(cli_opt(c, "--json"), "-") != 0)
        sim_report(s);
    rc = sim_write_files(s, c);
out:
    sim_runs_end(s, rc == 0);
    for (int k = 0; k < 2; k++) {
        fc_rules_free(s->d[k].rules);
        free(s->d[k].games);
    }
    cli_journal_close(s->journal);
    free(s->position);
    free(s);
    fc_context_free(ctx);
    cli_mpi_end();
    return rc;
}
