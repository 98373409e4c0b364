/* The runs database (core/src/runs, formicary/runs.h): a run written and read back, a run cut
 * short stays incomplete with whole chunks only, a failing chunk leaves nothing behind, several
 * writers at once, read-only and broken files give one line naming the file. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "fixture.h"
#include "formicary/runs.h"

typedef struct fx {
    char dir[64], path[128];
    fc_context *ctx;
    fc_rules *rules;
} fx;

static int setup(void **state)
{
    fx *f = calloc(1, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/fc-runs-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->path, sizeof f->path, "%s/sub/dir/runs.db", f->dir); /* parents made on open */
    f->ctx = fixture_context();
    f->rules = fixture_rules(f->ctx, 3, (const char *const[]){"goal=7", NULL});
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    assert_int_equal(system(cmd), 0);
    fc_rules_free(f->rules);
    fc_context_free(f->ctx);
    free(f);
    return 0;
}

/* Game i of a 3-seat run: seat 0 wins odd games, scores i, i+1, i+2. */
static void fake_games(fc_sim_game *g, int first, int n)
{
    memset(g, 0, (size_t)n * sizeof *g);
    for (int i = 0; i < n; i++) {
        g[i].index = first + i;
        g[i].winners = 1;
        g[i].rounds = 4 + i % 3;
        g[i].decisions = 10 + i;
        for (int k = 0; k < 3; k++) {
            g[i].agent_at[k] = k;
            g[i].score[k] = first + i + k;
            g[i].rank[k] = (first + i) % 2 ? k : 2 - k;
        }
    }
}

/* One integer from a query on the file (a second connection, as the sqlite3 shell would). */
static long long query(const char *path, const char *sql)
{
    sqlite3 *h = NULL;
    assert_int_equal(sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *st = NULL;
    assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    long long v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(h);
    return v;
}

static int64_t begin(fc_runs *db, const char *game, fc_error *err)
{
    fc_run_info in = {"sim", "formicary sim bidrace --games 20", game, 3, 42, 2, 20};
    return fc_runs_begin(db, &in, err);
}

/* The fixture's file opened for writing with one bidrace run begun (its id in *id). */
static fc_runs *open_run(const fx *f, int64_t *id, fc_error *err)
{
    fc_error_clear(err);
    fc_runs *db = fc_runs_open(f->path, true, err);
    assert_non_null(db);
    *id = begin(db, "bidrace", err);
    assert_true(*id > 0);
    return db;
}

typedef struct seen {
    int n;
    char t[8][3][128];
    double v[8][4];
} seen;

static void collect(void *ud, const double *v, const char *const *t)
{
    seen *s = ud;
    for (int k = 0; k < 3; k++)
        snprintf(s->t[s->n][k], sizeof s->t[0][0], "%s", t[k] ? t[k] : "(null)");
    memcpy(s->v[s->n], v, sizeof s->v[0]);
    s->n++;
}

static void test_run_written_and_read_back(void **state)
{
    fx *f = *state;
    fc_error err;
    int64_t id;
    fc_runs *db = open_run(f, &id, &err);
    assert_int_equal(fc_runs_add_design(db, id, "A", f->rules, "rules: goal 7", &err), 0);
    assert_int_equal(fc_runs_add_seat(db, id, 1, "random", NULL, &err), 0);
    assert_int_equal(fc_runs_add_seat(db, id, 2, "mcts:iters=10", "easy", &err), 0);
    fc_sim_game g[20];
    fake_games(g, 0, 20);
    assert_int_equal(fc_runs_add_games(db, id, "A", g, 12, 3, &err), 0);
    assert_int_equal(fc_runs_add_games(db, id, "A", g + 12, 8, 3, &err), 0);
    fc_run_metric m[2] = {{"A", "seat_win:1", 0.5, 0.3, 0.7, NAN, NULL}, {"B-A", "rounds", 0.25, NAN, NAN, 0.04, "x"}};
    assert_int_equal(fc_runs_finish(db, id, "complete", -1, m, 2, &err), 0);
    fc_runs_close(db);

    assert_int_equal(query(f->path, "SELECT count(*) FROM games"), 20);
    assert_int_equal(query(f->path, "SELECT count(*) FROM game_seats"), 60);
    assert_int_equal(query(f->path, "SELECT sum(score) FROM game_seats WHERE seat = 1"), 190);
    assert_int_equal(query(f->path, "SELECT count(*) FROM game_seats WHERE seat = 1 AND win = 1"), 10);
    assert_int_equal(query(f->path, "SELECT instr(rules, 'goal = 7') > 0 FROM designs"), 1);
    assert_int_equal(query(f->path, "SELECT count(*) FROM metrics WHERE lo IS NULL AND p = 0.04"), 1);
    assert_int_equal(query(f->path, "PRAGMA user_version"), FC_RUNS_SCHEMA);

    db = fc_runs_open(f->path, false, &err);
    assert_non_null(db);
    fc_run_row r[4];
    assert_int_equal(fc_runs_list(db, NULL, r, 4, &err), 1);
    assert_string_equal(r[0].status, "complete");
    assert_string_equal(r[0].game, "bidrace");
    assert_int_equal(r[0].games_played, 20);
    assert_int_equal(r[0].games_planned, 20);
    assert_int_equal(r[0].seed, 42);
    assert_true(r[0].ended[0] != '\0' && !isnan(r[0].seconds));
    seen s = {0};
    assert_int_equal(fc_runs_each(db, id, FC_RUNS_SEATS, collect, &s, &err), 0);
    assert_int_equal(s.n, 2);
    assert_string_equal(s.t[1][0], "mcts:iters=10");
    assert_string_equal(s.t[1][1], "easy");
    assert_string_equal(s.t[0][1], "(null)");
    memset(&s, 0, sizeof s);
    assert_int_equal(fc_runs_each(db, id, FC_RUNS_METRICS, collect, &s, &err), 0);
    assert_int_equal(s.n, 2);
    assert_string_equal(s.t[0][1], "seat_win:1");
    assert_true(s.v[0][1] == 0.3 && isnan(s.v[0][3]));
    assert_true(isnan(s.v[1][1]) && s.v[1][3] == 0.04);
    assert_int_equal(fc_runs_get(db, id + 1, &r[0], &err), FC_EUNKNOWN);
    assert_non_null(strstr(err.msg, "no run"));
    fc_runs_close(db);
}

typedef struct games_seen {
    int n;
    fc_run_game g[32];
} games_seen;

static void collect_game(void *ud, const fc_run_game *g)
{
    games_seen *s = ud;
    if (s->n < 32)
        s->g[s->n++] = *g;
}

/* fc_runs_each_game (runs export) gives back each game with its seats, designs in order, games
 * in order within a design, whatever order they were written in. */
static void test_games_read_back(void **state)
{
    fx *f = *state;
    fc_error err;
    int64_t id;
    fc_runs *db = open_run(f, &id, &err);
    fc_sim_game g[12];
    fake_games(g, 0, 12);
    g[3].agent_at[0] = 2, g[3].agent_at[2] = 0;
    assert_int_equal(fc_runs_add_games(db, id, "B", g + 6, 6, 3, &err), 0);
    assert_int_equal(fc_runs_add_games(db, id, "A", g + 3, 3, 3, &err), 0);
    assert_int_equal(fc_runs_add_games(db, id, "A", g, 3, 3, &err), 0);
    int64_t other = begin(db, "bidrace", &err); /* another run's games are not read */
    assert_int_equal(fc_runs_add_games(db, other, "A", g, 5, 3, &err), 0);
    games_seen s = {0};
    assert_int_equal(fc_runs_each_game(db, id, collect_game, &s, &err), 12);
    assert_int_equal(s.n, 12);
    for (int i = 0; i < 12; i++) {
        assert_string_equal(s.g[i].design, i < 6 ? "A" : "B");
        assert_int_equal(s.g[i].game, i + 1);
        assert_int_equal(s.g[i].nseats, 3);
        assert_int_equal(s.g[i].decisions, 10 + i);
        assert_int_equal(s.g[i].rounds, 4 + i % 3);
        for (int k = 0; k < 3; k++) {
            assert_int_equal(s.g[i].score[k], i + k);
            assert_int_equal(s.g[i].rank[k], g[i].rank[k]);
            assert_int_equal(s.g[i].agent[k], g[i].agent_at[k] + 1);
            assert_true(s.g[i].win[k] == (g[i].rank[k] == 0 ? 1.0 : 0.0));
        }
    }
    assert_int_equal(s.g[3].agent[0], 3);
    assert_int_equal(fc_runs_each_game(db, other, NULL, NULL, &err), 5);
    assert_int_equal(fc_runs_each_game(db, other + 1, NULL, NULL, &err), 0);
    fc_runs_close(db);
}

/* Games read rather than played (a corpus replay's records): the file and what became of it
 * come back with the game, an unknown result and unmeasured columns are NULL (-1 and NaN read
 * back, NULL for the sqlite3 shell), and a record without seats has no seat rows. */
static void test_noted_games(void **state)
{
    fx *f = *state;
    fc_error err;
    int64_t id;
    fc_runs *db = open_run(f, &id, &err);
    fc_sim_game g[3];
    fake_games(g, 0, 3);
    fc_run_game_note nt[3] = {{"corpus/a.fcr", "legal", false, true, false},
                              {"corpus/b.fcr", "diverged at decision 7: seat 1 'bid 3' (bid): not legal", true, true,
                               false},
                              {"corpus/c.fcr", "error: corpus/c.fcr: not a record", true, true, true}};
    assert_int_equal(fc_runs_add_games_noted(db, id, "B", g, nt, 2, 3, &err), 0);
    assert_int_equal(fc_runs_add_games_noted(db, id, "B", g + 2, nt + 2, 1, 0, &err), 0);
    assert_int_equal(fc_runs_add_games(db, id, "A", g, 1, 3, &err), 0); /* plain rows: no notes */
    games_seen s = {0};
    assert_int_equal(fc_runs_each_game(db, id, collect_game, &s, &err), 4);
    const fc_run_game *a = &s.g[0], *b0 = &s.g[1], *b1 = &s.g[2], *b2 = &s.g[3];
    assert_string_equal(a->source, "");
    assert_string_equal(a->note, "");
    assert_int_equal(a->rounds, 4);
    assert_string_equal(b0->source, "corpus/a.fcr");
    assert_string_equal(b0->note, "legal");
    assert_int_equal(b0->winners, 1);
    assert_int_equal(b0->decisions, 10);
    assert_int_equal(b0->rounds, -1);
    assert_int_equal(b0->choice_points, -1);
    assert_true(isnan(b0->branching) && isnan(b0->drama) && isnan(b0->seconds) && !isnan(b0->margin));
    assert_int_equal(b0->rank[0], g[0].rank[0]);
    assert_non_null(strstr(b1->note, "diverged at decision 7"));
    assert_int_equal(b1->winners, -1);
    assert_true(isnan(b1->margin));
    assert_int_equal(b1->nseats, 3);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(b1->score[k], 1 + k); /* the scores reached */
        assert_int_equal(b1->rank[k], -1);
        assert_true(isnan(b1->win[k]));
    }
    assert_int_equal(b2->nseats, 0);
    assert_int_equal(b2->decisions, -1);
    assert_int_equal(b2->timeout, -1);
    assert_int_equal(b1->timeout, 0);
    assert_int_equal(b2->rank[0], -1);
    assert_string_equal(b2->note, "error: corpus/c.fcr: not a record");
    char sql[160];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM game_seats WHERE run = %lld AND rank IS NULL", (long long)id);
    assert_int_equal(query(f->path, sql), 3);
    snprintf(sql, sizeof sql, "SELECT count(*) FROM games WHERE run = %lld AND note LIKE 'diverged%%'", (long long)id);
    assert_int_equal(query(f->path, sql), 1);
    fc_runs_close(db);
}

/* The tables of schema version 1, as the first version wrote them. */
static const char schema_v1[] =
    "CREATE TABLE runs (id INTEGER PRIMARY KEY, command TEXT NOT NULL, argv TEXT NOT NULL, version TEXT NOT NULL,"
    " game TEXT NOT NULL, nseats INTEGER, seed TEXT, threads INTEGER, games_planned INTEGER,"
    " games_played INTEGER NOT NULL DEFAULT 0, started TEXT NOT NULL, ended TEXT, seconds REAL,"
    " status TEXT NOT NULL DEFAULT 'incomplete', pid INTEGER);"
    "CREATE TABLE games (run INTEGER NOT NULL REFERENCES runs(id), design TEXT NOT NULL, game INTEGER NOT NULL,"
    " winners INTEGER, timeout INTEGER, rounds INTEGER, decisions INTEGER, choice_points INTEGER,"
    " branching REAL, lead_changes INTEGER, drama REAL, margin REAL, seconds REAL,"
    " PRIMARY KEY (run, design, game)) WITHOUT ROWID;"
    "CREATE TABLE game_seats (run INTEGER NOT NULL, design TEXT NOT NULL, game INTEGER NOT NULL, seat INTEGER NOT NULL,"
    " agent INTEGER NOT NULL, score INTEGER, rank INTEGER, win REAL, PRIMARY KEY (run, design, game, seat)) WITHOUT ROWID;"
    "INSERT INTO runs (id, command, argv, version, game, started) VALUES (1, 'sim', 'formicary sim', '0.1', 'bidrace', 'x');"
    "INSERT INTO games (run, design, game, winners, decisions) VALUES (1, 'A', 1, 1, 33);"
    "PRAGMA user_version=1;";

/* A version-1 file: read as it is (no notes), upgraded to version 2 by the first writer with its
 * rows kept, and then takes noted rows; a file newer than the program is refused. */
static void test_upgrade_from_v1(void **state)
{
    fx *f = *state;
    char path[160];
    snprintf(path, sizeof path, "%s/v1.db", f->dir);
    sqlite3 *h = NULL;
    assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h, schema_v1, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
    fc_error err;
    fc_error_clear(&err);
    fc_runs *db = fc_runs_open(path, false, &err);
    assert_non_null(db);
    games_seen s = {0};
    assert_int_equal(fc_runs_each_game(db, 1, collect_game, &s, &err), 1);
    assert_int_equal(s.g[0].decisions, 33);
    assert_string_equal(s.g[0].note, "");
    fc_runs_close(db);
    assert_int_equal(query(path, "PRAGMA user_version"), 1); /* reading changes nothing */
    db = fc_runs_open(path, true, &err);
    assert_non_null(db);
    assert_int_equal(query(path, "PRAGMA user_version"), FC_RUNS_SCHEMA);
    fc_sim_game g[1];
    fake_games(g, 1, 1);
    fc_run_game_note nt = {"r.fcr", "legal", false, true, false};
    assert_int_equal(fc_runs_add_games_noted(db, 1, "A", g, &nt, 1, 3, &err), 0);
    s.n = 0;
    assert_int_equal(fc_runs_each_game(db, 1, collect_game, &s, &err), 2);
    assert_int_equal(s.g[0].decisions, 33);
    assert_string_equal(s.g[1].note, "legal");
    fc_runs_close(db);
    db = fc_runs_open(path, true, &err); /* a second writer: already upgraded */
    assert_non_null(db);
    fc_runs_close(db);
    assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h, "PRAGMA user_version=3", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
    assert_null(fc_runs_open(path, true, &err));
    assert_non_null(strstr(err.msg, "schema version 3 is newer"));
}

/* A writer that stops between chunks (killed) leaves its whole chunks and the run incomplete. */
static void test_cut_short_is_incomplete(void **state)
{
    fx *f = *state;
    fc_error err;
    int64_t id;
    fc_runs *db = open_run(f, &id, &err);
    fc_sim_game g[10];
    fake_games(g, 0, 10);
    assert_int_equal(fc_runs_add_games(db, id, "A", g, 10, 3, &err), 0);
    fc_runs_close(db); /* no finish */
    assert_int_equal(query(f->path, "SELECT count(*) FROM runs WHERE status = 'incomplete' AND ended IS NULL"), 1);
    assert_int_equal(query(f->path, "SELECT games_played FROM runs"), 10);
}

/* A chunk that cannot be written whole (a game index twice) leaves none of its rows. */
static void test_failed_chunk_leaves_nothing(void **state)
{
    fx *f = *state;
    fc_error err;
    int64_t id;
    fc_runs *db = open_run(f, &id, &err);
    fc_sim_game g[10];
    fake_games(g, 0, 10);
    assert_int_equal(fc_runs_add_games(db, id, "A", g, 5, 3, &err), 0);
    g[9].index = 2; /* already written */
    assert_int_equal(fc_runs_add_games(db, id, "A", g + 5, 5, 3, &err), FC_EIO);
    assert_non_null(strstr(err.msg, f->path));
    assert_int_equal(query(f->path, "SELECT count(*) FROM games"), 5);
    assert_int_equal(query(f->path, "SELECT games_played FROM runs"), 5);
    /* and the connection still works */
    g[9].index = 9;
    assert_int_equal(fc_runs_add_games(db, id, "A", g + 5, 5, 3, &err), 0);
    fc_runs_close(db);
    assert_int_equal(query(f->path, "SELECT count(*) FROM game_seats"), 30);
}

/* Two processes writing runs of 30 chunks at once: every chunk of both arrives. */
static void test_two_writers_at_once(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_runs_close(fc_runs_open(f->path, true, &err)); /* the schema first */
    pid_t pid[2];
    for (int w = 0; w < 2; w++) {
        if ((pid[w] = fork()) == 0) {
            fc_runs *db = fc_runs_open(f->path, true, &err);
            int64_t id = db ? begin(db, w ? "other" : "bidrace", &err) : -1;
            fc_sim_game g[4];
            int bad = id <= 0;
            for (int c = 0; !bad && c < 30; c++) {
                fake_games(g, 4 * c, 4);
                bad = fc_runs_add_games(db, id, "A", g, 4, 3, &err) != 0;
            }
            bad = bad || fc_runs_finish(db, id, "complete", -1, NULL, 0, &err) != 0;
            if (bad)
                fprintf(stderr, "writer %d: %s\n", w, err.msg);
            fc_runs_close(db);
            _exit(bad);
        }
    }
    for (int w = 0; w < 2; w++) {
        int st = 0;
        assert_int_equal(waitpid(pid[w], &st, 0), pid[w]);
        assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    }
    assert_int_equal(query(f->path, "SELECT count(*) FROM games"), 240);
    assert_int_equal(query(f->path, "SELECT count(*) FROM runs WHERE status = 'complete' AND games_played = 120"), 2);
    fc_runs *db = fc_runs_open(f->path, false, &err);
    fc_run_row r[4];
    assert_int_equal(fc_runs_list(db, "other", r, 4, &err), 1);
    assert_int_equal(fc_runs_list(db, NULL, r, 1, &err), 1);
    fc_runs_close(db);
}

/* A new file opened while another process holds its write lock (creating its own tables, as a
 * second sim starting at the same moment does): switching it to WAL needs that lock, and SQLite
 * answers "database is locked" there without waiting, so the open waits and tries again. */
static void test_open_while_another_writes(void **state)
{
    fx *f = *state;
    char path[160];
    snprintf(path, sizeof path, "%s/new.db", f->dir);
    int ready[2];
    assert_int_equal(pipe(ready), 0);
    pid_t pid = fork();
    if (pid == 0) {
        sqlite3 *h = NULL;
        int bad = sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK;
        sqlite3_busy_timeout(h, 10000);
        bad = bad || sqlite3_exec(h, "BEGIN IMMEDIATE; CREATE TABLE other (x)", NULL, NULL, NULL) != SQLITE_OK;
        bad = bad || write(ready[1], "x", 1) != 1;
        usleep(300000); /* the lock held while the other side opens */
        bad = bad || sqlite3_exec(h, "COMMIT", NULL, NULL, NULL) != SQLITE_OK;
        sqlite3_close(h);
        _exit(bad);
    }
    char c;
    assert_int_equal(read(ready[0], &c, 1), 1);
    fc_error err;
    fc_error_clear(&err);
    fc_runs *db = fc_runs_open(path, true, &err);
    if (!db)
        fail_msg("open while another writes: %s", err.msg);
    assert_true(begin(db, "bidrace", &err) > 0);
    fc_runs_close(db);
    int st = 0;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    close(ready[0]);
    close(ready[1]);
    assert_int_equal(query(path, "SELECT count(*) FROM runs"), 1);
    assert_int_equal(query(path, "SELECT count(*) FROM other"), 0);
    assert_int_equal(query(path, "PRAGMA user_version"), FC_RUNS_SCHEMA);
}

static void test_bad_files_one_line(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_error_clear(&err);
    /* read-only: opening works, beginning a run says why it cannot */
    fc_runs_close(fc_runs_open(f->path, true, &err));
    fc_runs *db = fc_runs_open(f->path, false, &err);
    assert_non_null(db);
    assert_true(begin(db, "bidrace", &err) < 0);
    assert_non_null(strstr(err.msg, f->path));
    assert_non_null(strstr(err.msg, "readonly"));
    assert_null(strchr(err.msg, '\n'));
    fc_runs_close(db);
    /* not a database */
    char path[160];
    snprintf(path, sizeof path, "%s/text.db", f->dir);
    FILE *t = fopen(path, "w");
    fputs("this is not a database, but it is long enough to have a header of sorts\n", t);
    fclose(t);
    assert_null(fc_runs_open(path, true, &err));
    assert_non_null(strstr(err.msg, path));
    /* a directory where the parent should be */
    snprintf(path, sizeof path, "%s/text.db/runs.db", f->dir);
    assert_null(fc_runs_open(path, true, &err));
    assert_non_null(strstr(err.msg, "cannot create directory"));
    /* a folder name makes no folder */
    snprintf(path, sizeof path, "%s/made/", f->dir);
    assert_null(fc_runs_open(path, true, &err));
    assert_non_null(strstr(err.msg, "not a file name"));
    assert_int_equal(access(path, F_OK), -1);
    /* reading a file that does not exist does not create it */
    snprintf(path, sizeof path, "%s/none.db", f->dir);
    assert_null(fc_runs_open(path, false, &err));
    assert_int_equal(access(path, F_OK), -1);
}

static void test_default_path(void **state)
{
    (void)state;
    char buf[256];
    fc_error err;
    setenv("FORMICARY_DB", "/x/y.db", 1);
    assert_int_equal(fc_runs_default_path(buf, sizeof buf, &err), 1);
    assert_string_equal(buf, "/x/y.db");
    setenv("FORMICARY_DB", "", 1);
    assert_int_equal(fc_runs_default_path(buf, sizeof buf, &err), 0);
    unsetenv("FORMICARY_DB");
    setenv("XDG_DATA_HOME", "/data", 1);
    assert_int_equal(fc_runs_default_path(buf, sizeof buf, &err), 1);
    assert_string_equal(buf, "/data/formicary/runs.db");
    unsetenv("XDG_DATA_HOME");
    setenv("HOME", "/home/ant", 1);
    assert_int_equal(fc_runs_default_path(buf, sizeof buf, &err), 1);
    assert_string_equal(buf, "/home/ant/.local/share/formicary/runs.db");
    unsetenv("HOME");
    assert_true(fc_runs_default_path(buf, sizeof buf, &err) < 0);
    assert_non_null(strstr(err.msg, "--db"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_games_read_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_noted_games, setup, teardown),
        cmocka_unit_test_setup_teardown(test_upgrade_from_v1, setup, teardown),
        cmocka_unit_test_setup_teardown(test_run_written_and_read_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cut_short_is_incomplete, setup, teardown),
        cmocka_unit_test_setup_teardown(test_failed_chunk_leaves_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_two_writers_at_once, setup, teardown),
        cmocka_unit_test_setup_teardown(test_open_while_another_writes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_files_one_line, setup, teardown),
        cmocka_unit_test(test_default_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
