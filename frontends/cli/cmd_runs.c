/* `formicary runs`: the runs database read back (docs/runs.md). `runs [list]` the recent runs,
 * `runs show ID` one run's summary, `runs compare ID ID` two runs' figures side by side,
 * `runs export ID --csv FILE` a run's games (or its figures) as CSV. Text
 * from the database is escaped for the terminal: it holds command lines and file contents. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const cli_optdef cli_opts_runs[] = {
    {"--game", "G", false, "list: only runs of game G"},
    {"--limit", "N", false, "list: at most N runs, the most recent first (default 20)"},
    {"--csv", "FILE", false, "export: the CSV file to write ('-': standard output, the default)"},
    {"--metrics", NULL, false, "export: the run's summary figures instead of its games"},
    {"--db", "FILE", false, "the database to read (default $FORMICARY_DB, else ~/.local/share/formicary/runs.db)"},
    {NULL, NULL, false, NULL},
};

#define RUNS_MAX_METRICS 512

/* One run's figures, as read for show and compare. */
typedef struct runs_fig {
    char design[16], name[48];
    double v[4]; /* value, lo, hi, p */
    char text[64];
} runs_fig;
typedef struct runs_figs {
    int n;
    runs_fig f[RUNS_MAX_METRICS];
} runs_figs;

static void runs_collect(void *ud, const double *v, const char *const *t)
{
    runs_figs *fs = ud;
    if (fs->n == RUNS_MAX_METRICS)
        return;
    runs_fig *f = &fs->f[fs->n++];
    snprintf(f->design, sizeof f->design, "%s", t[0] ? t[0] : "");
    snprintf(f->name, sizeof f->name, "%s", t[1] ? t[1] : "");
    snprintf(f->text, sizeof f->text, "%s", t[2] ? t[2] : "");
    memcpy(f->v, v, sizeof f->v);
}

static fc_runs *runs_open(const cli *c)
{
    char path[1024];
    fc_error err;
    fc_error_clear(&err);
    const char *opt = cli_opt(c, "--db");
    int on = opt ? 1 : fc_runs_default_path(path, sizeof path, &err);
    if (opt)
        snprintf(path, sizeof path, "%s", opt);
    if (on == 0) {
        cli_fail("runs: FORMICARY_DB is empty: no runs database (give --db FILE)");
        return NULL;
    }
    fc_runs *db = on > 0 ? fc_runs_open(path, false, &err) : NULL;
    if (!db)
        cli_fail("runs: %s", err.msg);
    return db;
}

static bool runs_id(const char *text, int64_t *id)
{
    uint64_t v;
    if (!cli_parse_u64(text, &v) || v == 0 || v > INT64_MAX)
        return cli_usage("runs: '%s' is not a run id (a number from formicary runs)", text), false;
    *id = (int64_t)v;
    return true;
}

static void runs_num(char *buf, size_t n, double v)
{
    if (isnan(v))
        snprintf(buf, n, "-");
    else if (fabs(v) > 1e-12 && fabs(v) < 0.001) /* p-values; below 1e-12 is rounding (a Wilson bound of 0) */
        snprintf(buf, n, "%.2e", v);
    else
        snprintf(buf, n, "%.3f", v);
}

static int runs_list(const cli *c, fc_runs *db)
{
    int limit = 20;
    if (!cli_opt_int(c, "--limit", 1, 100000, 20, &limit))
        return CLI_EXIT_USAGE;
    fc_run_row *rows = calloc((size_t)limit, sizeof *rows);
    if (!rows)
        return cli_fail("out of memory");
    fc_error err;
    fc_error_clear(&err);
    int n = fc_runs_list(db, cli_opt(c, "--game"), rows, limit, &err);
    if (n < 0) {
        free(rows);
        return cli_fail("runs: %s", err.msg);
    }
    cli_table t;
    cli_table_init(&t, 7);
    cli_table_add(&t, "id", "started (UTC)", "command", "game", "games", "status", "command line");
    for (int i = 0; i < n; i++) {
        char id[24], games[48], line[4 * FC_RUNS_TEXT], game[256];
        snprintf(id, sizeof id, "%lld", (long long)rows[i].id);
        if (rows[i].games_planned > 0)
            snprintf(games, sizeof games, "%ld/%ld", rows[i].games_played, rows[i].games_planned);
        else
            snprintf(games, sizeof games, "%ld", rows[i].games_played);
        fc_escape(rows[i].argv, line, sizeof line);
        fc_escape(rows[i].game, game, sizeof game);
        cli_table_add(&t, id, rows[i].started, rows[i].command, game, games, rows[i].status, line);
    }
    if (n == 0)
        printf("no runs recorded%s%s in %s\n", cli_opt(c, "--game") ? " for " : "",
               cli_opt(c, "--game") ? cli_opt(c, "--game") : "", fc_runs_path(db));
    else
        cli_table_print(&t, stdout, "");
    cli_table_free(&t);
    free(rows);
    return CLI_EXIT_OK;
}

static void runs_print_seat(void *ud, const double *v, const char *const *t)
{
    char agent[512];
    printf("%s%d %s", *(int *)ud ? ", " : "seats: ", (int)v[0], fc_escape(t[0] ? t[0] : "", agent, sizeof agent));
    if (t[1])
        printf(" (tier %s)", fc_escape(t[1], agent, sizeof agent));
    ++*(int *)ud;
}

static void runs_print_design(void *ud, const double *v, const char *const *t)
{
    (void)ud;
    (void)v;
    char buf[8192], label[64];
    printf("design %s: %s\n", fc_escape(t[0] ? t[0] : "", label, sizeof label), fc_escape(t[1] ? t[1] : "-", buf, sizeof buf));
    printf("  variant %s", fc_escape(t[2] ? t[2] : "none", buf, sizeof buf));
    printf("%s%s, params hash %s\n", t[3] ? " hash " : "", t[3] ? t[3] : "", t[4] ? t[4] : "-");
}

/* "PREFIX<the whole command line>\n": `list` cuts it to fit a line, show and export must not. */
static void runs_print_argv(FILE *f, const char *prefix, fc_runs *db, const fc_run_row *r)
{
    fc_error err;
    char *argv = fc_runs_argv(db, r->id, &err);
    const char *text = argv ? argv : r->argv;
    size_t n = 4 * strlen(text) + 1;
    char *shown = malloc(n);
    fprintf(f, "%s%s\n", prefix, shown ? fc_escape(text, shown, n) : text);
    free(shown);
    free(argv);
}

static int runs_show(fc_runs *db, int64_t id)
{
    fc_run_row r;
    fc_error err;
    fc_error_clear(&err);
    if (fc_runs_get(db, id, &r, &err) != 0)
        return cli_fail("runs: %s", err.msg);
    char game[256];
    printf("run %lld: %s %s, %s\n", (long long)r.id, r.command, fc_escape(r.game, game, sizeof game), r.status);
    runs_print_argv(stdout, "command: ", db, &r);
    printf("formicary %s; started %s", r.version, r.started);
    if (r.ended[0])
        printf(", ended %s (%.2f s)", r.ended, r.seconds);
    printf("; seed %llu, %d thread%s, %d seats, games %ld", (unsigned long long)r.seed, r.threads,
           r.threads == 1 ? "" : "s", r.nseats, r.games_played);
    if (r.games_planned > 0)
        printf(" of %ld", r.games_planned);
    printf("\n");
    int nseats = 0;
    if (fc_runs_each(db, id, FC_RUNS_SEATS, runs_print_seat, &nseats, &err) != 0 ||
        (nseats && printf("\n") < 0) || fc_runs_each(db, id, FC_RUNS_DESIGNS, runs_print_design, NULL, &err) != 0)
        return cli_fail("runs: %s", err.msg);
    runs_figs *fs = calloc(1, sizeof *fs);
    if (!fs)
        return cli_fail("out of memory");
    if (fc_runs_each(db, id, FC_RUNS_METRICS, runs_collect, fs, &err) != 0) {
        free(fs);
        return cli_fail("runs: %s", err.msg);
    }
    if (fs->n == 0)
        printf("no summary figures (%s)\n", strcmp(r.status, "complete") == 0 ? "none recorded" : "the run did not finish");
    bool texts = false; /* the text column only when a figure has one (tune's winner, ladder's agents) */
    for (int i = 0; i < fs->n; i++)
        texts = texts || fs->f[i].text[0];
    cli_table t;
    cli_table_init(&t, texts ? 6 : 5);
    cli_table_add(&t, "design", "metric", "value", "95% CI", "p", "text");
    for (int i = 0; i < fs->n; i++) {
        const runs_fig *f = &fs->f[i];
        char c[4][100], text[256];
        runs_num(c[0], sizeof c[0], f->v[0]);
        runs_num(c[1], sizeof c[1], f->v[1]);
        runs_num(c[2], sizeof c[2], f->v[2]);
        snprintf(c[3], sizeof c[3], "%.40s..%.40s", c[1], c[2]);
        runs_num(c[1], sizeof c[1], f->v[3]);
        cli_table_add(&t, f->design[0] ? f->design : "-", f->name, c[0], isnan(f->v[1]) ? "-" : c[3], c[1],
                      fc_escape(f->text, text, sizeof text));
    }
    if (fs->n)
        cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
    free(fs);
    return CLI_EXIT_OK;
}

/* The figure of (design, name) in fs, or NULL. */
static const runs_fig *runs_find(const runs_figs *fs, const runs_fig *key)
{
    for (int i = 0; i < fs->n; i++)
        if (!strcmp(fs->f[i].design, key->design) && !strcmp(fs->f[i].name, key->name))
            return &fs->f[i];
    return NULL;
}

static void runs_compare_row(cli_table *t, const runs_fig *key, const runs_fig *a, const runs_fig *b)
{
    char c[3][64], lo[24], hi[24];
    const runs_fig *x[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        if (!x[k]) {
            snprintf(c[k], sizeof c[k], "-");
            continue;
        }
        runs_num(c[k], sizeof c[k], x[k]->v[0]);
        if (!isnan(x[k]->v[1])) {
            runs_num(lo, sizeof lo, x[k]->v[1]);
            runs_num(hi, sizeof hi, x[k]->v[2]);
            size_t len = strlen(c[k]);
            snprintf(c[k] + len, sizeof c[k] - len, " [%s, %s]", lo, hi);
        }
    }
    if (a && b && !isnan(a->v[0]) && !isnan(b->v[0]))
        snprintf(c[2], sizeof c[2], "%+.3f", b->v[0] - a->v[0]);
    else
        snprintf(c[2], sizeof c[2], "-");
    cli_table_add(t, key->design[0] ? key->design : "-", key->name, c[0], c[1], c[2]);
}

static int runs_compare(fc_runs *db, int64_t ida, int64_t idb)
{
    fc_run_row r[2];
    fc_error err;
    fc_error_clear(&err);
    runs_figs *fs = calloc(2, sizeof *fs);
    if (!fs)
        return cli_fail("out of memory");
    int64_t ids[2] = {ida, idb};
    for (int k = 0; k < 2; k++)
        if (fc_runs_get(db, ids[k], &r[k], &err) != 0 ||
            fc_runs_each(db, ids[k], FC_RUNS_METRICS, runs_collect, &fs[k], &err) != 0) {
            free(fs);
            return cli_fail("runs: %s", err.msg);
        }
    for (int k = 0; k < 2; k++) {
        char game[256], head[512];
        snprintf(head, sizeof head, "run %lld: %s %s, %s, %ld games, %s: ", (long long)r[k].id, r[k].command,
                 fc_escape(r[k].game, game, sizeof game), r[k].status, r[k].games_played, r[k].started);
        runs_print_argv(stdout, head, db, &r[k]);
    }
    if (strcmp(r[0].game, r[1].game) != 0)
        printf("note: the runs are of different games\n");
    char ha[32], hb[32];
    snprintf(ha, sizeof ha, "run %lld", (long long)ida);
    snprintf(hb, sizeof hb, "run %lld", (long long)idb);
    cli_table t;
    cli_table_init(&t, 5);
    cli_table_add(&t, "design", "metric", ha, hb, "difference");
    for (int i = 0; i < fs[0].n; i++)
        runs_compare_row(&t, &fs[0].f[i], &fs[0].f[i], runs_find(&fs[1], &fs[0].f[i]));
    for (int i = 0; i < fs[1].n; i++)
        if (!runs_find(&fs[0], &fs[1].f[i]))
            runs_compare_row(&t, &fs[1].f[i], NULL, &fs[1].f[i]);
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
    printf("values with 95%% intervals as each run measured them; difference: the second run's value minus the "
           "first's\n");
    free(fs);
    return CLI_EXIT_OK;
}


/* ---- export ---- */

#define RUNS_MAX_AGENTS 64
typedef struct runs_export {
    FILE *f;
    int nagents, nseats;
    bool agents_not_seats; /* ladder, skill and corpus replay keep their agents in the seats rows */
    bool notes;            /* corpus replay: each row's source and note */
    char agent[RUNS_MAX_AGENTS][256];
} runs_export;

static void runs_csv_field(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++)
        fputs(*s == '"' ? "\"\"" : (char[2]){*s, 0}, f);
    fputc('"', f);
}

static void runs_export_seat(void *ud, const double *v, const char *const *t)
{
    runs_export *x = ud;
    int k = (int)v[0];
    if (k >= 1 && k <= RUNS_MAX_AGENTS) {
        snprintf(x->agent[k - 1], sizeof x->agent[k - 1], "%s", t[0] ? t[0] : "");
        if (k > x->nagents)
            x->nagents = k;
    }
    char agent[1024];
    fprintf(x->f, "# %s %d: %s", x->agents_not_seats || k > x->nseats ? "agent" : "seat", k,
            fc_escape(t[0] ? t[0] : "", agent, sizeof agent));
    fprintf(x->f, "%s%s\n", t[1] ? ", tier " : "", t[1] ? fc_escape(t[1], agent, sizeof agent) : "");
}

static void runs_export_design(void *ud, const double *v, const char *const *t)
{
    (void)v;
    runs_export *x = ud;
    char text[8192], label[64];
    fprintf(x->f, "# design %s: %s", fc_escape(t[0] ? t[0] : "", label, sizeof label),
            fc_escape(t[1] ? t[1] : "-", text, sizeof text));
    fprintf(x->f, "; variant %s, params hash %s\n", fc_escape(t[2] ? t[2] : "none", text, sizeof text),
            t[4] ? t[4] : "-");
}

static void runs_export_metric(void *ud, const double *v, const char *const *t)
{
    runs_export *x = ud;
    runs_csv_field(x->f, t[0]);
    fputc(',', x->f);
    runs_csv_field(x->f, t[1]);
    for (int i = 0; i < 4; i++)
        isnan(v[i]) ? (void)fputc(',', x->f) : (void)fprintf(x->f, ",%.6g", v[i]);
    fputc(',', x->f);
    runs_csv_field(x->f, t[2]);
    fputc('\n', x->f);
}

/* ",v" with printf's fmt, or "," alone for a NULL column (negative counts, NaN). */
static void runs_csv_long(FILE *f, long v)
{
    v >= 0 ? (void)fprintf(f, ",%ld", v) : (void)fputc(',', f);
}
static void runs_csv_real(FILE *f, const char *fmt, double v)
{
    fputc(',', f);
    if (!isnan(v))
        fprintf(f, fmt, v);
}

static void runs_export_game(void *ud, const fc_run_game *g)
{
    runs_export *x = ud;
    fprintf(x->f, "%s,%ld", g->design, g->game);
    for (int k = 0; k < x->nseats; k++) {
        int a = k < g->nseats ? g->agent[k] : -1;
        fputc(',', x->f);
        runs_csv_field(x->f, a >= 1 && a <= x->nagents ? x->agent[a - 1] : "");
        if (k < g->nseats)
            fprintf(x->f, ",%ld", g->score[k]);
        else
            fputc(',', x->f);
        runs_csv_long(x->f, g->rank[k] >= 0 ? g->rank[k] + 1 : -1);
        runs_csv_real(x->f, "%.6g", g->win[k]);
    }
    const long counts[] = {g->winners, g->timeout, g->rounds, g->decisions, g->choice_points};
    for (int i = 0; i < 5; i++)
        runs_csv_long(x->f, counts[i]);
    runs_csv_real(x->f, "%.4f", g->branching);
    runs_csv_long(x->f, g->lead_changes);
    const double reals[] = {g->drama, g->margin, g->seconds};
    for (int i = 0; i < 3; i++)
        runs_csv_real(x->f, "%.4f", reals[i]);
    if (x->notes) {
        fputc(',', x->f);
        runs_csv_field(x->f, g->source);
        fputc(',', x->f);
        runs_csv_field(x->f, g->note);
    }
    fputc('\n', x->f);
}

/* What a games row's design and game number are for each command (docs/runs.md). */
static const char *runs_game_note(const char *command)
{
    if (!strcmp(command, "ladder"))
        return "game: the ladder's order (round, table, rotation, deal)";
    if (!strcmp(command, "skill"))
        return "design A:sK: step K of design A, A:rnd: against random; game i and pairs + i share a deal";
    if (!strcmp(command, "check"))
        return "design LN: line-up N; game: deal x seatings + seating, from 1";
    if (!strcmp(command, "tune"))
        return "design cN: candidate N (its values in the figures); game i: seeds from the run's seed and i";
    if (!strcmp(command, "sensitivity"))
        return "design base: the base values, pN: design point N in order of play (its values in the figure pN / "
               "values); game i: seeds from the run's seed and i, the same for every point";
    if (!strcmp(command, "replay"))
        return "design A: each record as recorded, B: replayed under the new rules; game i: the i-th record by file "
               "name; decisions: chance outcomes included; empty: not known (a game not over has no ranks)";
    return "game i: seeds from the run's seed and i";
}

/* The run's games as CSV, one row per game and design (seat columns for every seat), or its
 * summary figures; a commented header says what the run was, so the file read alone says it. */
static int runs_export_csv(const cli *c, fc_runs *db, int64_t id)
{
    fc_run_row r;
    fc_error err;
    fc_error_clear(&err);
    if (fc_runs_get(db, id, &r, &err) != 0)
        return cli_fail("runs: %s", err.msg);
    long ngames = fc_runs_each_game(db, id, NULL, NULL, &err); /* counts them */
    if (ngames < 0)
        return cli_fail("runs: %s", err.msg);
    bool metrics = cli_flag(c, "--metrics") || ngames == 0;
    if (metrics && !cli_flag(c, "--metrics"))
        fprintf(stderr, "formicary: run %lld (%s) has no per-game rows: exporting its summary figures\n",
                (long long)id, r.command);
    runs_export *x = calloc(1, sizeof *x);
    fc_outfile *o = x ? cli_open_output(cli_opt(c, "--csv") ? cli_opt(c, "--csv") : "-") : NULL;
    if (!o) {
        free(x);
        return x ? CLI_EXIT_FAIL : cli_fail("out of memory");
    }
    x->f = fc_outfile_stream(o);
    char game[256];
    fprintf(x->f, "# formicary runs export: run %lld, %s %s, %s; formicary %s, started %s; seed %llu, %d seats, %ld games\n",
            (long long)r.id, r.command, fc_escape(r.game, game, sizeof game), r.status, r.version, r.started,
            (unsigned long long)r.seed, r.nseats, r.games_played);
    runs_print_argv(x->f, "# command: ", db, &r);
    x->nseats = r.nseats > FC_MAX_SEATS ? FC_MAX_SEATS : r.nseats;
    x->agents_not_seats = !strcmp(r.command, "ladder") || !strcmp(r.command, "skill") || !strcmp(r.command, "replay");
    x->notes = !strcmp(r.command, "replay");
    int rc = fc_runs_each(db, id, FC_RUNS_SEATS, runs_export_seat, x, &err);
    if (rc == 0)
        rc = fc_runs_each(db, id, FC_RUNS_DESIGNS, runs_export_design, x, &err);
    if (rc == 0 && metrics) {
        fputs("# one row per summary figure: value with its 95% interval (empty: none) and adjusted p (B-A rows)\n"
              "design,metric,value,lo95,hi95,p,text\n",
              x->f);
        rc = fc_runs_each(db, id, FC_RUNS_METRICS, runs_export_metric, x, &err);
    } else if (rc == 0) {
        fprintf(x->f, "# one row per game and design (%s); agent_K: the agent that sat in seat K; rank 1 = first; "
                      "win: 1/k when among k winners\n",
                runs_game_note(r.command));
        fputs("design,game", x->f);
        for (int k = 1; k <= x->nseats; k++)
            fprintf(x->f, ",agent_%d,score_%d,rank_%d,win_%d", k, k, k, k);
        fputs(",winners,timeout,rounds,decisions,choice_points,branching,lead_changes,drama,margin,seconds", x->f);
        fputs(x->notes ? ",source,note\n" : "\n", x->f);
        rc = fc_runs_each_game(db, id, runs_export_game, x, &err) < 0 ? -1 : 0;
    }
    if (rc != 0) {
        fc_outfile_discard(o);
        free(x);
        return cli_fail("runs: %s", err.msg);
    }
    free(x);
    return cli_finish_output(o);
}

int cli_cmd_runs(cli *c)
{
    const char *what = c->npos > 0 ? c->pos[0] : "list";
    bool export = !strcmp(what, "export");
    int need = !strcmp(what, "list") ? 1 : !strcmp(what, "show") || export ? 2 : !strcmp(what, "compare") ? 3 : -1;
    if (need < 0)
        return cli_usage("runs: unknown action '%s' (list, show ID, compare ID ID, export ID --csv FILE)", what);
    if (c->npos > 0 && c->npos != need)
        return cli_usage("runs: %s takes %s", what, need == 1 ? "no argument" : need == 2 ? "one run id" : "two run ids");
    if (need > 1 && (cli_opt(c, "--game") || cli_opt(c, "--limit")))
        return cli_usage("runs: --game and --limit go with list");
    if (!export && (cli_opt(c, "--csv") || cli_flag(c, "--metrics")))
        return cli_usage("runs: --csv and --metrics go with export");
    int64_t id[2] = {0, 0};
    for (int i = 1; i < need; i++)
        if (!runs_id(c->pos[i], &id[i - 1]))
            return CLI_EXIT_USAGE;
    fc_runs *db = runs_open(c);
    if (!db)
        return CLI_EXIT_FAIL;
    int rc = need == 1 ? runs_list(c, db)
             : export  ? runs_export_csv(c, db, id[0])
             : need == 2 ? runs_show(db, id[0])
                         : runs_compare(db, id[0], id[1]);
    fc_runs_close(db);
    return rc;
}
