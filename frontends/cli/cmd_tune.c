/* `formicary tune GAME`: searches parameter values toward design targets (core tune.h,
 * docs/tuning.md) and reports the best designs with their intervals; tune_out.c writes the
 * files. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sim_mpi.h"
#include "tune_cli.h"

const cli_optdef cli_opts_tune[] = {
    {"--param", "NAME=LO..HI[:STEP]", true, "a parameter to search (int; bool 0..1; enum choice indices)"},
    {"--target", "METRIC(=|<=|>=)VALUE[~SCALE]", true,
     "a design target: balance, first_player_advantage, rounds, margin, decisions, lead_changes, drama, timeout, "
     "seat_win:S, ... (docs/tuning.md)"},
    {"--players", "N", false, "seats (default: the game's minimum)"},
    {"--agents", "SPEC[,SPEC...]", false, "agent spec for every seat, or one per seat (default greedy)"},
    {"--budget-games", "N", false, "games to play in all (default 400; deterministic)"},
    {"--budget-seconds", "S", false, "seconds to search instead (the result depends on the machine's speed)"},
    {"--batch", "N", false, "games of a first evaluation of a candidate (default 8 x players)"},
    {"--race", "N", false, "candidates entering each race (default 8)"},
    {"--seed", "S", false, "base seed (default 1): game i of every candidate uses the seeds of sim game i"},
    {"--threads", "K", false, "worker threads (default 1); the result does not depend on K"},
    {"--max-decisions", "N", false, "decisions before a game counts as a timeout (default 100000)"},
    {"--set", "KEY=VALUE", true, "override one parameter (below the searched ones)"},
    {"--rules", "F.ini|NAME", false, "base rule set: a file, or a shipped one by name"},
    {"--variant", "F.lua", false, "Lua variant under the searched values"},
    {"--top", "N", false, "designs shown in the table (default 5)"},
    {"--csv", "F", false, "write every evaluated candidate as CSV to F ('-': stdout instead of the table)"},
    {"--json", "F", false, "write the search and its candidates as JSON to F ('-': stdout instead of the table)"},
    {"--ini", "F", false, "write the winner as a rule-set INI to F, for --rules ('-': stdout instead of the table)"},
    {"--html", "F", false, "write an HTML report (front, candidates, progress) to F"},
    {"--progress", NULL, false, "show the progress bar even when stderr is not a terminal"},
    CLI_RUNS_DB_OPTS,
    {NULL, NULL, false, NULL},
};

const char *tune_status_name(fc_tune_status s)
{
    switch (s) {
    case FC_TUNE_WINNER: return "winner";
    case FC_TUNE_SURVIVOR: return "survivor";
    case FC_TUNE_DROPPED: return "dropped";
    case FC_TUNE_INVALID: return "invalid";
    default: return "explored";
    }
}

void tune_value_text(const tune_cli *t, int d, int64_t v, char *buf, size_t n)
{
    fc_value val;
    memset(&val, 0, sizeof val);
    val.i = v;
    if (!t->cfg.param[d].def || fc_param_format(t->cfg.param[d].def, &val, buf, n) < 0)
        snprintf(buf, n, "%lld", (long long)v);
}

void tune_label(const tune_cli *t, const fc_tune_candidate *c, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int d = 0; d < t->cfg.nparams && used < n; d++) {
        char v[64];
        tune_value_text(t, d, c->value[d], v, sizeof v);
        int w = snprintf(buf + used, n - used, "%s%s=%s", d ? " " : "", t->cfg.param[d].name, v);
        used += w > 0 ? (size_t)w : 0;
    }
}

static void tune_progress(void *ud, const fc_tune_progress *p)
{
    (void)ud;
    int width = 30;
    long total = p->budget_games > 0 ? p->budget_games : 1;
    int fill = (int)(p->games * width / total);
    fill = fill > width ? width : fill;
    fprintf(stderr, "\rtune [%.*s%*s] %ld/%ld games, %d candidates, best loss %.3f (%s)   ", fill,
            "##############################", width - fill, "", p->games, p->budget_games, p->candidates,
            p->best_loss, p->phase);
    fflush(stderr);
}

static int tune_setup(tune_cli *t, cli *c, fc_context *ctx)
{
    fc_error err;
    fc_error_clear(&err);
    const fc_plugin *pl = fc_context_find(ctx, c->pos[0], &err);
    if (!pl)
        return cli_fail("%s", err.msg);
    fc_tune_config *cfg = &t->cfg;
    t->game = cfg->game = pl->id;
    cfg->ctx = ctx;
    if (!cli_opt_int(c, "--players", pl->min_seats, pl->max_seats, pl->min_seats, &cfg->nseats))
        return CLI_EXIT_USAGE;
    const char *agents = cli_opt(c, "--agents");
    int rc = cli_agents_parse("tune", "--agents", pl->id, agents ? agents : "greedy", cfg->nseats, t->spec, t->seat);
    if (rc != 0)
        return rc;
    for (int k = 0; k < cfg->nseats; k++)
        cfg->agents[k] = t->spec[k];
    const char *ini = cli_opt(c, "--rules"), *lua = cli_opt(c, "--variant");
    if (ini && !(cfg->ini = cli_ruleset_path(pl->id, ini, t->ini_path, sizeof t->ini_path, &err)))
        return cli_fail("%s", err.msg);
    if (lua && !(cfg->variant = cli_variant_path(pl->id, lua, t->lua_path, sizeof t->lua_path, &err)))
        return cli_fail("%s", err.msg);
    cfg->nsets = cli_opt_count(c, "--set");
    for (int i = 0; i < cfg->nsets; i++)
        t->sets[i] = cli_opt_at(c, "--set", i);
    cfg->sets = t->sets;
    cfg->nparams = cli_opt_count(c, "--param");
    cfg->ntargets = cli_opt_count(c, "--target");
    if (cfg->nparams == 0)
        return cli_usage("tune: give at least one --param NAME=LO..HI[:STEP]");
    if (cfg->ntargets == 0)
        return cli_usage("tune: give at least one --target, e.g. --target balance>=0.95");
    if (cfg->nparams > FC_TUNE_MAX_PARAMS || cfg->ntargets > FC_TUNE_MAX_TARGETS)
        return cli_usage("tune: at most %d --param and %d --target", FC_TUNE_MAX_PARAMS, FC_TUNE_MAX_TARGETS);
    for (int i = 0; i < cfg->nparams; i++)
        if (fc_tune_param_parse(cli_opt_at(c, "--param", i), &cfg->param[i], &err) != 0)
            return cli_usage("tune: %s", err.msg);
    for (int i = 0; i < cfg->ntargets; i++)
        if (fc_tune_target_parse(cli_opt_at(c, "--target", i), cfg->nseats, &cfg->target[i], &err) != 0)
            return cli_usage("tune: %s", err.msg);
    if (fc_tune_check(cfg, &err) != 0)
        return cli_fail("tune: %s", err.msg);
    if (!(t->base = fc_tune_base(cfg, &err)))
        return cli_fail("tune: %s", err.msg);
    /* the base is never finished (tune.h); a finished copy says what it changes, if the game takes it */
    fc_rules *done = fc_tune_base(cfg, &err);
    if (done && fc_rules_finish(done, &err) == 0) {
        t->base_done = done;
        cli_rules_text(done, t->base_text, sizeof t->base_text);
    } else {
        fc_rules_free(done);
        char name[256], variant[256], why[4 * sizeof err.msg];
        snprintf(t->base_text, sizeof t->base_text, "rule set '%s', variant %s (the base values alone are refused: %s)",
                 fc_escape(fc_rules_name(t->base), name, sizeof name),
                 fc_escape(fc_rules_variant_name(t->base), variant, sizeof variant), fc_escape(err.msg, why, sizeof why));
    }
    return 0;
}

static int tune_rank(fc_tune_status s)
{
    switch (s) {
    case FC_TUNE_WINNER: return 0;
    case FC_TUNE_SURVIVOR: return 1;
    case FC_TUNE_DROPPED: return 2;
    case FC_TUNE_EXPLORED: return 3;
    default: return 4;
    }
}

/* Display order: the winner, the race survivors, the dropped, the others; by loss within. */
static bool tune_before(const fc_tune_candidate *x, const fc_tune_candidate *y)
{
    int rx = tune_rank(x->status), ry = tune_rank(y->status);
    if (rx != ry)
        return rx < ry;
    if (x->loss != y->loss && !(isinf(x->loss) && isinf(y->loss)))
        return x->loss < y->loss;
    if (x->games != y->games)
        return x->games > y->games;
    return x->id < y->id;
}

/* t->order: the candidates in display order (an insertion sort: a few hundred at most). */
static void tune_sort(tune_cli *t)
{
    const fc_tune_result *r = t->res;
    for (int i = 0; i < r->ncandidates; i++) {
        int j = i;
        while (j > 0 && tune_before(&r->cand[i], &r->cand[t->order[j - 1]])) {
            t->order[j] = t->order[j - 1];
            j--;
        }
        t->order[j] = i;
    }
}

/* An aligned text table of any width (cli_table stops at 16 columns). */
typedef struct tune_tab {
    int ncols, n, cap;
    char **cells;
} tune_tab;

static void tune_tab_row(tune_tab *t, const char *const *v)
{
    if (t->n + t->ncols > t->cap) {
        int cap = t->cap ? 2 * t->cap : 16 * t->ncols;
        char **nc = realloc(t->cells, (size_t)cap * sizeof *nc);
        if (!nc)
            return;
        t->cells = nc, t->cap = cap;
    }
    for (int i = 0; i < t->ncols; i++)
        t->cells[t->n++] = strdup(v[i] ? v[i] : "");
}

static void tune_tab_print(tune_tab *t, FILE *f)
{
    int w[5 + FC_TUNE_MAX_PARAMS + FC_TUNE_MAX_TARGETS] = {0};
    for (int i = 0; i < t->n; i++) {
        int len = t->cells[i] ? (int)strlen(t->cells[i]) : 0;
        w[i % t->ncols] = len > w[i % t->ncols] ? len : w[i % t->ncols];
    }
    for (int row = 0; row * t->ncols < t->n; row++) {
        char line[2048];
        size_t used = 0;
        for (int col = 0; col < t->ncols && used < sizeof line; col++) {
            const char *s = t->cells[row * t->ncols + col] ? t->cells[row * t->ncols + col] : "";
            int k = snprintf(line + used, sizeof line - used, "  %-*s", w[col], s);
            used += k > 0 ? (size_t)k : 0;
        }
        used = used < sizeof line ? used : sizeof line - 1;
        while (used > 0 && line[used - 1] == ' ')
            used--;
        fprintf(f, "%.*s\n", (int)used, line);
    }
    for (int i = 0; i < t->n; i++)
        free(t->cells[i]);
    free(t->cells);
    *t = (tune_tab){.ncols = t->ncols};
}

static const char *tune_rel_text(fc_tune_rel r) { return r == FC_TUNE_EQ ? "=" : r == FC_TUNE_LE ? "<=" : ">="; }

/* The search: game, agents, parameters and grid, targets, budget and what was played. */
static void tune_print_head(const tune_cli *t)
{
    const fc_tune_config *c = &t->cfg;
    const fc_tune_result *r = t->res;
    char text[8192];
    cli_seats_text(t->seat, c->nseats, text, sizeof text);
    printf("tune %s: %d players, seed %llu, %d thread%s\n", t->game, c->nseats, (unsigned long long)c->seed,
           c->threads, c->threads > 1 ? "s" : "");
    printf("agents: %s (seats rotate: every candidate plays the same games)\n", text);
    printf("base rules: %s\n", t->base_text);
    long grid = 1;
    printf("parameters:");
    for (int d = 0; d < c->nparams; d++) {
        const fc_tune_param *p = &c->param[d];
        grid = grid < 1000000000L / p->nvalues ? grid * p->nvalues : 1000000000L;
        printf(" %s=%lld..%lld", p->name, (long long)p->lo, (long long)p->hi);
        if (p->step != 1)
            printf(":%lld", (long long)p->step);
        printf(" (%d values)", p->nvalues);
    }
    printf(": %ld designs\ntargets:", grid);
    for (int i = 0; i < c->ntargets; i++)
        printf(" %s%s%g (scale %g)", c->target[i].name, tune_rel_text(c->target[i].rel), c->target[i].value,
               c->target[i].scale);
    if (c->budget_games > 0)
        printf("\nbudget %ld games: played %ld", c->budget_games, r->games);
    else
        printf("\nbudget %.1f s (the result depends on this machine's speed): played %ld", c->budget_seconds, r->games);
    printf(" games, %d candidate%s, %d race round%s, %.2f s (%.0f games/s)\n", r->ncandidates,
           r->ncandidates == 1 ? "" : "s", r->race_rounds, r->race_rounds == 1 ? "" : "s", r->seconds,
           r->seconds > 0 ? r->games / r->seconds : 0);
}

/* Per target: how many candidates meet it, or the closest value when none does; the winner. */
static void tune_print_tail(const tune_cli *t)
{
    const fc_tune_config *c = &t->cfg;
    const fc_tune_result *r = t->res;
    for (int i = 0; i < c->ntargets; i++) {
        const fc_tune_target *tg = &c->target[i];
        if (r->reached[i] > 0) {
            printf("target %s: met by %d of %d candidates\n", tg->text, r->reached[i], r->ncandidates);
        } else if (r->closest[i] >= 0) {
            const fc_tune_candidate *a = &r->cand[r->closest[i]];
            char lab[256];
            tune_label(t, a, lab, sizeof lab);
            printf("target %s: not reached; closest %.3f [%.3f, %.3f] with %s\n", tg->text, a->est[i].value,
                   a->est[i].lo, a->est[i].hi, lab);
        } else {
            printf("target %s: not reached (no valid candidate)\n", tg->text);
        }
    }
    int invalid = 0;
    for (int j = 0; j < r->ncandidates; j++)
        invalid += r->cand[j].status == FC_TUNE_INVALID;
    if (invalid)
        printf("%d candidate%s refused by the game's parameter check (see --csv)\n", invalid, invalid > 1 ? "s" : "");
    if (r->winner >= 0) {
        char lab[512];
        tune_label(t, &r->cand[r->winner], lab, sizeof lab);
        printf("winner: %s (%d games, loss %.3f [%.3f, %.3f])\n", lab, r->cand[r->winner].games,
               r->cand[r->winner].loss, r->cand[r->winner].loss_lo, r->cand[r->winner].loss_hi);
    } else {
        printf("winner: none (every candidate was refused by the game)\n");
    }
}

static void tune_print(const tune_cli *t, int top)
{
    const fc_tune_config *c = &t->cfg;
    const fc_tune_result *r = t->res;
    tune_print_head(t);
    tune_tab tab = {.ncols = 6 + c->nparams + c->ntargets};
    char cells[6 + FC_TUNE_MAX_PARAMS + FC_TUNE_MAX_TARGETS][96];
    const char *row[6 + FC_TUNE_MAX_PARAMS + FC_TUNE_MAX_TARGETS];
    int k = 0;
    row[k++] = "rank";
    for (int d = 0; d < c->nparams; d++)
        row[k++] = c->param[d].name;
    row[k++] = "games";
    for (int i = 0; i < c->ntargets; i++)
        row[k++] = c->target[i].name;
    row[k++] = "loss";
    row[k++] = "detectable";
    row[k++] = "status";
    row[k++] = "front";
    tune_tab_row(&tab, row);
    int shown = 0;
    for (int j = 0; j < r->ncandidates && shown < top; j++) {
        const fc_tune_candidate *a = &r->cand[t->order[j]];
        if (a->status == FC_TUNE_INVALID || a->games == 0)
            continue;
        k = 0;
        snprintf(cells[k], sizeof cells[k], "%d", ++shown), row[k] = cells[k], k++;
        for (int d = 0; d < c->nparams; d++)
            tune_value_text(t, d, a->value[d], cells[k], sizeof cells[k]), row[k] = cells[k], k++;
        snprintf(cells[k], sizeof cells[k], "%d", a->games), row[k] = cells[k], k++;
        for (int i = 0; i < c->ntargets; i++) {
            const fc_tune_estimate *e = &a->est[i];
            snprintf(cells[k], sizeof cells[k], "%.3f [%.3f, %.3f] %s", e->value, e->lo, e->hi, e->met ? "met" : "no");
            row[k] = cells[k], k++;
        }
        snprintf(cells[k], sizeof cells[k], "%.3f", a->loss), row[k] = cells[k], k++;
        if (t->order[j] == r->winner)
            snprintf(cells[k], sizeof cells[k], "-");
        else
            snprintf(cells[k], sizeof cells[k], isnan(a->mde) ? "n/a" : "%.3f", a->mde);
        row[k] = cells[k], k++;
        if (a->status == FC_TUNE_DROPPED)
            snprintf(cells[k], sizeof cells[k], "dropped r%d", a->dropped_round);
        else
            snprintf(cells[k], sizeof cells[k], "%s", tune_status_name(a->status));
        row[k] = cells[k], k++;
        row[k++] = a->front ? "yes" : "";
        tune_tab_row(&tab, row);
    }
    printf("best designs (value [95%% interval]; loss = sum over targets of distance outside / scale):\n");
    tune_tab_print(&tab, stdout);
    printf("detectable: the smallest true difference of loss from the winner's that the games a candidate shares "
           "with it detect (95%% confidence, 80%% power; n/a: fewer than 2 games or no variation)\n");
    tune_print_tail(t);
}

/* Whether a file goes to standard output ('-'): then it replaces the table. */
static bool tune_dash(const cli *c)
{
    const char *const names[] = {"--csv", "--json", "--ini", "--html"};
    for (int i = 0; i < 4; i++)
        if (cli_opt(c, names[i]) && strcmp(cli_opt(c, names[i]), "-") == 0)
            return true;
    return false;
}

/* The run in the runs database (docs/runs.md): the base rules, the seats and, at the end, the
 * winner with its loss and each target's estimate. */
static cli_runs *tune_record_begin(const cli *c, const tune_cli *t)
{
    cli_runs *runs = cli_runs_begin(c, "tune", t->game, t->cfg.nseats, t->cfg.seed, t->cfg.threads,
                                    t->cfg.budget_games);
    if (runs && t->base_done)
        cli_runs_design(runs, "base", t->base_done, t->base_text);
    for (int k = 0; runs && k < t->cfg.nseats; k++)
        cli_runs_seat(runs, k + 1, t->spec[k], t->seat[k].tier);
    return runs;
}

/* A batch of a candidate's games as games rows of design "cN" (candidate N, 1-based in order
 * of first evaluation; its values in the metric cN/loss). */
static void tune_record_games(void *ud, int cand, const int64_t *values, const fc_sim_game *g, int n)
{
    (void)values;
    tune_cli *t = ud;
    char label[16];
    snprintf(label, sizeof label, "c%d", cand + 1);
    cli_runs_games(t->runs, label, g, n, t->cfg.nseats);
}

static void tune_record_end(cli_runs *runs, const tune_cli *t)
{
    const fc_tune_result *r = t->res;
    cli_runs_metric(runs, "", "candidates", r->ncandidates, NAN, NAN, NAN, NULL);
    for (int i = 0; runs && i < r->ncandidates; i++) {
        char lab[512], design[16];
        tune_label(t, &r->cand[i], lab, sizeof lab);
        snprintf(design, sizeof design, "c%d", r->cand[i].id + 1);
        const fc_tune_candidate *x = &r->cand[i];
        if (x->status == FC_TUNE_INVALID) { /* no games: the game's parameter check refused it */
            size_t len = strlen(lab);
            snprintf(lab + len, sizeof lab - len, ": refused: %s", x->error);
        }
        bool ok = x->status != FC_TUNE_INVALID;
        cli_runs_metric(runs, design, "loss", ok ? x->loss : NAN, ok ? x->loss_lo : NAN, ok ? x->loss_hi : NAN, NAN,
                        lab);
        if (!isnan(x->mde)) /* the detectable difference from the winner's loss */
            cli_runs_metric(runs, design, "mde", x->mde, NAN, NAN, NAN, NULL);
    }
    if (!runs || r->winner < 0)
        return;
    const fc_tune_candidate *w = &r->cand[r->winner];
    char lab[512];
    tune_label(t, w, lab, sizeof lab);
    cli_runs_metric(runs, "winner", "loss", w->loss, w->loss_lo, w->loss_hi, NAN, lab);
    for (int i = 0; i < t->cfg.ntargets; i++) {
        char name[128];
        snprintf(name, sizeof name, "target %s", t->cfg.target[i].text);
        cli_runs_metric(runs, "winner", name, w->est[i].value, w->est[i].lo, w->est[i].hi, NAN,
                        w->est[i].met ? "met" : "not met");
    }
}

/* The budget, threads, race and output options into t->cfg (and *top); a usage code when one is off. */
static int tune_options(cli *c, tune_cli *t, int *top)
{
    fc_tune_config *cfg = &t->cfg;
    int budget = 0, maxdec = 0;
    double seconds = 0;
    const char *bs = cli_opt(c, "--budget-seconds");
    if (!cli_opt_int(c, "--budget-games", 1, 100000000, 400, &budget) || !cli_opt_u64(c, "--seed", 1, &cfg->seed) ||
        !cli_opt_int(c, "--threads", 1, 256, 1, &cfg->threads) ||
        !cli_opt_int(c, "--max-decisions", 1, 1000000000, 0, &maxdec) ||
        !cli_opt_int(c, "--batch", 1, 100000, 0, &cfg->batch) || !cli_opt_int(c, "--race", 2, 64, 8, &cfg->race_size) ||
        !cli_opt_int(c, "--top", 1, 1000000, 5, top))
        return CLI_EXIT_USAGE;
    int dashes = 0;
    const char *const outs[] = {"--csv", "--json", "--ini", "--html"};
    for (int i = 0; i < 4; i++)
        dashes += cli_opt(c, outs[i]) && strcmp(cli_opt(c, outs[i]), "-") == 0;
    if (dashes > 1)
        return cli_usage("tune: only one of --csv, --json, --ini and --html may write to standard output ('-')");
    if (bs && cli_opt(c, "--budget-games"))
        return cli_usage("tune: give --budget-games or --budget-seconds, not both");
    if (bs && !cli_parse_double(bs, 0.001, 1e7, &seconds))
        return cli_usage("tune: option --budget-seconds: '%s' is not a number of seconds in 0.001..1e7", bs);
    cfg->budget_games = bs ? 0 : budget;
    cfg->budget_seconds = seconds;
    cfg->max_decisions = maxdec;
    return CLI_EXIT_OK;
}

/* The sorted result printed (unless a file goes to standard output) and written to each output asked for. */
static int tune_outputs(cli *c, tune_cli *t, int top)
{
    int rc = CLI_EXIT_OK;
    tune_sort(t);
    const char *json = cli_opt(c, "--json"), *csv = cli_opt(c, "--csv"), *ini = cli_opt(c, "--ini"),
               *html = cli_opt(c, "--html");
    if (!tune_dash(c))
        tune_print(t, top);
    if ((csv && tune_write_csv(t, csv) != 0) || (json && tune_write_json(t, json) != 0) ||
        (html && tune_write_html(t, html) != 0))
        rc = CLI_EXIT_FAIL;
    if (rc == 0 && ini && t->res->winner < 0)
        rc = cli_fail("tune: option --ini: no winner to write (every candidate was refused)");
    else if (rc == 0 && ini && tune_write_ini(t, ini) != 0)
        rc = CLI_EXIT_FAIL;
    return rc;
}

/* --budget-seconds under mpirun: rank 0's clock, the same reading on every rank, so that every
 * rank's search takes the same decisions and plays the same batches (a collective: the search
 * reads it at the same points everywhere, fc_tune_config.clock). */
static double tune_rank0_clock(void *ud)
{
    (void)ud;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return cli_mpi_bcast_double((double)ts.tv_sec + (double)ts.tv_nsec * 1e-9);
}

/* Whether every rank's search ended with this result (a collective; timings aside). */
static bool tune_same(const fc_tune_result *r)
{
    long head[4] = {r->ncandidates, r->winner, r->games, r->race_rounds};
    return cli_mpi_same(head, sizeof head) && cli_mpi_same(r->cand, (size_t)r->ncandidates * sizeof *r->cand);
}

/* The search on every rank; rank 0 alone prints, writes and records (the others return 0 on a
 * failure of the search too, so that mpirun does not end the job before rank 0 has said it). */
static int tune_main(cli *c, tune_cli *t, int top)
{
    fc_tune_config *cfg = &t->cfg;
    if (cli_mpi_size() > 1) { /* each batch of games is spread over the ranks */
        cfg->play_sim = cli_mpi_play;
        cfg->clock = tune_rank0_clock;
    }
    t->progress = cli_mpi_rank() == 0 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
    if (t->progress) {
        cfg->progress = tune_progress;
        cfg->progress_ud = t;
    }
    fc_error err;
    fc_error_clear(&err);
    cli_runs *runs = tune_record_begin(c, t); /* NULL on ranks other than 0 */
    if (runs) {
        t->runs = runs;
        cfg->on_games = tune_record_games;
        cfg->on_games_ud = t;
    }
    int rc = CLI_EXIT_OK;
    t->res = fc_tune_run(cfg, &err);
    if (t->progress)
        fputc('\n', stderr);
    if (t->res && cli_mpi_size() > 1 && !tune_same(t->res)) {
        fc_tune_result_free(t->res);
        t->res = NULL;
        fc_error_set(&err, FC_ESTATE, "tune: the ranks' searches ended differently (a bug): nothing written");
    }
    if (!t->res)
        rc = cli_mpi_rank() == 0 ? cli_fail("%s", err.msg) : CLI_EXIT_OK;
    else if (cli_mpi_rank() != 0)
        rc = CLI_EXIT_OK; /* every rank holds the result */
    else if (!(t->order = malloc((size_t)(t->res->ncandidates ? t->res->ncandidates : 1) * sizeof *t->order)))
        rc = cli_fail("out of memory");
    else {
        rc = tune_outputs(c, t, top);
        tune_record_end(runs, t);
    }
    cli_runs_end(runs, rc == 0, t->res ? t->res->games : 0);
    return rc;
}

int cli_cmd_tune(cli *c)
{
    tune_cli *t = calloc(1, sizeof *t);
    if (!t)
        return cli_fail("out of memory");
    if (cli_mpi_begin() != 0) { /* under mpirun every rank runs this with the same arguments */
        free(t);
        cli_mpi_end();
        return CLI_EXIT_FAIL;
    }
    int top = 5;
    int rc = tune_options(c, t, &top);
    fc_context *ctx = rc == CLI_EXIT_OK ? cli_context(c, NULL, 0) : NULL;
    if (rc == CLI_EXIT_OK)
        rc = ctx ? tune_setup(t, c, ctx) : CLI_EXIT_FAIL;
    if ((rc = cli_mpi_agree(rc)) == CLI_EXIT_OK)
        rc = tune_main(c, t, top);
    fc_tune_result_free(t->res);
    fc_rules_free(t->base);
    fc_rules_free(t->base_done);
    free(t->order);
    free(t);
    fc_context_free(ctx);
    cli_mpi_end();
    return rc;
}
