/* The runs database (docs/runs.md): every study run (sim, A/B, tune, skill, ladder, corpus
 * replay) kept in one SQLite file a designer can query later. A writer opens it, begins a run
 * (the run is 'incomplete' from then on), adds its designs, seats and games (one transaction
 * per chunk of games) and finishes it with its summary metrics ('complete' or 'failed') in one
 * last transaction: a process killed half-way leaves a consistent database with the run marked
 * incomplete. WAL mode and a busy timeout let several processes write at once.
 *
 * Errors are one line naming the file ("runs.db: attempt to write a readonly database");
 * callers treat them as warnings, so a run never fails because of its database. */
#ifndef FORMICARY_RUNS_H
#define FORMICARY_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formicary/error.h"
#include "formicary/rules.h"
#include "formicary/sim.h"

typedef struct fc_runs fc_runs;

/* The schema version kept in PRAGMA user_version: 2 added games.source and games.note (a
 * version-1 file is upgraded when a writer opens it; docs/runs.md). */
#define FC_RUNS_SCHEMA 2

/* The database file to use, from the environment: $FORMICARY_DB when set (empty: none),
 * else $XDG_DATA_HOME/formicary/runs.db, else $HOME/.local/share/formicary/runs.db. 1 with the
 * path in buf, 0 when recording is off (empty variable), negative when there is no home or
 * the path does not fit (err set). */
int fc_runs_default_path(char *buf, size_t n, fc_error *err);

/* Opens (writable: creating the file, its missing parent directories and the schema) or
 * opens read-only an existing database. NULL with err set. */
fc_runs *fc_runs_open(const char *path, bool writable, fc_error *err);
void fc_runs_close(fc_runs *db);
const char *fc_runs_path(const fc_runs *db);

/* ---- writing ---- */

typedef struct fc_run_info {
    const char *command; /* "sim", "tune", "skill", "ladder", "replay" */
    const char *argv;    /* the command line as one shell-quoted text */
    const char *game;
    int nseats;
    uint64_t seed;
    int threads;
    long games_planned; /* 0: not known in advance */
} fc_run_info;

/* Inserts the run (status 'incomplete', start time now, this program's version): its id > 0,
 * or a negative error. */
int64_t fc_runs_begin(fc_runs *db, const fc_run_info *info, fc_error *err);
/* The games the run now plans (sim --plan --run: known only after its pilot). */
int fc_runs_set_planned(fc_runs *db, int64_t run, long games, fc_error *err);
/* A design of the run (label "A", "B", ...): its description (what is compared, may be NULL),
 * the full resolved rule set (name = value lines), the variant's name and source text, the
 * hashes. */
int fc_runs_add_design(fc_runs *db, int64_t run, const char *label, const fc_rules *rules, const char *description,
                       fc_error *err);
/* Seat (1-based) played by agent spec `agent`, the tier it came from (NULL: none). */
int fc_runs_add_seat(fc_runs *db, int64_t run, int seat, const char *agent, const char *tier, fc_error *err);
/* Games g[0..n-1] of design `label` (one row each in games, one per seat in game_seats), in
 * one transaction that also counts them in runs.games_played. */
int fc_runs_add_games(fc_runs *db, int64_t run, const char *label, const fc_sim_game *g, int n, int nseats,
                      fc_error *err);

/* What a games row's numbers cannot say, for games read rather than played (a corpus replay's
 * records): the file, what became of it, and which of its numbers are unknown (NULL). */
typedef struct fc_run_game_note {
    const char *source; /* the file the game was read from; NULL: none */
    const char *note;   /* what became of it ("diverged at decision 57: ..."); NULL: none */
    bool no_result;     /* the game did not end: winners, margin, ranks and wins are NULL */
    bool unmeasured;    /* rounds, choice points, branching, lead changes, drama and seconds are NULL */
    bool unread;        /* the game could not be read: its decisions and timeout are NULL too */
} fc_run_game_note;
/* fc_runs_add_games with note[i] for game g[i] (note NULL: none, as fc_runs_add_games). */
int fc_runs_add_games_noted(fc_runs *db, int64_t run, const char *label, const fc_sim_game *g,
                            const fc_run_game_note *note, int n, int nseats, fc_error *err);

/* One summary figure of a run: design "A", "B", "B-A" (paired difference), "" (the run);
 * NaN for an absent lo, hi or p (stored as NULL); text for a non-numeric value (or NULL). */
typedef struct fc_run_metric {
    const char *design;
    const char *name;
    double value, lo, hi, p;
    const char *text;
} fc_run_metric;

/* Ends the run: its metrics, end time, wall seconds and status ("complete" or "failed") in one
 * transaction; games >= 0 sets games_played (runs without game rows), < 0 keeps the count of
 * fc_runs_add_games. */
int fc_runs_finish(fc_runs *db, int64_t run, const char *status, long games, const fc_run_metric *m, int n,
                   fc_error *err);

/* ---- reading ---- */

#define FC_RUNS_TEXT 160
typedef struct fc_run_row {
    int64_t id;
    char command[16], game[64], status[16], version[32];
    char started[32], ended[32]; /* UTC, ISO 8601; ended empty while incomplete */
    char argv[FC_RUNS_TEXT];      /* truncated with "..." */
    uint64_t seed;
    int nseats, threads;
    long games_planned, games_played;
    double seconds; /* NaN while incomplete */
} fc_run_row;

/* The most recent runs first (game NULL: every game), at most max: how many, or negative. */
int fc_runs_list(fc_runs *db, const char *game, fc_run_row *rows, int max, fc_error *err);
/* Run `id`: 0, or FC_EUNKNOWN ("no run ID in FILE"). */
int fc_runs_get(fc_runs *db, int64_t id, fc_run_row *row, fc_error *err);
/* Run `id`'s whole command line (fc_run_row.argv is cut for listing), to free; NULL with err. */
char *fc_runs_argv(fc_runs *db, int64_t id, fc_error *err);

/* Calls fn for each of the run's rows of one kind, in a stable order; what is NULL, absent. */
typedef enum fc_runs_part {
    FC_RUNS_SEATS,   /* v[0] seat, t[0] agent, t[1] tier */
    FC_RUNS_DESIGNS, /* t[0] label, t[1] description, t[2] variant name, t[3] variant hash, t[4] params hash */
    FC_RUNS_METRICS, /* t[0] design, t[1] name, v[0] value, v[1] lo, v[2] hi, v[3] p (NaN: NULL), t[2] text */
} fc_runs_part;
typedef void fc_runs_each_fn(void *ud, const double *v, const char *const *t);
int fc_runs_each(fc_runs *db, int64_t id, fc_runs_part part, fc_runs_each_fn *fn, void *ud, fc_error *err);

/* One game row of a run with its seats, as fc_runs_each_game reads it back (NaN or -1 for a
 * NULL column). agent[k] is which of the run's seats rows (1-based) sat in seat k + 1; nseats
 * counts the seats rows the game has (none for a record that could not be read). */
#define FC_RUNS_NOTE 512
typedef struct fc_run_game {
    char design[16];
    long game; /* 1-based */
    int winners, timeout, rounds, lead_changes;
    long decisions, choice_points;
    double branching, drama, margin, seconds;
    int nseats;
    int agent[FC_MAX_SEATS], rank[FC_MAX_SEATS];
    long score[FC_MAX_SEATS];
    double win[FC_MAX_SEATS];
    char source[FC_RUNS_NOTE], note[FC_RUNS_NOTE]; /* "" when NULL (truncated with "...") */
} fc_run_game;
typedef void fc_runs_game_fn(void *ud, const fc_run_game *g);
/* Calls fn (NULL: none, to count) for each game of the run, in design then game order: the
 * number of games, or negative. */
long fc_runs_each_game(fc_runs *db, int64_t id, fc_runs_game_fn *fn, void *ud, fc_error *err);

#endif
