/* `formicary check GAME DESIGN.ini`: a balance contract (core/include/formicary/check.h; format
 * and method in docs/metrics.md, "Balance contracts") checked by paired games with sequential
 * stopping. This file parses the command line and prints the table, JSON and HTML; the exit
 * status says whether the contract holds, so a designer can put a design under CI. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "html.h"
#include "sim_mpi.h"
#include "study.h"
#include "formicary/check.h"
#include "formicary/tiers.h"

/* Exit status: met, not met, the check could not be made, undecided. */
#define CHECK_EXIT_MET 0
#define CHECK_EXIT_NOT_MET 1
#define CHECK_EXIT_ERROR 2
#define CHECK_EXIT_UNDECIDED 3

const cli_optdef cli_opts_check[] = {
    {"--games", "N", false, "the most games per line-up (default: the contract's games, else 400)"},
    {"--threads", "K", false, "worker threads (default 1); results do not depend on K"},
    {"--seed", "S", false, "base seed (default 1)"},
    {"--max-decisions", "N", false, "decisions before a game counts as a timeout (default 100000)"},
    {"--rules", "F.ini|NAME", false, "rule set: a file, or a shipped one by name (config/GAME/NAME.ini)"},
    {"--variant", "F.lua", false, "Lua variant"},
    {"--set", "KEY=VALUE", true, "override one parameter"},
    {"--json", "F", false, "write the check as JSON to F ('-' for stdout instead of the table)"},
    {"--html", "F", false, "write a report page to F"},
    {"--progress", NULL, false, "show the progress line even when stderr is not a terminal"},
    CLI_RUNS_DB_OPTS,
    {NULL, NULL, false, NULL},
};

typedef struct check_cli {
    const char *game;
    fc_check_contract contract;
    fc_check_config cfg;
    fc_check_result res;
    fc_rules *rules;
    cli_seat seat[FC_MAX_SEATS]; /* the contract's line-up, with tiers and ratings */
    cli_runs *runs;              /* the runs database while the run goes (NULL: not recorded) */
} check_cli;

static void check_progress(void *ud, long done, long total)
{
    (void)ud;
    fprintf(stderr, "\rcheck: %ld/%ld games (at most)", done, total);
    fflush(stderr);
}

/* A target's agents as shown: "contract" for the contract's line-up, else the names given. */
static void check_agents_text(const fc_check_contract *k, const fc_check_target *t, char *buf, size_t n)
{
    const fc_check_lineup *l = &k->lineup[t->lineup];
    size_t len = 0;
    buf[0] = '\0';
    if (t->lineup == 0 || l->beats) {
        snprintf(buf, n, "%s", t->lineup == 0 ? "contract" : "seats swapped");
        return;
    }
    for (int i = 0; i < l->nagents && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? "," : "", l->given[i]);
}

static void check_num(char *buf, size_t n, const fc_check_target *t, double v)
{
    if (!isfinite(v))
        snprintf(buf, n, "n/a");
    else
        snprintf(buf, n, fc_check_metric_is_share(t->metric) ? "%.3f" : "%.2f", v);
}

static const char *check_result_text(const fc_check_result *r)
{
    return r->verdict == FC_CHECK_MET ? "MET" : r->verdict == FC_CHECK_NOT_MET ? "NOT MET" : "UNDECIDED";
}

static void check_counts(const fc_check_result *r, int *met, int *not_met, int *undecided)
{
    *met = *not_met = *undecided = 0;
    for (int t = 0; t < r->ntargets; t++) {
        fc_check_verdict v = r->est[t].verdict;
        *met += v == FC_CHECK_MET;
        *not_met += v == FC_CHECK_NOT_MET;
        *undecided += v == FC_CHECK_UNDECIDED;
    }
}

static void check_print(const check_cli *k)
{
    const fc_check_contract *c = &k->contract;
    const fc_check_result *r = &k->res;
    char text[4096];
    printf("check %s %s: %d target%s, seed %llu, at most %d games per line-up, %d looks\n", k->game, c->path,
           c->ntargets, c->ntargets == 1 ? "" : "s", (unsigned long long)k->cfg.seed,
           k->cfg.games > 0 ? k->cfg.games : c->games, c->looks);
    cli_rules_text(k->rules, text, sizeof text);
    printf("rules: %s\n", text);
    cli_seats_text(k->seat, c->nseats, text, sizeof text);
    printf("agents: %s (%s)\n", text,
           r->seatings[0] == 1 ? "the same agent in every seat: one game a deal"
                               : "every rotation of the seats in each deal");
    if (c->opening > 0)
        printf("openings: the first %d decisions of every game are random, the same in every seating of a deal\n",
               c->opening);
    cli_table t;
    cli_table_init(&t, 9);
    cli_table_add(&t, "target", "metric", "agents", "tolerance", "estimate", "95% interval", "games", "look",
                  "verdict");
    for (int i = 0; i < c->ntargets; i++) {
        const fc_check_target *tg = &c->target[i];
        const fc_check_estimate *e = &r->est[i];
        char ag[512], tol[64], est[32], lo[32], hi[32], iv[80], games[24], look[24];
        check_agents_text(c, tg, ag, sizeof ag);
        fc_check_tolerance_text(tg, tol, sizeof tol);
        check_num(est, sizeof est, tg, e->value);
        check_num(lo, sizeof lo, tg, e->lo);
        check_num(hi, sizeof hi, tg, e->hi);
        snprintf(iv, sizeof iv, "%s..%s", lo, hi);
        snprintf(games, sizeof games, "%ld", e->games);
        snprintf(look, sizeof look, "%d", e->look);
        cli_table_add(&t, tg->name, tg->metric_text, ag, tol, est, iv, games, look, fc_check_verdict_name(e->verdict));
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
    int met, not_met, undecided;
    check_counts(r, &met, &not_met, &undecided);
    printf("contract %s: %d met, %d not met, %d undecided; %ld games in %.1f s, %d of %d looks\n",
           check_result_text(r), met, not_met, undecided, r->games, r->seconds, r->looks, c->looks);
    if (undecided > 0)
        printf("undecided: the 95%% interval still holds a bound after the last look; more games (--games N) "
               "can decide it\n");
}

static void check_json_target(cli_json *j, const check_cli *k, int i)
{
    const fc_check_target *tg = &k->contract.target[i];
    const fc_check_estimate *e = &k->res.est[i];
    const fc_check_lineup *l = &k->contract.lineup[tg->lineup];
    cli_json_obj(j);
    cli_json_key(j, "name");
    cli_json_str(j, tg->name);
    cli_json_key(j, "metric");
    cli_json_str(j, tg->metric_text);
    cli_json_key(j, "min");
    tg->has_min ? cli_json_num(j, tg->min) : cli_json_null(j);
    cli_json_key(j, "max");
    tg->has_max ? cli_json_num(j, tg->max) : cli_json_null(j);
    cli_json_key(j, "agents");
    cli_json_arr(j);
    for (int a = 0; a < l->nagents; a++)
        cli_json_str(j, l->spec[a]);
    cli_json_end_arr(j);
    cli_json_key(j, "doc");
    cli_json_str(j, tg->doc);
    cli_json_key(j, "verdict");
    cli_json_str(j, fc_check_verdict_name(e->verdict));
    const char *nk[3] = {"value", "lo", "hi"};
    double nv[3] = {e->value, e->lo, e->hi};
    for (int m = 0; m < 3; m++) {
        cli_json_key(j, nk[m]);
        cli_json_num(j, nv[m]);
    }
    cli_json_key(j, "deals");
    cli_json_int(j, e->units);
    cli_json_key(j, "games");
    cli_json_int(j, e->games);
    cli_json_key(j, "look");
    cli_json_int(j, e->look);
    cli_json_end_obj(j);
}

static int check_write_json(const check_cli *k, const char *path, int status)
{
    const fc_check_contract *c = &k->contract;
    cli_json j;
    fc_outfile *o = cli_json_report_begin(path, &j, k->game);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    cli_json_key(&j, "contract");
    cli_json_str(&j, c->path);
    cli_json_key(&j, "seed");
    cli_json_int(&j, (long long)k->cfg.seed);
    const char *ik[7] = {"threads", "games_max", "looks_max", "looks", "opening", "games", "exit_status"};
    long iv[7] = {k->cfg.threads, k->cfg.games > 0 ? k->cfg.games : c->games, c->looks, k->res.looks, c->opening,
                  k->res.games, status};
    for (int i = 0; i < 7; i++) {
        cli_json_key(&j, ik[i]);
        cli_json_int(&j, iv[i]);
    }
    cli_json_key(&j, "seconds");
    cli_json_num(&j, k->res.seconds);
    cli_json_key(&j, "verdict");
    cli_json_str(&j, fc_check_verdict_name(k->res.verdict));
    cli_rules_json(&j, "rule_set", k->rules);
    cli_json_key(&j, "agents_by_seat");
    cli_json_arr(&j);
    for (int s = 0; s < c->nseats; s++) {
        cli_json_obj(&j);
        cli_json_key(&j, "seat");
        cli_json_int(&j, s + 1);
        cli_seat_json_members(&j, &k->seat[s]);
        cli_json_end_obj(&j);
    }
    cli_json_end_arr(&j);
    cli_json_key(&j, "targets");
    cli_json_arr(&j);
    for (int i = 0; i < c->ntargets; i++)
        check_json_target(&j, k, i);
    cli_json_end_arr(&j);
    cli_json_end_obj(&j);
    fputc('\n', f);
    return cli_finish_output(o);
}

static int check_write_html(const check_cli *k, const char *path)
{
    const fc_check_contract *c = &k->contract;
    const fc_check_result *r = &k->res;
    char title[160], text[4096], seats[4096];
    snprintf(title, sizeof title, "formicary check: %s", k->game);
    cli_html *h = cli_html_begin(path, title);
    if (!h)
        return CLI_EXIT_FAIL;
    int met, not_met, undecided;
    check_counts(r, &met, &not_met, &undecided);
    cli_html_heading(h, "Balance contract");
    cli_rules_text(k->rules, text, sizeof text);
    cli_seats_text(k->seat, c->nseats, seats, sizeof seats);
    cli_html_text(h, "Contract %s: %s (%d met, %d not met, %d undecided). %ld games in %.1f s, seed %llu, %d of %d "
                     "looks. Rules: %s. Agents: %s.",
                  c->path, check_result_text(r), met, not_met, undecided, r->games, r->seconds,
                  (unsigned long long)k->cfg.seed, r->looks, c->looks, text, seats);
    if (c->doc[0])
        cli_html_text(h, "The contract: %s", c->doc);
    cli_html_text(h, "A target is met when its 95%% interval lies wholly inside the tolerance (shaded), not met "
                     "when wholly outside; at an interim look the interval is 99.7%% (z = 3). docs/metrics.md, "
                     "\"Balance contracts\".");
    const char *head[8] = {"target", "metric", "tolerance", "estimate", "95% interval", "games", "look", "verdict"};
    const char **cells = calloc((size_t)(c->ntargets + 1) * 8, sizeof *cells);
    char(*buf)[6][64] = calloc((size_t)c->ntargets + 1, sizeof *buf);
    if (!cells || !buf) {
        free(cells);
        free(buf);
        cli_html_end(h);
        return cli_fail("out of memory");
    }
    memcpy(cells, head, sizeof head);
    for (int i = 0; i < c->ntargets; i++) {
        const fc_check_target *tg = &c->target[i];
        const fc_check_estimate *e = &r->est[i];
        char lo[24], hi[24]; /* numbers: "%.3f" of a bounded value */
        fc_check_tolerance_text(tg, buf[i][0], 64);
        check_num(buf[i][1], 64, tg, e->value);
        check_num(lo, sizeof lo, tg, e->lo);
        check_num(hi, sizeof hi, tg, e->hi);
        snprintf(buf[i][2], 64, "%s..%s", lo, hi);
        snprintf(buf[i][3], 64, "%ld", e->games);
        snprintf(buf[i][4], 64, "%d", e->look);
        const char *row[8] = {tg->name, tg->metric_text, buf[i][0], buf[i][1], buf[i][2], buf[i][3], buf[i][4],
                              fc_check_verdict_name(e->verdict)};
        memcpy(cells + (i + 1) * 8, row, sizeof row);
    }
    cli_html_table(h, 8, c->ntargets + 1, cells);
    for (int i = 0; i < c->ntargets; i++) {
        const fc_check_target *tg = &c->target[i];
        const fc_check_estimate *e = &r->est[i];
        char t2[300];
        snprintf(t2, sizeof t2, "%s: %s %s (%s)%s%s", tg->name, tg->metric_text, buf[i][0],
                 fc_check_verdict_name(e->verdict), tg->doc[0] ? " - " : "", tg->doc);
        cli_html_est est = {tg->name, e->value, e->lo, e->hi};
        cli_html_band(h, t2, tg->metric_text, &est, 1, tg->has_min ? tg->min : NAN, tg->has_max ? tg->max : NAN);
    }
    free(cells);
    free(buf);
    return cli_html_end(h);
}

/* The contract (tiers from config/GAME/bots.ini), its players against the game's, the rules. */
static int check_setup(cli *c, check_cli *k, fc_context *ctx)
{
    fc_error err;
    fc_error_clear(&err);
    const fc_plugin *p = fc_context_find(ctx, k->game, &err);
    if (!p)
        return cli_fail("%s", err.msg);
    fc_tiers tiers;
    int rc = cli_tiers(k->game, &tiers, &err);
    if (rc < 0)
        return cli_fail("%s", err.msg);
    if (fc_check_load(&k->contract, c->pos[1], k->game, rc == 0 ? &tiers : NULL, &err) != 0)
        return cli_fail("%s", err.msg);
    const fc_check_contract *ct = &k->contract;
    if (ct->nseats < p->min_seats || ct->nseats > p->max_seats)
        return cli_fail("%s:%d: agents: %d seats, but %s plays with %d to %d", ct->path, ct->agents_line, ct->nseats,
                        p->id, p->min_seats, p->max_seats);
    for (int s = 0; s < ct->nseats; s++)
        cli_seat_from(k->game, ct->lineup[0].given[s], ct->lineup[0].spec[s], &k->seat[s]);
    if (!(k->rules = cli_rules(c, ctx, k->game, ct->nseats)))
        return CLI_EXIT_FAIL;
    k->cfg.contract = ct;
    k->cfg.rules = k->rules;
    return 0;
}

static int check_options(const cli *c, check_cli *k)
{
    int md = 0;
    if (!cli_opt_int(c, "--games", 1, 10000000, 0, &k->cfg.games) ||
        !cli_opt_int(c, "--threads", 1, 1024, 1, &k->cfg.threads) || !cli_opt_u64(c, "--seed", 1, &k->cfg.seed) ||
        !cli_opt_int(c, "--max-decisions", 1, 100000000, 0, &md))
        return CLI_EXIT_USAGE;
    k->cfg.max_decisions = md;
    const char *json = cli_opt(c, "--json"), *html = cli_opt(c, "--html");
    if (json && html && !strcmp(json, "-") && !strcmp(html, "-"))
        return cli_usage("check: only one of --json and --html may go to standard output");
    return 0;
}

static int check_status(fc_check_verdict v)
{
    return v == FC_CHECK_MET ? CHECK_EXIT_MET : v == FC_CHECK_NOT_MET ? CHECK_EXIT_NOT_MET : CHECK_EXIT_UNDECIDED;
}

/* The run in the runs database (docs/runs.md): the rules, the contract's line-up as seats, then
 * per target its estimate with the 95% interval and the verdict as text. */
/* The seats row (1-based) of line-up l's agent j: the contract's line-up is seats 1..nseats,
 * the other line-ups' agents follow in order. */
static int check_agent_row(const check_cli *k, int l, int j)
{
    int row = l > 0 ? k->contract.nseats : 0;
    for (int i = 1; i < l; i++)
        row += k->contract.lineup[i].nagents;
    return row + j + 1;
}

/* A batch of games as games rows of design "LN" (line-up N, 1-based), game deal x seatings +
 * seating + 1, each seat's agent as a seats row. */
static void check_record_games(void *ud, int lineup, int seating, int nseatings, const int *at, const fc_sim_game *g,
                               int n)
{
    check_cli *k = ud;
    fc_sim_game *x = malloc((size_t)(n > 0 ? n : 1) * sizeof *x);
    char label[16];
    snprintf(label, sizeof label, "L%d", lineup + 1);
    for (int i = 0; x && i < n; i++) {
        x[i] = g[i];
        x[i].index = g[i].index * nseatings + seating;
        for (int s = 0; s < k->contract.nseats; s++)
            x[i].agent_at[s] = check_agent_row(k, lineup, at[s]) - 1;
    }
    cli_runs_games(k->runs, label, x, x ? n : 0, k->contract.nseats); /* out of memory: rows missing */
    free(x);
}

static cli_runs *check_record_begin(const cli *c, check_cli *k)
{
    cli_runs *runs = cli_runs_begin(c, "check", k->game, k->contract.nseats, k->cfg.seed, k->cfg.threads, 0);
    char text[8192];
    cli_rules_text(k->rules, text, sizeof text);
    cli_runs_design(runs, "A", k->rules, text);
    for (int s = 0; runs && s < k->contract.nseats; s++)
        cli_runs_seat(runs, s + 1, k->contract.lineup[0].spec[s], k->seat[s].tier[0] ? k->seat[s].tier : NULL);
    for (int l = 1; runs && l < k->contract.nlineups; l++)
        for (int j = 0; j < k->contract.lineup[l].nagents; j++) {
            const fc_check_lineup *x = &k->contract.lineup[l];
            bool tier = strcmp(x->given[j], x->spec[j]) != 0;
            cli_runs_seat(runs, check_agent_row(k, l, j), x->spec[j], tier ? x->given[j] : NULL);
        }
    if (runs) {
        k->runs = runs;
        k->cfg.on_games = check_record_games;
        k->cfg.on_games_ud = k;
    }
    return runs;
}

static void check_record_end(cli_runs *runs, const check_cli *k, bool complete)
{
    for (int i = 0; runs && complete && i < k->res.ntargets; i++) {
        const fc_check_estimate *e = &k->res.est[i];
        const fc_check_target *tg = &k->contract.target[i];
        char name[FC_CHECK_NAME_MAX + 8], tol[64], text[256];
        snprintf(name, sizeof name, "target:%s", tg->name);
        fc_check_tolerance_text(tg, tol, sizeof tol);
        snprintf(text, sizeof text, "%s %s: %s (%ld games, look %d)", tg->metric_text, tol,
                 fc_check_verdict_name(e->verdict), e->games, e->look);
        cli_runs_metric(runs, "", name, e->value, e->lo, e->hi, NAN, text);
    }
    if (runs && complete) { /* the verdict, its exit status as the value, and the contract it is of */
        char text[1024];
        snprintf(text, sizeof text, "%s: %s", check_result_text(&k->res), k->contract.path);
        cli_runs_metric(runs, "", "contract", check_status(k->res.verdict), NAN, NAN, NAN, text);
    }
    cli_runs_end(runs, complete, complete ? k->res.games : 0);
}

static int check_main(cli *c, check_cli *k, fc_context *ctx)
{
    if (cli_mpi_agree(check_options(c, k) != 0 || check_setup(c, k, ctx) != 0) != 0)
        return CHECK_EXIT_ERROR; /* printed */
    if (cli_mpi_size() > 1) /* under mpirun: every rank runs the check, the games are spread */
        k->cfg.play = cli_mpi_play;
    bool progress = cli_mpi_rank() == 0 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
    if (progress)
        k->cfg.progress = check_progress;
    fc_error err;
    fc_error_clear(&err);
    cli_runs *runs = check_record_begin(c, k);
    int rc = fc_check_run(&k->cfg, &k->res, &err);
    check_record_end(runs, k, rc == 0);
    if (progress)
        fputc('\n', stderr);
    /* under mpirun rank 0 alone reports and gives the exit status: another rank's non-zero exit
     * would make mpirun end the job, maybe before rank 0 has written */
    if (cli_mpi_rank() != 0)
        return 0;
    if (rc != 0)
        return cli_fail("check: %s", err.msg) + 1; /* CHECK_EXIT_ERROR */
    int status = check_status(k->res.verdict);
    const char *json = cli_opt(c, "--json"), *html = cli_opt(c, "--html");
    if (!(json && !strcmp(json, "-")) && !(html && !strcmp(html, "-")))
        check_print(k);
    if ((json && check_write_json(k, json, status) != 0) || (html && check_write_html(k, html) != 0))
        return CHECK_EXIT_ERROR; /* printed: a report that was asked for is missing */
    return status;
}

int cli_cmd_check(cli *c)
{
    check_cli *k = calloc(1, sizeof *k);
    if (!k)
        return cli_fail("out of memory") + 1; /* CHECK_EXIT_ERROR: never "not met" */
    k->game = c->pos[0];
    if (cli_mpi_begin() != 0) { /* under mpirun every rank runs this with the same arguments */
        free(k);
        return CHECK_EXIT_ERROR;
    }
    fc_context *ctx = cli_context(c, NULL, 0);
    int rc = cli_mpi_agree(ctx ? 0 : CHECK_EXIT_ERROR) != 0 ? CHECK_EXIT_ERROR : check_main(c, k, ctx);
    fc_rules_free(k->rules);
    fc_context_free(ctx);
    free(k);
    cli_mpi_end();
    return rc;
}
