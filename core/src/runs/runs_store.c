/* The runs database: opening, the schema and the writers (formicary/runs.h, docs/runs.md).
 * Every write is a transaction of its own (a run's row, a design, a chunk of games, the end),
 * so a process killed at any point leaves whole chunks and a run still marked incomplete. */
#include <errno.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "formicary/params.h"
#include "runs_db.h"

#ifndef FC_VERSION
#define FC_VERSION "unknown"
#endif

/* How long a writer waits for another one's lock: another writer holds it for one chunk at most. */
#define RUNS_BUSY_MS 10000

/* The schema (docs/runs.md documents each column). */
static const char runs_schema[] =
    "CREATE TABLE IF NOT EXISTS runs ("
    " id INTEGER PRIMARY KEY, command TEXT NOT NULL, argv TEXT NOT NULL, version TEXT NOT NULL,"
    " game TEXT NOT NULL, nseats INTEGER, seed TEXT, threads INTEGER, games_planned INTEGER,"
    " games_played INTEGER NOT NULL DEFAULT 0, started TEXT NOT NULL, ended TEXT, seconds REAL,"
    " status TEXT NOT NULL DEFAULT 'incomplete', pid INTEGER);"
    "CREATE INDEX IF NOT EXISTS runs_game ON runs(game, id);"
    "CREATE TABLE IF NOT EXISTS designs ("
    " run INTEGER NOT NULL REFERENCES runs(id), label TEXT NOT NULL, description TEXT,"
    " ruleset TEXT, rules TEXT NOT NULL, variant TEXT, variant_text TEXT, variant_hash TEXT,"
    " params_hash TEXT, PRIMARY KEY (run, label));"
    "CREATE TABLE IF NOT EXISTS seats ("
    " run INTEGER NOT NULL REFERENCES runs(id), seat INTEGER NOT NULL, agent TEXT NOT NULL, tier TEXT,"
    " PRIMARY KEY (run, seat));"
    "CREATE TABLE IF NOT EXISTS games ("
    " run INTEGER NOT NULL REFERENCES runs(id), design TEXT NOT NULL, game INTEGER NOT NULL,"
    " winners INTEGER, timeout INTEGER, rounds INTEGER, decisions INTEGER, choice_points INTEGER,"
    " branching REAL, lead_changes INTEGER, drama REAL, margin REAL, seconds REAL, source TEXT, note TEXT,"
    " PRIMARY KEY (run, design, game)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS game_seats ("
    " run INTEGER NOT NULL, design TEXT NOT NULL, game INTEGER NOT NULL, seat INTEGER NOT NULL,"
    " agent INTEGER NOT NULL, score INTEGER, rank INTEGER, win REAL,"
    " PRIMARY KEY (run, design, game, seat)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS metrics ("
    " run INTEGER NOT NULL REFERENCES runs(id), design TEXT NOT NULL, name TEXT NOT NULL,"
    " value REAL, lo REAL, hi REAL, p REAL, text TEXT, PRIMARY KEY (run, design, name));";

/* The file's schema version, or -1 when it cannot be read. */
static int runs_version(fc_runs *db)
{
    int version = -1;
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db->h, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return version;
}

/* Brings a writable file to FC_RUNS_SCHEMA in one transaction: the tables of a new file, the
 * columns version 2 added to a version-1 file. Another writer may be doing the same, so the
 * version is read again under the lock. */
static int runs_upgrade(fc_runs *db, fc_error *err)
{
    if (sqlite3_exec(db->h, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return runs_fail(db, err);
    int version = runs_version(db), ok = version >= 0;
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA user_version=%d", FC_RUNS_SCHEMA);
    if (ok && version == 1)
        ok = sqlite3_exec(db->h, "ALTER TABLE games ADD COLUMN source TEXT; ALTER TABLE games ADD COLUMN note TEXT",
                          NULL, NULL, NULL) == SQLITE_OK;
    if (ok && version < FC_RUNS_SCHEMA)
        ok = sqlite3_exec(db->h, runs_schema, NULL, NULL, NULL) == SQLITE_OK &&
             sqlite3_exec(db->h, sql, NULL, NULL, NULL) == SQLITE_OK;
    if (ok && sqlite3_exec(db->h, "COMMIT", NULL, NULL, NULL) == SQLITE_OK) {
        db->version = FC_RUNS_SCHEMA;
        return 0;
    }
    int rc = runs_fail(db, err); /* the message before ROLLBACK replaces it */
    sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

int runs_fail(fc_runs *db, fc_error *err)
{
    return fc_error_set(err, FC_EIO, "%s: %s", db->path, sqlite3_errmsg(db->h));
}

int fc_runs_default_path(char *buf, size_t n, fc_error *err)
{
    const char *env = getenv("FORMICARY_DB"), *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int len;
    if (env)
        return env[0] ? (snprintf(buf, n, "%s", env) < (int)n ? 1 : fc_error_set(err, FC_ERANGE, "FORMICARY_DB: path too long")) : 0;
    if (xdg && xdg[0] == '/')
        len = snprintf(buf, n, "%s/formicary/runs.db", xdg);
    else if (home && home[0])
        len = snprintf(buf, n, "%s/.local/share/formicary/runs.db", home);
    else
        return fc_error_set(err, FC_EINVAL, "runs database: neither XDG_DATA_HOME nor HOME is set (use --db FILE)");
    return len > 0 && (size_t)len < n ? 1 : fc_error_set(err, FC_ERANGE, "runs database: path too long");
}

/* mkdir -p of the directories above path. */
static int runs_mkdirs(const char *path, fc_error *err)
{
    char dir[1024];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir)
        return fc_error_set(err, FC_ERANGE, "%s: path too long", path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return 0;
    *slash = '\0';
    for (char *p = dir + 1;; p++) {
        bool end = *p == '\0';
        if (*p == '/' || end) {
            *p = '\0';
            struct stat st;
            if (stat(dir, &st) != 0 && mkdir(dir, 0777) != 0 && errno != EEXIST)
                return fc_error_set(err, FC_EIO, "%s: cannot create directory %s: %s", path, dir, strerror(errno));
            if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode))
                return fc_error_set(err, FC_EIO, "%s: cannot create directory %s: %s", path, dir, strerror(ENOTDIR));
            if (end)
                return 0;
            *p = '/';
        }
    }
}

/* Puts a writable file in WAL mode (readers never block the writer) with NORMAL sync (a crash may
 * lose the last transaction, never consistency). Switching a file to WAL takes the write lock
 * while this connection holds a read lock, and there SQLite answers SQLITE_BUSY at once instead
 * of calling the busy handler (waiting could deadlock): two writers opening a new file together
 * had one fail with "database is locked". So the switch is tried again for as long as the busy
 * timeout would wait; it is a no-op on a file already in WAL. */
static int runs_wal(fc_runs *db, fc_error *err)
{
    struct timespec t0, t, pause = {0, 2000000}; /* 2 ms */
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        int rc = sqlite3_exec(db->h, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
        if (rc == SQLITE_OK)
            break;
        clock_gettime(CLOCK_MONOTONIC, &t);
        long ms = (long)(t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000;
        if (rc != SQLITE_BUSY || ms >= RUNS_BUSY_MS)
            return runs_fail(db, err);
        nanosleep(&pause, NULL);
    }
    return sqlite3_exec(db->h, "PRAGMA synchronous=NORMAL", NULL, NULL, NULL) == SQLITE_OK ? 0 : runs_fail(db, err);
}

/* Reading a file in WAL mode needs its -shm file, made beside it on first use: in a folder this
 * process cannot write (a database shared read-only, a read-only mount) that fails with "attempt
 * to write a readonly database". Without a -shm file every write has been checkpointed into the
 * file (a writer that closes removes both), so it is read again as immutable: no locks and no
 * -shm. 0, or nonzero with the first connection's error kept. */
static int runs_open_immutable(fc_runs *db)
{
    char shm[1100];
    if (snprintf(shm, sizeof shm, "%s-shm", db->path) >= (int)sizeof shm || access(shm, F_OK) == 0)
        return 1;
    char uri[3300] = "file:";
    size_t len = strlen(uri);
    for (const unsigned char *p = (const unsigned char *)db->path; *p && len + 16 < sizeof uri; p++) {
        bool escape = *p < 0x21 || *p > 0x7e || strchr("?#%", *p);
        len += (size_t)(escape ? snprintf(uri + len, sizeof uri - len, "%%%02X", *p) : (uri[len] = (char)*p, 1));
    }
    if (len + 16 >= sizeof uri)
        return 1;
    snprintf(uri + len, sizeof uri - len, "?immutable=1");
    sqlite3 *h = NULL;
    if (sqlite3_open_v2(uri, &h, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
        sqlite3_close(h);
        return 1;
    }
    sqlite3_close(db->h);
    db->h = h;
    sqlite3_extended_result_codes(db->h, 0);
    return 0;
}

/* SQLite's "unable to open database file" does not say why; a folder or file this process
 * may not write (a read-only mount, another user's file) does. */
static void runs_why(const fc_runs *db, bool writable, fc_error *err)
{
    if (!writable || sqlite3_errcode(db->h) != SQLITE_CANTOPEN)
        return;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", db->path);
    char *slash = strrchr(dir, '/');
    if (slash)
        slash[slash == dir] = '\0';
    const char *what = access(db->path, F_OK) == 0 ? db->path : slash ? dir : ".";
    if (access(what, W_OK) != 0 && errno != ENOENT)
        fc_error_set(err, FC_EIO, "%s: %s (%s: %s)", db->path, sqlite3_errmsg(db->h), what, strerror(errno));
}

fc_runs *fc_runs_open(const char *path, bool writable, fc_error *err)
{
    size_t len = strlen(path);
    if (len == 0 || path[len - 1] == '/') {
        fc_error_set(err, FC_EINVAL, "'%s' is not a file name", path);
        return NULL;
    }
    if (writable && runs_mkdirs(path, err) != 0)
        return NULL;
    fc_runs *db = calloc(1, sizeof *db);
    if (!db || !(db->path = strdup(path))) {
        free(db);
        fc_error_set(err, FC_ENOMEM, "out of memory");
        return NULL;
    }
    int flags = writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY;
    if (sqlite3_open_v2(path, &db->h, flags | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
        fc_error_set(err, FC_EIO, "%s: %s", path, db->h ? sqlite3_errmsg(db->h) : "cannot open");
        if (db->h)
            runs_why(db, writable, err);
        fc_runs_close(db);
        return NULL;
    }
    sqlite3_extended_result_codes(db->h, 0);
    sqlite3_busy_timeout(db->h, RUNS_BUSY_MS);
    int version = db->version = runs_version(db);
    if (version < 0 && !writable && runs_open_immutable(db) == 0)
        version = db->version = runs_version(db);
    if (version < 0) { /* not a database, or not readable */
        runs_fail(db, err);
        runs_why(db, writable, err);
        fc_runs_close(db);
        return NULL;
    }
    if (version > FC_RUNS_SCHEMA) {
        fc_error_set(err, FC_EINVAL, "%s: schema version %d is newer than this program's %d", path, version,
                     FC_RUNS_SCHEMA);
        fc_runs_close(db);
        return NULL;
    }
    if (writable) {
        if (runs_wal(db, err) != 0 || (version < FC_RUNS_SCHEMA && runs_upgrade(db, err) != 0)) {
            fc_runs_close(db);
            return NULL;
        }
    } else if (version == 0) {
        fc_error_set(err, FC_EINVAL, "%s: not a runs database (no runs recorded yet)", path);
        fc_runs_close(db);
        return NULL;
    }
    return db;
}

void fc_runs_close(fc_runs *db)
{
    if (!db)
        return;
    sqlite3_close(db->h);
    free(db->path);
    free(db);
}

const char *fc_runs_path(const fc_runs *db) { return db->path; }

/* Binds text, or NULL for a NULL pointer. */
static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
    if (s)
        sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}

static void bind_real(sqlite3_stmt *st, int i, double v)
{
    if (isnan(v))
        sqlite3_bind_null(st, i);
    else
        sqlite3_bind_double(st, i, v);
}

/* Runs one statement with text/integer parameters: "t" text, "i" int64, "d" double. */
static int runs_exec(fc_runs *db, const char *sql, const char *types, const void *const *args, fc_error *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) != SQLITE_OK)
        return runs_fail(db, err);
    for (int i = 0; types[i]; i++) {
        if (types[i] == 't')
            bind_text(st, i + 1, args[i]);
        else if (types[i] == 'i')
            sqlite3_bind_int64(st, i + 1, *(const int64_t *)args[i]);
        else
            bind_real(st, i + 1, *(const double *)args[i]);
    }
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : runs_fail(db, err);
}

int64_t fc_runs_begin(fc_runs *db, const fc_run_info *in, fc_error *err)
{
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)in->seed);
    int64_t nseats = in->nseats, threads = in->threads, planned = in->games_planned, pid = (int64_t)getpid();
    clock_gettime(CLOCK_MONOTONIC, &db->t0);
    const void *args[] = {in->command, in->argv, FC_VERSION, in->game, &nseats, seed, &threads, &planned, &pid};
    int rc = runs_exec(db,
                       "INSERT INTO runs (command, argv, version, game, nseats, seed, threads, games_planned, pid,"
                       " started) VALUES (?,?,?,?,?,?,?,?,?, strftime('%Y-%m-%dT%H:%M:%SZ','now'))",
                       "ttttitiii", args, err);
    return rc != 0 ? rc : sqlite3_last_insert_rowid(db->h);
}

int fc_runs_set_planned(fc_runs *db, int64_t run, long games, fc_error *err)
{
    int64_t g = games;
    const void *args[] = {&g, &run};
    return runs_exec(db, "UPDATE runs SET games_planned = ? WHERE id = ?", "ii", args, err);
}

/* The resolved rule set as "name = value" lines (the game's parameters, then the variant's). */
static char *runs_rules_text(const fc_rules *r)
{
    size_t cap = 256, len = 0;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    s[0] = '\0';
    for (int i = 0; i < fc_rules_param_count(r); i++) {
        const fc_param_def *d = fc_rules_param_def(r, i);
        char value[FC_PARAM_STR_MAX + 8];
        fc_param_format(d, &fc_rules_values(r)[i], value, sizeof value);
        size_t need = strlen(d->name) + strlen(value) + 5;
        if (len + need >= cap) {
            char *ns = realloc(s, cap = 2 * cap + need);
            if (!ns) {
                free(s);
                return NULL;
            }
            s = ns;
        }
        len += (size_t)sprintf(s + len, "%s = %s\n", d->name, value);
    }
    return s;
}

int fc_runs_add_design(fc_runs *db, int64_t run, const char *label, const fc_rules *rules, const char *description,
                       fc_error *err)
{
    char *text = runs_rules_text(rules), vh[20], ph[20];
    if (!text)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    uint64_t h = 0; /* as sim's reports compute their params hash */
    for (int i = 0; i < fc_rules_param_count(rules); i++) {
        const fc_param_def *d = fc_rules_param_def(rules, i);
        char buf[FC_PARAM_STR_MAX + 64];
        int len = snprintf(buf, sizeof buf, "%s=", d->name);
        fc_param_format(d, &fc_rules_values(rules)[i], buf + len, sizeof buf - (size_t)len);
        h = fc_hash64(buf, strlen(buf), h);
    }
    snprintf(vh, sizeof vh, "%016llx", (unsigned long long)fc_rules_variant_hash(rules));
    snprintf(ph, sizeof ph, "%016llx", (unsigned long long)h);
    const char *vtext = fc_rules_variant_text(rules);
    const void *args[] = {&run, label, description, fc_rules_name(rules), text, fc_rules_variant_name(rules),
                          vtext, vtext ? vh : NULL, ph};
    int rc = runs_exec(db,
                       "INSERT INTO designs (run, label, description, ruleset, rules, variant, variant_text,"
                       " variant_hash, params_hash) VALUES (?,?,?,?,?,?,?,?,?)",
                       "itttttttt", args, err);
    free(text);
    return rc;
}

int fc_runs_add_seat(fc_runs *db, int64_t run, int seat, const char *agent, const char *tier, fc_error *err)
{
    int64_t s = seat;
    const void *args[] = {&run, &s, agent, tier};
    return runs_exec(db, "INSERT INTO seats (run, seat, agent, tier) VALUES (?,?,?,?)", "iitt", args, err);
}

/* Binds an integer, or NULL when `known` is false. */
static void bind_int_if(sqlite3_stmt *st, int i, int64_t v, bool known)
{
    if (known)
        sqlite3_bind_int64(st, i, v);
    else
        sqlite3_bind_null(st, i);
}

/* One game's rows with prepared statements g (games) and s (game_seats); nt (may be NULL)
 * says which numbers are unknown. */
static int runs_game_rows(sqlite3_stmt *g, sqlite3_stmt *s, int64_t run, const char *label, const fc_sim_game *x,
                          const fc_run_game_note *nt, int nseats)
{
    bool read = !nt || !nt->unread, result = read && (!nt || !nt->no_result),
         measured = read && (!nt || !nt->unmeasured);
    sqlite3_reset(g);
    sqlite3_bind_int64(g, 1, run);
    sqlite3_bind_text(g, 2, label, -1, SQLITE_STATIC);
    sqlite3_bind_int64(g, 3, x->index + 1);
    bind_int_if(g, 4, x->winners, result);
    bind_int_if(g, 5, x->timeout, read);
    bind_int_if(g, 6, x->rounds, measured);
    bind_int_if(g, 7, x->decisions, read);
    bind_int_if(g, 8, x->choice_points, measured);
    bind_real(g, 9, measured ? x->branching : NAN);
    bind_int_if(g, 10, x->lead_changes, measured);
    bind_real(g, 11, measured ? x->drama : NAN);
    bind_real(g, 12, result && nseats > 0 ? fc_sim_value(x, nseats, FC_SIM_MARGIN, 0) : NAN);
    bind_real(g, 13, measured ? x->seconds : NAN);
    bind_text(g, 14, nt ? nt->source : NULL);
    bind_text(g, 15, nt ? nt->note : NULL);
    if (sqlite3_step(g) != SQLITE_DONE)
        return -1;
    for (int k = 0; k < nseats; k++) {
        sqlite3_reset(s);
        sqlite3_bind_int64(s, 1, run);
        sqlite3_bind_text(s, 2, label, -1, SQLITE_STATIC);
        sqlite3_bind_int64(s, 3, x->index + 1);
        sqlite3_bind_int(s, 4, k + 1);
        sqlite3_bind_int(s, 5, x->agent_at[k] + 1);
        sqlite3_bind_int(s, 6, x->score[k]);
        bind_int_if(s, 7, x->rank[k], result);
        bind_real(s, 8, result ? fc_sim_value(x, nseats, FC_SIM_SEAT_WIN, k) : NAN);
        if (sqlite3_step(s) != SQLITE_DONE)
            return -1;
    }
    return 0;
}

int fc_runs_add_games(fc_runs *db, int64_t run, const char *label, const fc_sim_game *g, int n, int nseats,
                      fc_error *err)
{
    return fc_runs_add_games_noted(db, run, label, g, NULL, n, nseats, err);
}

int fc_runs_add_games_noted(fc_runs *db, int64_t run, const char *label, const fc_sim_game *g,
                            const fc_run_game_note *note, int n, int nseats, fc_error *err)
{
    sqlite3_stmt *sg = NULL, *ss = NULL, *su = NULL;
    int rc = sqlite3_exec(db->h, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
    bool began = rc == 0;
    if (rc == 0 &&
        (sqlite3_prepare_v2(db->h,
                            "INSERT INTO games (run, design, game, winners, timeout, rounds, decisions, choice_points,"
                            " branching, lead_changes, drama, margin, seconds, source, note)"
                            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                            -1, &sg, NULL) != SQLITE_OK ||
         sqlite3_prepare_v2(db->h,
                            "INSERT INTO game_seats (run, design, game, seat, agent, score, rank, win)"
                            " VALUES (?,?,?,?,?,?,?,?)",
                            -1, &ss, NULL) != SQLITE_OK ||
         sqlite3_prepare_v2(db->h, "UPDATE runs SET games_played = games_played + ? WHERE id = ?", -1, &su, NULL) !=
             SQLITE_OK))
        rc = -1;
    for (int i = 0; rc == 0 && i < n; i++)
        rc = runs_game_rows(sg, ss, run, label, &g[i], note ? &note[i] : NULL, nseats);
    if (rc == 0) {
        sqlite3_bind_int(su, 1, n);
        sqlite3_bind_int64(su, 2, run);
        rc = sqlite3_step(su) == SQLITE_DONE ? 0 : -1;
    }
    if (rc == 0)
        rc = sqlite3_exec(db->h, "COMMIT", NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
    if (rc != 0)
        rc = runs_fail(db, err); /* the message before ROLLBACK replaces it */
    sqlite3_finalize(sg);
    sqlite3_finalize(ss);
    sqlite3_finalize(su);
    if (rc != 0 && began)
        sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

int fc_runs_finish(fc_runs *db, int64_t run, const char *status, long games, const fc_run_metric *m, int n,
                   fc_error *err)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - db->t0.tv_sec) + (double)(t1.tv_nsec - db->t0.tv_nsec) * 1e-9;
    int rc = sqlite3_exec(db->h, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK ? 0 : runs_fail(db, err);
    bool began = rc == 0;
    for (int i = 0; rc == 0 && i < n; i++) {
        const void *args[] = {&run, m[i].design, m[i].name, &m[i].value, &m[i].lo, &m[i].hi, &m[i].p, m[i].text};
        rc = runs_exec(db,
                       "INSERT OR REPLACE INTO metrics (run, design, name, value, lo, hi, p, text)"
                       " VALUES (?,?,?,?,?,?,?,?)",
                       "ittddddt", args, err);
    }
    if (rc == 0) {
        int64_t g = games;
        const void *args[] = {status, &secs, &g, &g, &run};
        rc = runs_exec(db,
                       "UPDATE runs SET status = ?, seconds = ?, ended = strftime('%Y-%m-%dT%H:%M:%SZ','now'),"
                       " games_played = CASE WHEN ? < 0 THEN games_played ELSE ? END WHERE id = ?",
                       "tdiii", args, err);
    }
    if (rc == 0 && sqlite3_exec(db->h, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        rc = runs_fail(db, err);
    if (rc != 0 && began)
        sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}
