/* `formicary luck GAME`: the share of the outcome's variance each source of chance explains, for
 * a weak and a strong agent (core/include/formicary/luck.h; method in docs/metrics.md, "Luck by
 * source"). This file parses the command line and prints the table, CSV, JSON and HTML. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "html.h"
#include "sim_mpi.h"
#include "study.h"
#include "formicary/luck.h"

const cli_optdef cli_opts_luck[] = {
    {"--weak", "SPEC", false, "the weaker agent, in every seat (default greedy; a tier name works)"},
    {"--strong", "SPEC", false, "the stronger agent, in every seat (default mcts:iters=200)"},
    {"--players", "N", false, "seats (default: the game's fewest)"},
    {"--groups", "N", false, "groups of games per strength (default 40); more narrow the intervals"},
    {"--reps", "N", false,
     "games per source and kind in a group, the base game included (default 2; 3 or more steady the first-order "
     "shares)"},
    {"--boot", "N", false, "bootstrap resamples for the intervals (default 1000)"},
    {"--threads", "K", false, "worker threads (default 1); results do not depend on K"},
    {"--seed", "S", false, "base seed (default 1)"},
    {"--max-decisions", "N", false, "decisions before a game counts as a timeout (default 100000)"},
    {"--rules", "F.ini|NAME", false, "rule set: a file, or a shipped one by name (config/GAME/NAME.ini)"},
    {"--variant", "F.lua", false, "Lua variant"},
    {"--set", "KEY=VALUE", true, "override one parameter"},
    {"--csv", "F", false, "write one row per strength, outcome and source to F ('-': stdout)"},
    {"--json", "F", false, "write the study as JSON to F ('-' for stdout instead of the table)"},
    {"--html", "F", false, "write a report page with both shares of each source per strength to F"},
    {"--progress", NULL, false, "show the progress line even when stderr is not a terminal"},
    CLI_RUNS_DB_OPTS,
    {NULL, NULL, false, NULL},
};

static const char *const luck_outcome_text[FC_LUCK_NMETRICS] = {"winner (seat 1)", "score margin (seat 1)"};

typedef struct luck_cli {
    const char *game;
    int nseats;
    char spec[2][FC_LUCK_SPEC_MAX];
    cli_seat seat[2];
    fc_luck_config cfg;
    fc_luck_result res;
    fc_rules *rules;
} luck_cli;

static void luck_progress(void *ud, long done, long total)
{
    (void)ud;
    fprintf(stderr, "\rluck: %ld/%ld games", done, total);
    fflush(stderr);
}

static void luck_num(char *buf, size_t n, double v)
{
    if (!isfinite(v))
        snprintf(buf, n, "n/a");
    else
        snprintf(buf, n, "%.3f", v);
}

/* "0.412 [0.301, 0.530]" */
static void luck_share_text(char *buf, size_t n, const fc_luck_share *s)
{
    char v[24], lo[24], hi[24];
    luck_num(v, sizeof v, s->value);
    luck_num(lo, sizeof lo, s->lo);
    luck_num(hi, sizeof hi, s->hi);
    if (isfinite(s->value))
        snprintf(buf, n, "%s [%s, %s]", v, lo, hi);
    else
        snprintf(buf, n, "n/a");
}

/* Strength s's share of factor f (f == nfactors: the sum) of kind `first` for outcome m; the
 * difference strong - weak when s == 2 (NULL for the sum). */
static const fc_luck_share *luck_get(const fc_luck_result *r, int s, bool first, int f, int m)
{
    bool sum = f == r->nfactors;
    if (s == 2)
        return sum ? NULL : first ? &r->first_diff[f][m] : &r->diff[f][m];
    const fc_luck_strength *st = &r->strength[s];
    if (sum)
        return first ? &st->first_sum[m] : &st->sum[m];
    return first ? &st->first[f][m] : &st->share[f][m];
}

/* One table of the terminal report: the total-effect shares or the first-order ones. */
static void luck_print_table(const fc_luck_result *r, bool first)
{
    cli_table t;
    cli_table_init(&t, 6);
    cli_table_add(&t, "outcome", "source", "weak", "strong", "strong - weak", "");
    for (int m = 0; m < FC_LUCK_NMETRICS; m++) {
        for (int f = 0; f <= r->nfactors; f++) {
            char cell[3][80] = {"", "", ""};
            bool sum = f == r->nfactors;
            for (int s = 0; s < 3; s++)
                if (luck_get(r, s, first, f, m))
                    luck_share_text(cell[s], sizeof cell[s], luck_get(r, s, first, f, m));
            cli_table_add(&t, f == 0 ? fc_luck_metric_name(m) : "", sum ? "(sum)" : r->factor[f], cell[0], cell[1],
                          cell[2], !sum && f == r->setup ? "(init)" : "");
        }
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
}

static void luck_print(const luck_cli *k)
{
    const fc_luck_result *r = &k->res;
    char text[4096];
    printf("luck %s: %d players, %d source%s + agents, %d groups x %d games per strength (%d reps), seed %llu\n",
           k->game, k->nseats, r->nfactors - 1, r->nfactors == 2 ? "" : "s", r->groups, fc_luck_games_per_group(r->nfactors, r->reps), r->reps,
           (unsigned long long)k->cfg.seed);
    cli_rules_text(k->rules, text, sizeof text);
    printf("rules: %s\n", text);
    for (int s = 0; s < 2; s++) {
        cli_seat_text(&k->seat[s], text, sizeof text);
        printf("%s: %s in every seat; %ld games in %.1f s%s\n", s ? "strong" : "weak", text, r->strength[s].games,
               r->strength[s].seconds, r->strength[s].timeouts ? " (some timed out: win 0)" : "");
    }
    printf("share of the outcome's variance each source explains (its total effect: vary it alone), 95%% bootstrap "
           "intervals:\n");
    luck_print_table(r, false);
    printf("first-order share (fix the source, vary the rest: what it explains without its interactions):\n");
    luck_print_table(r, true);
    for (int m = 0; m < FC_LUCK_NMETRICS; m++) {
        char mw[24], ms[24], vw[24], vs[24];
        luck_num(mw, sizeof mw, r->strength[0].mean[m]);
        luck_num(ms, sizeof ms, r->strength[1].mean[m]);
        luck_num(vw, sizeof vw, r->strength[0].var[m]);
        luck_num(vs, sizeof vs, r->strength[1].var[m]);
        printf("%s: mean %s / %s, variance %s / %s (weak / strong)\n", luck_outcome_text[m], mw, ms, vw, vs);
    }
    printf("total above first-order: the source acts through interactions (a total sum above 1, a first-order sum "
           "below 1); agents: the agents' own randomness; %ld games in %.1f s\n",
           r->games, r->seconds);
}

static void luck_csv(FILE *f, const luck_cli *k)
{
    const fc_luck_result *r = &k->res;
    cli_csv_comment(f, "formicary luck %s, seed %llu, %d groups, %d reps, %d players", k->game,
                    (unsigned long long)k->cfg.seed, r->groups, r->reps, k->nseats);
    fputs("strength,agent,outcome,source,share,lo,hi,first,first_lo,first_hi\n", f);
    for (int s = 0; s < 2; s++)
        for (int m = 0; m < FC_LUCK_NMETRICS; m++)
            for (int fct = 0; fct <= r->nfactors; fct++) {
                char v[6][24];
                for (int q = 0; q < 2; q++) {
                    const fc_luck_share *x = luck_get(r, s, q == 1, fct, m);
                    luck_num(v[3 * q], sizeof v[0], x->value);
                    luck_num(v[3 * q + 1], sizeof v[0], x->lo);
                    luck_num(v[3 * q + 2], sizeof v[0], x->hi);
                }
                fprintf(f, "%s,\"%s\",%s,%s,%s,%s,%s,%s,%s,%s\n", s ? "strong" : "weak", r->strength[s].spec,
                        fc_luck_metric_name(m), fct == r->nfactors ? "sum" : r->factor[fct], v[0], v[1], v[2], v[3],
                        v[4], v[5]);
            }
}

static int luck_write_csv(const luck_cli *k, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    if (!o)
        return CLI_EXIT_FAIL;
    luck_csv(fc_outfile_stream(o), k);
    return cli_finish_output(o);
}

static void luck_json_share(cli_json *j, const char *key, const fc_luck_share *s)
{
    cli_json_key(j, key);
    cli_json_obj(j);
    const char *nk[3] = {"value", "lo", "hi"};
    double nv[3] = {s->value, s->lo, s->hi};
    for (int i = 0; i < 3; i++) {
        cli_json_key(j, nk[i]);
        isfinite(nv[i]) ? cli_json_num(j, nv[i]) : cli_json_null(j);
    }
    cli_json_end_obj(j);
}

static void luck_json_strength(cli_json *j, const luck_cli *k, int s)
{
    const fc_luck_result *r = &k->res;
    const fc_luck_strength *st = &r->strength[s];
    cli_json_obj(j);
    cli_json_key(j, "strength");
    cli_json_str(j, s ? "strong" : "weak");
    cli_seat_json_members(j, &k->seat[s]);
    cli_json_key(j, "games");
    cli_json_int(j, st->games);
    cli_json_key(j, "timeouts");
    cli_json_int(j, st->timeouts);
    for (int m = 0; m < FC_LUCK_NMETRICS; m++) {
        cli_json_key(j, fc_luck_metric_name(m));
        cli_json_obj(j);
        cli_json_key(j, "mean");
        cli_json_num(j, st->mean[m]);
        cli_json_key(j, "variance");
        cli_json_num(j, st->var[m]);
        for (int q = 0; q < 2; q++) { /* total effect, then first order */
            cli_json_key(j, q ? "first_order" : "shares");
            cli_json_obj(j);
            for (int f = 0; f < r->nfactors; f++)
                luck_json_share(j, r->factor[f], luck_get(r, s, q, f, m));
            cli_json_end_obj(j);
            luck_json_share(j, q ? "first_order_sum" : "sum", luck_get(r, s, q, r->nfactors, m));
            if (s == 1) {
                cli_json_key(j, q ? "strong_minus_weak_first_order" : "strong_minus_weak");
                cli_json_obj(j);
                for (int f = 0; f < r->nfactors; f++)
                    luck_json_share(j, r->factor[f], luck_get(r, 2, q, f, m));
                cli_json_end_obj(j);
            }
        }
        cli_json_end_obj(j);
    }
    cli_json_end_obj(j);
}

static int luck_write_json(const luck_cli *k, const char *path)
{
    const fc_luck_result *r = &k->res;
    cli_json j;
    fc_outfile *o = cli_json_report_begin(path, &j, k->game);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    cli_json_key(&j, "seed");
    cli_json_int(&j, (long long)k->cfg.seed);
    const char *ik[6] = {"players", "threads", "groups", "reps", "boot", "games"};
    long iv[6] = {k->nseats, k->cfg.threads, r->groups, r->reps, r->boot, r->games};
    for (int i = 0; i < 6; i++) {
        cli_json_key(&j, ik[i]);
        cli_json_int(&j, iv[i]);
    }
    cli_json_key(&j, "seconds");
    cli_json_num(&j, r->seconds);
    cli_rules_json(&j, "rule_set", k->rules);
    cli_json_key(&j, "sources");
    cli_json_arr(&j);
    for (int i = 0; i + 1 < r->nfactors; i++)
        cli_json_str(&j, r->factor[i]);
    cli_json_end_arr(&j);
    cli_json_key(&j, "setup_source");
    cli_json_str(&j, r->factor[r->setup]);
    cli_json_key(&j, "strengths");
    cli_json_arr(&j);
    for (int s = 0; s < 2; s++)
        luck_json_strength(&j, k, s);
    cli_json_end_arr(&j);
    cli_json_end_obj(&j);
    fputc('\n', f);
    return cli_finish_output(o);
}

/* The table of one outcome on the page: a row per source, the first-order and total shares of
 * weak and strong and their differences. */
static void luck_html_table(cli_html *h, const fc_luck_result *r, int m)
{
    enum { COLS = 7 };
    int rows = r->nfactors + 2;
    const char **cells = calloc((size_t)rows * COLS, sizeof *cells);
    char(*buf)[COLS - 1][80] = calloc((size_t)rows, sizeof *buf);
    if (!cells || !buf) {
        free(cells);
        free(buf);
        return;
    }
    const char *head[COLS] = {"source", "first-order, weak", "total, weak", "first-order, strong", "total, strong",
                              "strong - weak, first-order", "strong - weak, total"};
    memcpy(cells, head, sizeof head);
    for (int f = 0; f <= r->nfactors; f++) {
        cells[(f + 1) * COLS] = f == r->nfactors ? "(sum)" : r->factor[f];
        for (int c = 0; c < COLS - 1; c++) {
            const fc_luck_share *v = luck_get(r, c / 2, c % 2 == 0, f, m);
            if (v)
                luck_share_text(buf[f][c], 80, v);
            cells[(f + 1) * COLS + 1 + c] = buf[f][c];
        }
    }
    cli_html_table(h, COLS, rows, cells);
    free(cells);
    free(buf);
}

/* One chart per strength: each outcome's sources, the first-order share and the total share
 * with their intervals, side by side. */
static void luck_html_chart(cli_html *h, const fc_luck_result *r, int st)
{
    cli_html_est e[FC_LUCK_NMETRICS * FC_LUCK_MAX_FACTORS * 2];
    char label[FC_LUCK_NMETRICS * FC_LUCK_MAX_FACTORS * 2][64], title[400];
    int group[FC_LUCK_NMETRICS * FC_LUCK_MAX_FACTORS * 2], n = 0;
    static const char *const kinds[2] = {"first-order (fix it, vary the rest)", "total effect (vary it alone)"};
    for (int m = 0; m < FC_LUCK_NMETRICS; m++)
        for (int f = 0; f < r->nfactors; f++)
            for (int q = 0; q < 2; q++) {
                const fc_luck_share *v = luck_get(r, st, q == 0, f, m);
                snprintf(label[n], sizeof label[n], "%s, %s: %s", fc_luck_metric_name(m), r->factor[f],
                         q ? "total" : "first-order");
                e[n] = (cli_html_est){label[n], v->value, v->lo, v->hi};
                group[n++] = q;
            }
    snprintf(title, sizeof title, "%s agent (%s): each source's first-order and total share of the variance",
             st ? "Strong" : "Weak", r->strength[st].spec);
    cli_html_intervals_grouped(h, title, "share of Var(Y)", e, n, 0, group, kinds, 2);
}

static int luck_write_html(const luck_cli *k, const char *path)
{
    const fc_luck_result *r = &k->res;
    char title[160], text[4096], w[512], s[512];
    snprintf(title, sizeof title, "formicary luck: %s", k->game);
    cli_html *h = cli_html_begin(path, title);
    if (!h)
        return CLI_EXIT_FAIL;
    cli_html_heading(h, "Luck by source");
    cli_rules_text(k->rules, text, sizeof text);
    cli_seat_text(&k->seat[0], w, sizeof w);
    cli_seat_text(&k->seat[1], s, sizeof s);
    cli_html_text(h, "%d players, %d groups of %d games per strength (%d reps per source and kind), seed %llu; %ld games "
                     "in %.1f s. Rules: %s. Weak: %s; strong: %s (every seat).",
                  k->nseats, r->groups, fc_luck_games_per_group(r->nfactors, r->reps), r->reps,
                  (unsigned long long)k->cfg.seed, r->games, r->seconds, text, w, s);
    cli_html_text(h, "Two shares of the outcome's variance per source. The total effect: the variance left when only "
                     "that source changes (every other source and the agents' seeds fixed), interactions included, "
                     "so the total shares add up to more than 1 when sources interact. The first-order share: the "
                     "variance of the mean outcome over the source's draws when everything else varies, without "
                     "interactions, so those add up to at most 1. A small first-order share under a large total "
                     "one: the source matters through its interactions. 95%% bootstrap intervals over groups. "
                     "docs/metrics.md, \"Luck by source\".");
    for (int st = 0; st < 2; st++)
        luck_html_chart(h, r, st);
    for (int m = 0; m < FC_LUCK_NMETRICS; m++) {
        cli_html_heading(h, luck_outcome_text[m]);
        luck_html_table(h, r, m);
    }
    return cli_html_end(h);
}

static int luck_agent(const luck_cli *k, const char *given, int i, luck_cli *out)
{
    fc_error err;
    fc_error_clear(&err);
    if (cli_agent_spec(k->game, given, out->spec[i], sizeof out->spec[i], &err) < 0)
        return cli_usage("luck: %s: %s", i ? "--strong" : "--weak", err.msg);
    cli_seat_from(k->game, given, out->spec[i], &out->seat[i]);
    out->cfg.spec[i] = out->spec[i];
    return 0;
}

static int luck_options(const cli *c, luck_cli *k, fc_context *ctx)
{
    fc_error err;
    fc_error_clear(&err);
    const fc_plugin *p = fc_context_find(ctx, k->game, &err);
    if (!p)
        return cli_usage("%s", err.msg);
    int md = 0;
    fc_luck_config *cfg = &k->cfg;
    if (!cli_opt_int(c, "--players", p->min_seats, p->max_seats, p->min_seats, &k->nseats) ||
        !cli_opt_int(c, "--groups", 2, 1000000, FC_LUCK_GROUPS_DEFAULT, &cfg->groups) ||
        !cli_opt_int(c, "--reps", 2, 16, FC_LUCK_REPS_DEFAULT, &cfg->reps) ||
        !cli_opt_int(c, "--boot", 10, 100000, FC_LUCK_BOOT_DEFAULT, &cfg->boot) ||
        !cli_opt_int(c, "--threads", 1, 1024, 1, &cfg->threads) || !cli_opt_u64(c, "--seed", 1, &cfg->seed) ||
        !cli_opt_int(c, "--max-decisions", 1, 100000000, 0, &md))
        return CLI_EXIT_USAGE;
    cfg->max_decisions = md;
    const char *outs[3] = {cli_opt(c, "--csv"), cli_opt(c, "--json"), cli_opt(c, "--html")};
    int stdout_uses = 0;
    for (int i = 0; i < 3; i++)
        stdout_uses += outs[i] && strcmp(outs[i], "-") == 0;
    if (stdout_uses > 1)
        return cli_usage("luck: only one of --csv, --json and --html may go to standard output");
    const char *weak = cli_opt(c, "--weak"), *strong = cli_opt(c, "--strong");
    if (luck_agent(k, weak ? weak : FC_LUCK_WEAK_DEFAULT, 0, k) != 0 ||
        luck_agent(k, strong ? strong : FC_LUCK_STRONG_DEFAULT, 1, k) != 0)
        return CLI_EXIT_USAGE;
    if (!(k->rules = cli_rules(c, ctx, k->game, k->nseats)))
        return CLI_EXIT_USAGE;
    cfg->rules = k->rules;
    return 0;
}

/* The run in the runs database (docs/runs.md): the rules, the weak agent as seat 1 and the
 * strong one as seat 2 (every seat of a strength plays it), then each share with its interval. */
static cli_runs *luck_record_begin(const cli *c, const luck_cli *k)
{
    long planned = 0; /* the game count depends on the sources: written at the end */
    cli_runs *runs = cli_runs_begin(c, "luck", k->game, k->nseats, k->cfg.seed, k->cfg.threads, planned);
    char text[8192];
    cli_rules_text(k->rules, text, sizeof text);
    cli_runs_design(runs, "A", k->rules, text);
    for (int s = 0; runs && s < 2; s++)
        cli_runs_seat(runs, s + 1, k->spec[s], k->seat[s].tier[0] ? k->seat[s].tier : NULL);
    return runs;
}

static void luck_record_end(cli_runs *runs, const luck_cli *k, bool complete)
{
    const fc_luck_result *r = &k->res;
    for (int s = 0; runs && complete && s < 2; s++)
        for (int m = 0; m < FC_LUCK_NMETRICS; m++)
            for (int f = 0; f < r->nfactors; f++)
                for (int q = 0; q < 2; q++) { /* share: the total effect, first: the first order */
                    const fc_luck_share *v = luck_get(r, s, q == 1, f, m);
                    char name[96], text[320];
                    snprintf(name, sizeof name, "%s:%s:%s:%s", q ? "first" : "share", s ? "strong" : "weak",
                             fc_luck_metric_name(m), r->factor[f]);
                    snprintf(text, sizeof text, "%s, %s, %s", r->strength[s].spec, luck_outcome_text[m],
                             q ? "first-order share" : "total-effect share");
                    cli_runs_metric(runs, "", name, v->value, v->lo, v->hi, NAN, text);
                }
    cli_runs_end(runs, complete, complete ? r->games : 0);
}

static int luck_main(cli *c, luck_cli *k, fc_context *ctx)
{
    int rc = cli_mpi_agree(luck_options(c, k, ctx));
    if (rc != 0)
        return rc; /* printed */
    if (cli_mpi_size() > 1) /* under mpirun: every rank runs the study, the games are spread */
        k->cfg.play = cli_mpi_play;
    bool progress = cli_mpi_rank() == 0 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
    if (progress)
        k->cfg.progress = luck_progress;
    fc_error err;
    fc_error_clear(&err);
    const char *names[FC_CHANCE_SOURCES_MAX];
    int setup, n = fc_rules_chance_sources(k->rules, names, &setup, &err);
    if (n == 0) /* before the database: a refusal is not a run */
        return cli_usage("luck: %s has no chance: every seed plays the same game", k->game);
    cli_runs *runs = n > 0 ? luck_record_begin(c, k) : NULL;
    rc = n < 0 ? err.code : fc_luck_run(&k->cfg, &k->res, &err);
    luck_record_end(runs, k, rc == 0);
    if (progress)
        fputc('\n', stderr);
    /* under mpirun rank 0 alone reports and gives the exit status: another rank's non-zero exit
     * would make mpirun end the job, maybe before rank 0 has written */
    if (cli_mpi_rank() != 0)
        return CLI_EXIT_OK;
    if (rc != 0)
        return cli_usage("luck: %s", err.msg);
    const char *outs[3] = {cli_opt(c, "--csv"), cli_opt(c, "--json"), cli_opt(c, "--html")};
    bool quiet = false;
    for (int i = 0; i < 3; i++)
        quiet = quiet || (outs[i] && !strcmp(outs[i], "-"));
    if (!quiet)
        luck_print(k);
    if ((outs[0] && luck_write_csv(k, outs[0]) != 0) || (outs[1] && luck_write_json(k, outs[1]) != 0) ||
        (outs[2] && luck_write_html(k, outs[2]) != 0))
        return CLI_EXIT_FAIL;
    return CLI_EXIT_OK;
}

int cli_cmd_luck(cli *c)
{
    luck_cli *k = calloc(1, sizeof *k);
    if (!k)
        return cli_fail("out of memory");
    k->game = c->pos[0];
    if (cli_mpi_begin() != 0) { /* under mpirun every rank runs this with the same arguments */
        free(k);
        return CLI_EXIT_FAIL;
    }
    fc_context *ctx = cli_context(c, NULL, 0);
    int rc = cli_mpi_agree(ctx ? 0 : CLI_EXIT_FAIL);
    if (rc == 0)
        rc = luck_main(c, k, ctx);
    fc_rules_free(k->rules);
    fc_context_free(ctx);
    free(k);
    cli_mpi_end();
    return rc;
}
