/* The runs database: reading runs back for `formicary runs` (formicary/runs.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runs_db.h"

static void col_text(sqlite3_stmt *st, int i, char *buf, size_t n)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    size_t len = t ? strlen((const char *)t) : 0;
    if (len < n) {
        snprintf(buf, n, "%s", t ? (const char *)t : "");
    } else { /* a long command line: its start and "..." */
        memcpy(buf, t, n - 4);
        memcpy(buf + n - 4, "...", 4);
    }
}

static const char runs_cols[] = "SELECT id, command, game, status, version, started, coalesce(ended, ''), argv,"
                                " seed, nseats, threads, games_planned, games_played, seconds FROM runs";

static void runs_row(sqlite3_stmt *st, fc_run_row *r)
{
    memset(r, 0, sizeof *r);
    r->id = sqlite3_column_int64(st, 0);
    col_text(st, 1, r->command, sizeof r->command);
    col_text(st, 2, r->game, sizeof r->game);
    col_text(st, 3, r->status, sizeof r->status);
    col_text(st, 4, r->version, sizeof r->version);
    col_text(st, 5, r->started, sizeof r->started);
    col_text(st, 6, r->ended, sizeof r->ended);
    col_text(st, 7, r->argv, sizeof r->argv);
    const unsigned char *seed = sqlite3_column_text(st, 8);
    r->seed = seed ? strtoull((const char *)seed, NULL, 10) : 0;
    r->nseats = sqlite3_column_int(st, 9);
    r->threads = sqlite3_column_int(st, 10);
    r->games_planned = (long)sqlite3_column_int64(st, 11);
    r->games_played = (long)sqlite3_column_int64(st, 12);
    r->seconds = sqlite3_column_type(st, 13) == SQLITE_NULL ? NAN : sqlite3_column_double(st, 13);
}

char *fc_runs_argv(fc_runs *db, int64_t id, fc_error *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db->h, "SELECT argv FROM runs WHERE id = ?", -1, &st, NULL) != SQLITE_OK) {
        runs_fail(db, err);
        return NULL;
    }
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    const unsigned char *t = rc == SQLITE_ROW ? sqlite3_column_text(st, 0) : NULL;
    char *argv = t ? strdup((const char *)t) : NULL;
    sqlite3_finalize(st);
    if (argv)
        return argv;
    if (rc == SQLITE_ROW)
        fc_error_set(err, FC_ENOMEM, "out of memory");
    else if (rc == SQLITE_DONE)
        fc_error_set(err, FC_EUNKNOWN, "no run %lld in %s", (long long)id, db->path);
    else
        runs_fail(db, err);
    return NULL;
}

int fc_runs_list(fc_runs *db, const char *game, fc_run_row *rows, int max, fc_error *err)
{
    char sql[512];
    snprintf(sql, sizeof sql, "%s%s ORDER BY id DESC LIMIT ?", runs_cols, game ? " WHERE game = ?" : "");
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) != SQLITE_OK)
        return runs_fail(db, err);
    int i = 1;
    if (game)
        sqlite3_bind_text(st, i++, game, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, i, max);
    int n = 0, rc;
    while (n < max && (rc = sqlite3_step(st)) == SQLITE_ROW)
        runs_row(st, &rows[n++]);
    bool bad = n < max && rc != SQLITE_DONE;
    sqlite3_finalize(st);
    return bad ? runs_fail(db, err) : n;
}

int fc_runs_get(fc_runs *db, int64_t id, fc_run_row *row, fc_error *err)
{
    char sql[512];
    snprintf(sql, sizeof sql, "%s WHERE id = ?", runs_cols);
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) != SQLITE_OK)
        return runs_fail(db, err);
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        runs_row(st, row);
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW)
        return 0;
    if (rc == SQLITE_DONE)
        return fc_error_set(err, FC_EUNKNOWN, "no run %lld in %s", (long long)id, db->path);
    return runs_fail(db, err);
}

int fc_runs_each(fc_runs *db, int64_t id, fc_runs_part part, fc_runs_each_fn *fn, void *ud, fc_error *err)
{
    static const char *const sql[] = {
        [FC_RUNS_SEATS] = "SELECT seat, agent, tier FROM seats WHERE run = ? ORDER BY seat",
        [FC_RUNS_DESIGNS] = "SELECT label, description, variant, variant_hash, params_hash FROM designs"
                            " WHERE run = ? ORDER BY label",
        [FC_RUNS_METRICS] = "SELECT design, name, value, lo, hi, p, text FROM metrics WHERE run = ?"
                            " ORDER BY design, rowid",
    };
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db->h, sql[part], -1, &st, NULL) != SQLITE_OK)
        return runs_fail(db, err);
    sqlite3_bind_int64(st, 1, id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        double v[4] = {NAN, NAN, NAN, NAN};
        const char *t[5] = {NULL, NULL, NULL, NULL, NULL};
        int nt = 0, nv = 0;
        for (int c = 0; c < sqlite3_column_count(st); c++) {
            bool number = (part == FC_RUNS_SEATS && c == 0) || (part == FC_RUNS_METRICS && c >= 2 && c <= 5);
            if (number)
                v[nv++] = sqlite3_column_type(st, c) == SQLITE_NULL ? NAN : sqlite3_column_double(st, c);
            else
                t[nt++] = (const char *)sqlite3_column_text(st, c);
        }
        fn(ud, v, t);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : runs_fail(db, err);
}

/* NULL columns read as NaN (reals) or -1 (integers). */
static double col_real(sqlite3_stmt *st, int i)
{
    return sqlite3_column_type(st, i) == SQLITE_NULL ? NAN : sqlite3_column_double(st, i);
}
static long col_long(sqlite3_stmt *st, int i)
{
    return sqlite3_column_type(st, i) == SQLITE_NULL ? -1 : (long)sqlite3_column_int64(st, i);
}

/* Reads the seats of the game `g` names from `ss` (stepped in the same order as the games:
 * design, game, seat), leaving the first row of the next game pending. */
static int runs_game_seats(sqlite3_stmt *ss, int *pending, fc_run_game *g)
{
    int rc = *pending;
    while (rc == SQLITE_ROW) {
        const unsigned char *d = sqlite3_column_text(ss, 0);
        if (!d || strcmp((const char *)d, g->design) != 0 || sqlite3_column_int64(ss, 1) != g->game)
            break;
        int seat = sqlite3_column_int(ss, 2);
        if (seat >= 1 && seat <= FC_MAX_SEATS) {
            g->agent[seat - 1] = (int)col_long(ss, 3);
            g->score[seat - 1] = col_long(ss, 4);
            g->rank[seat - 1] = (int)col_long(ss, 5);
            g->win[seat - 1] = col_real(ss, 6);
            if (seat > g->nseats)
                g->nseats = seat;
        }
        rc = sqlite3_step(ss);
    }
    *pending = rc;
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

long fc_runs_each_game(fc_runs *db, int64_t id, fc_runs_game_fn *fn, void *ud, fc_error *err)
{
    sqlite3_stmt *sg = NULL, *ss = NULL;
    char sql[512];
    snprintf(sql, sizeof sql,
             "SELECT design, game, winners, timeout, rounds, lead_changes, decisions, choice_points, branching, drama,"
             " margin, seconds, %s FROM games WHERE run = ? ORDER BY design, game",
             db->version >= 2 ? "source, note" : "NULL, NULL"); /* a version-1 file read-only has neither */
    if (sqlite3_prepare_v2(db->h, sql, -1, &sg, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db->h,
                           "SELECT design, game, seat, agent, score, rank, win FROM game_seats WHERE run = ?"
                           " ORDER BY design, game, seat",
                           -1, &ss, NULL) != SQLITE_OK) {
        sqlite3_finalize(sg);
        return runs_fail(db, err);
    }
    sqlite3_bind_int64(sg, 1, id);
    sqlite3_bind_int64(ss, 1, id);
    long n = 0;
    int rc, pending = sqlite3_step(ss), bad = 0;
    fc_run_game g;
    while (!bad && (rc = sqlite3_step(sg)) == SQLITE_ROW) {
        memset(&g, 0, sizeof g);
        col_text(sg, 0, g.design, sizeof g.design);
        g.game = col_long(sg, 1);
        g.winners = (int)col_long(sg, 2);
        g.timeout = (int)col_long(sg, 3);
        g.rounds = (int)col_long(sg, 4);
        g.lead_changes = (int)col_long(sg, 5);
        g.decisions = col_long(sg, 6);
        g.choice_points = col_long(sg, 7);
        g.branching = col_real(sg, 8);
        g.drama = col_real(sg, 9);
        g.margin = col_real(sg, 10);
        g.seconds = col_real(sg, 11);
        col_text(sg, 12, g.source, sizeof g.source);
        col_text(sg, 13, g.note, sizeof g.note);
        for (int k = 0; k < FC_MAX_SEATS; k++) /* seats without a row read as unknown */
            g.rank[k] = -1, g.win[k] = NAN;
        /* seat rows of games without a games row (none are written so) are skipped */
        while (pending == SQLITE_ROW) {
            const unsigned char *d = sqlite3_column_text(ss, 0);
            int c = d ? strcmp((const char *)d, g.design) : -1;
            if (c > 0 || (c == 0 && sqlite3_column_int64(ss, 1) >= g.game))
                break;
            pending = sqlite3_step(ss);
        }
        bad = runs_game_seats(ss, &pending, &g);
        if (!bad) {
            if (fn)
                fn(ud, &g);
            n++;
        }
    }
    bad = bad || (rc != SQLITE_DONE && rc != SQLITE_ROW);
    sqlite3_finalize(sg);
    sqlite3_finalize(ss);
    return bad ? runs_fail(db, err) : n;
}
