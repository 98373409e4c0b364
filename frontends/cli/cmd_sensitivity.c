/* `formicary sensitivity GAME`: which parameters move which metrics (core sensitivity.h,
 * docs/metrics.md "Sensitivity"). This file parses the command line and prints the ranked table
 * per metric; sens_out.c writes CSV, JSON and the HTML page. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sens_cli.h"
#include "sim_mpi.h"

const cli_optdef cli_opts_sensitivity[] = {
    {"--param", "NAME[=LO..HI]", true,
     "a parameter to screen over its declared range or LO..HI (int; bool; enum choice indices); default: every int "
     "and bool parameter of the game and the variant"},
    {"--metric", "M", true,
     "a metric to rank by: rounds, margin, decisions, lead_changes, drama, timeout, seat_win:S, win_share:A, score:A, "
     "... (default seat_win:1, rounds, margin, lead_changes)"},
    {"--method", "oat|morris", false,
     "oat: each parameter alone at its low and high end, paired against the baseline (default); morris: elementary "
     "effects over random trajectories"},
    {"--levels", "L", false, "morris: grid levels per parameter, even (default 4)"},
    {"--trajectories", "R", false, "morris: trajectories (default 10)"},
    {"--games", "N", false, "games per design point (default 50); every point plays the same deals"},
    {"--players", "N", false, "seats (default: the game's minimum)"},
    {"--seats", "SPEC[,SPEC...]", false,
     "agent spec or tier for every seat, or one per seat (default greedy); seats rotate"},
    {"--seed", "S", false, "base seed (default 1)"},
    {"--threads", "K", false, "worker threads (default 1); the result does not depend on K"},
    {"--max-decisions", "N", false, "decisions before a game counts as a timeout (default 100000)"},
    {"--opening", "N", false,
     "the first N decisions of every game are random, the same at every point (varied deals for ab)"},
    {"--rules", "F.ini|NAME", false, "base rule set: a file, or a shipped one by name"},
    {"--variant", "F.lua", false, "Lua variant (its declared parameters are screened too)"},
    {"--set", "KEY=VALUE", true, "override one parameter of the base (not screened by default)"},
    {"--top", "N", false, "parameters shown per metric in the table (default all)"},
    {"--csv", "F", false, "write every parameter and metric as CSV to F ('-': stdout instead of the table)"},
    {"--json", "F", false, "write the screening as JSON to F ('-': stdout instead of the table)"},
    {"--html", "F", false, "write a report page with a tornado chart per metric to F"},
    {"--progress", NULL, false, "show the progress line even when stderr is not a terminal"},
    CLI_RUNS_DB_OPTS,
    {NULL, NULL, false, NULL},
};

void sens_value_text(const sens_cli *s, int p, int64_t v, char *buf, size_t n)
{
    fc_value val;
    memset(&val, 0, sizeof val);
    val.i = v;
    if (!s->cfg.param[p].def || fc_param_format(s->cfg.param[p].def, &val, buf, n) < 0)
        snprintf(buf, n, "%lld", (long long)v);
}

void sens_num(const sens_cli *s, int m, double v, char *buf, size_t n)
{
    if (!isfinite(v))
        snprintf(buf, n, "n/a");
    else
        snprintf(buf, n, fc_sim_metric_is_share(s->cfg.metric[m].kind) ? "%.3f" : "%.2f", v);
    if (strcmp(buf, "-0.000") == 0 || strcmp(buf, "-0.00") == 0)
        memmove(buf, buf + 1, strlen(buf));
}

static void sens_progress(void *ud, const fc_sens_progress *p)
{
    (void)ud;
    fprintf(stderr, "\rsensitivity: %ld/%ld games", p->games, p->total);
    fflush(stderr);
}

/* "v [lo, hi]" of an estimate. */
static void sens_est_text(const sens_cli *s, int m, const fc_sens_est *e, char *buf, size_t n)
{
    char v[32], lo[32], hi[32];
    sens_num(s, m, e->value, v, sizeof v);
    if (!isfinite(e->value)) {
        snprintf(buf, n, "%s", v);
        return;
    }
    sens_num(s, m, e->lo, lo, sizeof lo);
    sens_num(s, m, e->hi, hi, sizeof hi);
    snprintf(buf, n, "%s [%s, %s]", v, lo, hi);
}

/* The ranked rows of metric m: one at a time. */
static void sens_table_oat(const sens_cli *s, int m, cli_table *t)
{
    const fc_sens_result *r = s->res;
    cli_table_init(t, 8);
    cli_table_add(t, "rank", "parameter", "base", "low", "effect at low [95%]", "high", "effect at high [95%]",
                  "significant");
    int rows = s->top > 0 && s->top < r->nparams ? s->top : r->nparams;
    for (int k = 0; k < rows; k++) {
        int p = r->rank[m * r->nparams + k];
        const fc_sens_cell *c = fc_sens_at(r, p, m);
        char rank[16], base[64], lo[64], hi[64], el[128], eh[128];
        snprintf(rank, sizeof rank, "%d", k + 1);
        sens_value_text(s, p, s->cfg.base[p], base, sizeof base);
        sens_value_text(s, p, r->low[p], lo, sizeof lo);
        sens_value_text(s, p, r->high[p], hi, sizeof hi);
        sens_est_text(s, m, &c->low, el, sizeof el);
        sens_est_text(s, m, &c->high, eh, sizeof eh);
        if (r->low_error[p][0] || r->low[p] == s->cfg.base[p]) /* the base itself: 0 by definition */
            snprintf(el, sizeof el, "%s", r->low_error[p][0] ? "refused" : "(the base)");
        if (r->high_error[p][0] || r->high[p] == s->cfg.base[p])
            snprintf(eh, sizeof eh, "%s", r->high_error[p][0] ? "refused" : "(the base)");
        cli_table_add(t, rank, s->cfg.param[p].name, base, lo, el, hi, eh, c->significant ? "yes" : "no");
    }
}

/* The ranked rows of metric m: elementary effects. */
static void sens_table_morris(const sens_cli *s, int m, cli_table *t)
{
    const fc_sens_result *r = s->res;
    cli_table_init(t, 7);
    cli_table_add(t, "rank", "parameter", "range", "mu* [95%]", "mu [95%]", "sigma [95%]", "effects");
    int rows = s->top > 0 && s->top < r->nparams ? s->top : r->nparams;
    for (int k = 0; k < rows; k++) {
        int p = r->rank[m * r->nparams + k];
        const fc_sens_cell *c = fc_sens_at(r, p, m);
        char rank[16], lo[64], hi[64], range[140], ms[128], mu[128], sd[128], n[16];
        snprintf(rank, sizeof rank, "%d", k + 1);
        sens_value_text(s, p, r->low[p], lo, sizeof lo);
        sens_value_text(s, p, r->high[p], hi, sizeof hi);
        snprintf(range, sizeof range, "%s..%s", lo, hi);
        sens_est_text(s, m, &c->mu_star, ms, sizeof ms);
        sens_est_text(s, m, &c->mu, mu, sizeof mu);
        sens_est_text(s, m, &c->sigma, sd, sizeof sd);
        snprintf(n, sizeof n, "%d", c->effects);
        cli_table_add(t, rank, s->cfg.param[p].name, range, ms, mu, sd, n);
    }
}

static void sens_print(const sens_cli *s)
{
    const fc_sens_config *c = &s->cfg;
    const fc_sens_result *r = s->res;
    char text[4096];
    if (c->method == FC_SENS_MORRIS)
        printf("sensitivity %s: elementary effects (Morris), %d parameters, %d trajectories over %d levels, %d games "
               "per point, seed %llu\n", s->game, c->nparams, c->trajectories, c->levels, c->games,
               (unsigned long long)c->seed);
    else
        printf("sensitivity %s: one at a time, %d parameters, %d games per point (the same deals at every point), "
               "seed %llu\n", s->game, c->nparams, c->games, (unsigned long long)c->seed);
    if (c->opening > 0)
        printf("opening: the first %d decisions of every game random, the same at every point\n", c->opening);
    cli_rules_text(s->base, text, sizeof text);
    printf("rules: %s\n", text);
    cli_seats_text(s->seat, c->nseats, text, sizeof text);
    printf("agents: %s (seats rotate)\n", text);
    for (int m = 0; m < c->nmetrics; m++) {
        char base[128];
        sens_est_text(s, m, &r->baseline[m], base, sizeof base);
        printf("\n%s: baseline %s; %s\n", c->metric[m].name, base,
               c->method == FC_SENS_MORRIS ? "ranked by mu* (mean |effect| over the whole range)"
                                           : "ranked by the larger |effect| of the two ends; significant: an "
                                             "end's interval excludes 0");
        cli_table t;
        if (c->method == FC_SENS_MORRIS)
            sens_table_morris(s, m, &t);
        else
            sens_table_oat(s, m, &t);
        cli_table_print(&t, stdout, "  ");
        cli_table_free(&t);
    }
    printf("\n%d design points, %d refused by the game, %ld games in %.1f s\n", r->points, r->invalid, r->games,
           r->seconds);
    for (int p = 0; p < c->nparams && c->method == FC_SENS_OAT; p++)
        for (int e = 0; e < 2; e++) {
            const char *why = e ? r->high_error[p] : r->low_error[p];
            char v[64], esc[512];
            sens_value_text(s, p, e ? r->high[p] : r->low[p], v, sizeof v);
            if (why[0])
                printf("refused: %s=%s: %s\n", c->param[p].name, v, fc_escape(why, esc, sizeof esc));
        }
}

/* Names, ranges, metrics and method from the command line into the core's configuration. */
static int sens_options(sens_cli *s, cli *c, const fc_plugin *pl)
{
    fc_sens_config *cfg = &s->cfg;
    fc_error err;
    fc_error_clear(&err);
    const char *method = cli_opt(c, "--method");
    int m = method ? fc_sens_method_parse(method) : FC_SENS_OAT;
    if (m < 0)
        return cli_usage("sensitivity: option --method: unknown method '%s' (oat or morris)", method);
    cfg->method = (fc_sens_method)m;
    if (!cli_opt_int(c, "--players", pl->min_seats, pl->max_seats, pl->min_seats, &cfg->nseats))
        return CLI_EXIT_USAGE;
    if (cfg->method == FC_SENS_OAT && (cli_opt(c, "--levels") || cli_opt(c, "--trajectories")))
        return cli_usage("sensitivity: --levels and --trajectories are for --method morris");
    cfg->nparams = cli_opt_count(c, "--param");
    cfg->nmetrics = cli_opt_count(c, "--metric");
    if (cfg->nparams > FC_SENS_MAX_PARAMS || cfg->nmetrics > FC_SENS_MAX_METRICS)
        return cli_usage("sensitivity: at most %d --param and %d --metric", FC_SENS_MAX_PARAMS, FC_SENS_MAX_METRICS);
    for (int i = 0; i < cfg->nparams; i++)
        if (fc_sens_param_parse(cli_opt_at(c, "--param", i), &cfg->param[i], &err) != 0)
            return cli_usage("sensitivity: %s", err.msg);
    for (int i = 0; i < cfg->nmetrics; i++)
        if (fc_sens_metric_parse(cli_opt_at(c, "--metric", i), cfg->nseats, &cfg->metric[i], &err) != 0)
            return cli_usage("sensitivity: %s", err.msg);
    const char *seats = cli_opt(c, "--seats");
    int rc = cli_agents_parse("sensitivity", "--seats", pl->id, seats ? seats : "greedy", cfg->nseats, s->spec,
                              s->seat);
    for (int k = 0; rc == 0 && k < cfg->nseats; k++)
        cfg->agents[k] = s->spec[k];
    return rc;
}

static int sens_setup(sens_cli *s, cli *c, fc_context *ctx)
{
    fc_error err;
    fc_error_clear(&err);
    const fc_plugin *pl = fc_context_find(ctx, c->pos[0], &err);
    if (!pl)
        return cli_usage("%s", err.msg);
    fc_sens_config *cfg = &s->cfg;
    s->game = cfg->game = pl->id;
    cfg->ctx = ctx;
    int rc = sens_options(s, c, pl);
    if (rc != 0)
        return rc;
    const char *ini = cli_opt(c, "--rules"), *lua = cli_opt(c, "--variant");
    if (ini && !(cfg->ini = cli_ruleset_path(pl->id, ini, s->ini_path, sizeof s->ini_path, &err)))
        return cli_usage("%s", err.msg);
    if (lua && !(cfg->variant = cli_variant_path(pl->id, lua, s->lua_path, sizeof s->lua_path, &err)))
        return cli_usage("%s", err.msg);
    cfg->nsets = cli_opt_count(c, "--set");
    for (int i = 0; i < cfg->nsets; i++)
        s->sets[i] = cli_opt_at(c, "--set", i);
    cfg->sets = s->sets;
    if (fc_sens_check(cfg, &err) != 0)
        return cli_usage("%s", err.msg);
    if (!(s->base = cli_rules_build(c, ctx, pl->id, cfg->nseats, false, &err)))
        return cli_usage("%s", err.msg);
    return 0;
}

static int sens_numbers(sens_cli *s, const cli *c)
{
    fc_sens_config *cfg = &s->cfg;
    int maxdec = 0;
    if (!cli_opt_int(c, "--games", 2, 1000000, 50, &cfg->games) || !cli_opt_u64(c, "--seed", 1, &cfg->seed) ||
        !cli_opt_int(c, "--threads", 1, 1024, 1, &cfg->threads) ||
        !cli_opt_int(c, "--max-decisions", 1, 1000000000, 0, &maxdec) ||
        !cli_opt_int(c, "--opening", 0, 10000, 0, &cfg->opening) ||
        !cli_opt_int(c, "--levels", 2, 20, FC_SENS_LEVELS_DEFAULT, &cfg->levels) ||
        !cli_opt_int(c, "--trajectories", 2, 1000, FC_SENS_TRAJECTORIES_DEFAULT, &cfg->trajectories) ||
        !cli_opt_int(c, "--top", 1, 1000, 0, &s->top))
        return CLI_EXIT_USAGE;
    cfg->max_decisions = maxdec;
    if (cfg->levels % 2)
        return cli_usage("sensitivity: option --levels: %d is odd (Morris moves by half the levels)", cfg->levels);
    int dashes = 0;
    const char *const outs[] = {"--csv", "--json", "--html"};
    for (int i = 0; i < 3; i++)
        dashes += cli_opt(c, outs[i]) && strcmp(cli_opt(c, outs[i]), "-") == 0;
    if (dashes > 1)
        return cli_usage("sensitivity: only one of --csv, --json and --html may write to standard output ('-')");
    return 0;
}

/* The run in the runs database (docs/runs.md): the base rules, the seats, then per metric the
 * baseline and each parameter's importance with its interval. */
static cli_runs *sens_record_begin(const cli *c, const sens_cli *s)
{
    const fc_sens_config *cfg = &s->cfg;
    int points = 1; /* the baseline, then Morris's trajectories or the ends that differ from the base */
    for (int p = 0; p < cfg->nparams && cfg->method == FC_SENS_OAT; p++)
        points += (cfg->param[p].lo != cfg->base[p]) + (cfg->param[p].hi != cfg->base[p]);
    if (cfg->method == FC_SENS_MORRIS)
        points += cfg->trajectories * (cfg->nparams + 1);
    cli_runs *runs = cli_runs_begin(c, "sensitivity", s->game, cfg->nseats, cfg->seed, cfg->threads,
                                    (long)points * cfg->games);
    char text[8192];
    cli_rules_text(s->base, text, sizeof text);
    cli_runs_design(runs, "base", s->base, text);
    for (int k = 0; runs && k < cfg->nseats; k++)
        cli_runs_seat(runs, k + 1, s->spec[k], s->seat[k].tier[0] ? s->seat[k].tier : NULL);
    return runs;
}

/* A design point as it is played (fc_sens_config.on_point): its games as design "base" (the
 * base values) or "pN" (point N in order of play), and its values as the figure pN / values
 * ("goal=5 die_sides=4": those that differ from the base; a refused point says why). */
static void sens_record_point(void *ud, int point, const int64_t *values, const char *refused, const fc_sim_game *g,
                              int n)
{
    sens_cli *s = ud;
    char label[16], text[1024];
    snprintf(label, sizeof label, point ? "p%d" : "base", point);
    size_t len = 0;
    text[0] = '\0';
    for (int p = 0; p < s->cfg.nparams && len < sizeof text; p++) {
        if (values[p] == s->cfg.base[p])
            continue;
        char v[64];
        sens_value_text(s, p, values[p], v, sizeof v);
        int w = snprintf(text + len, sizeof text - len, "%s%s=%s", len ? " " : "", s->cfg.param[p].name, v);
        len += w > 0 ? (size_t)w : 0;
    }
    if (!text[0])
        snprintf(text, sizeof text, "the base values");
    len = strlen(text);
    if (refused && len < sizeof text)
        snprintf(text + len, sizeof text - len, ": refused: %s", refused);
    cli_runs_metric(s->runs, label, "values", NAN, NAN, NAN, NAN, text);
    cli_runs_games(s->runs, label, g, n, s->cfg.nseats);
}

static void sens_record_end(cli_runs *runs, const sens_cli *s)
{
    const fc_sens_result *r = s->res;
    for (int m = 0; runs && r && m < r->nmetrics; m++) {
        const char *mn = s->cfg.metric[m].name;
        cli_runs_metric(runs, "base", mn, r->baseline[m].value, r->baseline[m].lo, r->baseline[m].hi, NAN, NULL);
        for (int k = 0; k < r->nparams; k++) {
            int p = r->rank[m * r->nparams + k];
            const fc_sens_cell *c = fc_sens_at(r, p, m);
            char name[160], text[64];
            snprintf(name, sizeof name, "%s:%s", mn, s->cfg.param[p].name);
            snprintf(text, sizeof text, "rank %d%s", k + 1, c->significant ? ", significant" : "");
            const fc_sens_est *e = r->method == FC_SENS_MORRIS ? &c->mu_star
                                   : fabs(c->high.value) >= fabs(c->low.value) || isnan(c->low.value) ? &c->high
                                                                                                     : &c->low;
            cli_runs_metric(runs, "", name, e->value, e->lo, e->hi, NAN, text);
        }
    }
}

int cli_cmd_sensitivity(cli *c)
{
    sens_cli *s = calloc(1, sizeof *s);
    if (!s)
        return cli_fail("out of memory");
    if (cli_mpi_begin() != 0) { /* under mpirun every rank runs this with the same arguments */
        free(s);
        return CLI_EXIT_FAIL;
    }
    int rc = sens_numbers(s, c);
    fc_context *ctx = rc == 0 ? cli_context(c, NULL, 0) : NULL;
    if (rc == 0)
        rc = ctx ? sens_setup(s, c, ctx) : CLI_EXIT_FAIL;
    rc = cli_mpi_agree(rc);
    if (cli_mpi_size() > 1) /* the games of each design point are spread over the ranks */
        s->cfg.play_sim = cli_mpi_play;
    bool progress = cli_mpi_rank() == 0 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
    if (rc == 0 && progress)
        s->cfg.progress = sens_progress;
    cli_runs *runs = rc == 0 ? sens_record_begin(c, s) : NULL;
    if (runs) {
        s->runs = runs;
        s->cfg.on_point = sens_record_point;
        s->cfg.on_point_ud = s;
    }
    fc_error err;
    fc_error_clear(&err);
    if (rc == 0) {
        s->res = fc_sens_run(&s->cfg, &err);
        if (s->cfg.progress)
            fputc('\n', stderr);
        if (!s->res) /* under mpirun rank 0 alone reports and gives the exit status (luck, check) */
            rc = cli_mpi_rank() == 0 ? cli_fail("%s", err.msg) : CLI_EXIT_OK;
    }
    if (rc == 0 && cli_mpi_rank() == 0) { /* every rank holds the result; rank 0 prints and writes */
        const char *json = cli_opt(c, "--json"), *csv = cli_opt(c, "--csv"), *html = cli_opt(c, "--html");
        bool dash = (json && !strcmp(json, "-")) || (csv && !strcmp(csv, "-")) || (html && !strcmp(html, "-"));
        if (!dash)
            sens_print(s);
        if ((csv && sens_write_csv(s, csv) != 0) || (json && sens_write_json(s, json) != 0) ||
            (html && sens_write_html(s, html) != 0))
            rc = CLI_EXIT_FAIL;
        sens_record_end(runs, s);
    }
    cli_runs_end(runs, rc == 0, -1); /* games played: the rows written (a refused point has none) */
    fc_sens_result_free(s->res);
    fc_rules_free(s->base);
    free(s);
    fc_context_free(ctx);
    cli_mpi_end();
    return rc;
}
