/* Recording a study run in the runs database (formicary/runs.h, docs/runs.md): which file
 * (--db, --no-db, $FORMICARY_DB, the user's data directory), and the one
 * warning line when it cannot be written. The database never fails a run: after its first
 * error the run goes on unrecorded (left 'incomplete' if it had begun). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sim_mpi.h"

struct cli_runs {
    fc_runs *db;
    int64_t id;
    int nmetrics, cap;
    fc_run_metric *m; /* kept until the end: one transaction with the status */
};

/* Prints the one warning line and stops recording. */
static void runs_warn(cli_runs *r, const fc_error *err)
{
    if (r->id > 0) /* its row is in: say what is left of it */
        fprintf(stderr,
                "formicary: warning: runs database %s (recording stopped: run %lld stays 'incomplete' with what was "
                "written; --no-db to skip it)\n",
                err->msg, (long long)r->id);
    else
        fprintf(stderr, "formicary: warning: runs database %s (this run is not recorded; --no-db to skip it)\n",
                err->msg);
    fc_runs_close(r->db);
    r->db = NULL;
}

/* The command line as one text, each word shell-quoted when it needs it. */
static char *runs_argv(const cli *c)
{
    size_t cap = 64, len = 0;
    for (int i = 0; i < c->argc; i++)
        cap += 4 * strlen(c->argv[i]) + 3;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    len = (size_t)snprintf(s, cap, "formicary %s", c->cmd->name);
    for (int i = 0; i < c->argc; i++) {
        const char *a = c->argv[i];
        bool plain = a[0] != '\0' && strspn(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                               "-_./:=,+@%") == strlen(a);
        s[len++] = ' ';
        if (plain) {
            len += (size_t)sprintf(s + len, "%s", a);
            continue;
        }
        s[len++] = '\'';
        for (; *a; a++)
            len += (size_t)(*a == '\'' ? sprintf(s + len, "'\\''") : sprintf(s + len, "%c", *a));
        s[len++] = '\'';
        s[len] = '\0';
    }
    return s;
}

/* The database of this command line: 1 with the path, 0 when off, or a negative error. */
static int runs_path(const cli *c, char *buf, size_t n, fc_error *err)
{
    if (cli_flag(c, "--no-db"))
        return 0;
    const char *opt = cli_opt(c, "--db");
    if (opt) {
        if (!opt[0] || strlen(opt) >= n)
            return fc_error_set(err, FC_EINVAL, "--db: '%s' is not a usable file name", opt);
        snprintf(buf, n, "%s", opt);
        return 1;
    }
    return fc_runs_default_path(buf, n, err);
}

cli_runs *cli_runs_begin(const cli *c, const char *command, const char *game, int nseats, uint64_t seed, int threads,
                         long planned)
{
    if (cli_mpi_rank() != 0) /* rank 0 alone writes */
        return NULL;
    char path[1024];
    fc_error err;
    fc_error_clear(&err);
    int on = runs_path(c, path, sizeof path, &err);
    cli_runs *r = on > 0 ? calloc(1, sizeof *r) : NULL;
    if (on < 0 || (on > 0 && !r)) {
        fprintf(stderr, "formicary: warning: %s (this run is not recorded)\n", on < 0 ? err.msg : "out of memory");
        return NULL;
    }
    if (!r)
        return NULL;
    char *argv = runs_argv(c);
    fc_run_info info = {command, argv ? argv : c->cmd->name, game, nseats, seed, threads, planned};
    if (!(r->db = fc_runs_open(path, true, &err)) || (r->id = fc_runs_begin(r->db, &info, &err)) <= 0)
        runs_warn(r, &err);
    free(argv);
    if (!r->db) {
        free(r);
        return NULL;
    }
    return r;
}

void cli_runs_design(cli_runs *r, const char *label, const fc_rules *rules, const char *description)
{
    fc_error err;
    fc_error_clear(&err);
    if (r && r->db && fc_runs_add_design(r->db, r->id, label, rules, description, &err) != 0)
        runs_warn(r, &err);
}

void cli_runs_seat(cli_runs *r, int seat, const char *agent, const char *tier)
{
    fc_error err;
    fc_error_clear(&err);
    if (r && r->db && fc_runs_add_seat(r->db, r->id, seat, agent, tier && tier[0] ? tier : NULL, &err) != 0)
        runs_warn(r, &err);
}

void cli_runs_planned(cli_runs *r, long games)
{
    fc_error err;
    fc_error_clear(&err);
    if (r && r->db && fc_runs_set_planned(r->db, r->id, games, &err) != 0)
        runs_warn(r, &err);
}

void cli_runs_games(cli_runs *r, const char *label, const fc_sim_game *g, int n, int nseats)
{
    cli_runs_games_noted(r, label, g, NULL, n, nseats);
}

void cli_runs_games_noted(cli_runs *r, const char *label, const fc_sim_game *g, const fc_run_game_note *note, int n,
                          int nseats)
{
    fc_error err;
    fc_error_clear(&err);
    if (r && r->db && n > 0 && fc_runs_add_games_noted(r->db, r->id, label, g, note, n, nseats, &err) != 0)
        runs_warn(r, &err);
}

void cli_runs_metric(cli_runs *r, const char *design, const char *name, double value, double lo, double hi, double p,
                     const char *text)
{
    if (!r || !r->db)
        return;
    if (r->nmetrics == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        fc_run_metric *m = realloc(r->m, (size_t)cap * sizeof *m);
        if (!m)
            return; /* a figure fewer; the end reports nothing worse */
        r->m = m;
        r->cap = cap;
    }
    fc_run_metric *x = &r->m[r->nmetrics];
    *x = (fc_run_metric){strdup(design), strdup(name), value, lo, hi, p, text ? strdup(text) : NULL};
    if (!x->design || !x->name || (text && !x->text)) {
        free((char *)x->design);
        free((char *)x->name);
        free((char *)x->text);
        return;
    }
    r->nmetrics++;
}

void cli_runs_end(cli_runs *r, bool complete, long games)
{
    if (!r)
        return;
    fc_error err;
    fc_error_clear(&err);
    if (r->db && fc_runs_finish(r->db, r->id, complete ? "complete" : "failed", games, r->m, r->nmetrics, &err) != 0)
        runs_warn(r, &err);
    for (int i = 0; i < r->nmetrics; i++) {
        free((char *)r->m[i].design);
        free((char *)r->m[i].name);
        free((char *)r->m[i].text);
    }
    free(r->m);
    fc_runs_close(r->db);
    free(r);
}

int64_t cli_runs_id(const cli_runs *r) { return r && r->db ? r->id : 0; }
