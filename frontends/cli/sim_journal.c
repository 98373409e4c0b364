/* The --resume journal of `formicary sim` (sim_mpi.h, docs/distributed.md): one text line per
 * finished game. A journal may have been cut by a crash or edited by anyone, so every line is
 * checked against the run before any of it is used, and every write is checked. */
#include "sim_mpi.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#define JOURNAL_LINE_MAX 4096
#define JOURNAL_SCORE_MAX 1000000000L /* |score|: differences of two still fit an int */
#define JOURNAL_ROUNDS_MAX 1000000000L
#define JOURNAL_REAL_MAX 1e12 /* branching, drama, seconds */

struct cli_journal {
    FILE *f;
    FILE *warn; /* where warnings go (stderr), or NULL */
    char path[1024];
};

cli_journal *cli_journal_open(const char *path)
{
    cli_journal *j = calloc(1, sizeof *j);
    struct stat st;
    if (!j || !(j->f = fopen(path, "a+"))) {
        cli_fail("--resume %s: cannot open: %s", path, j ? strerror(errno) : "out of memory");
        free(j);
        return NULL;
    }
    if (fstat(fileno(j->f), &st) != 0 || !S_ISREG(st.st_mode)) {
        cli_fail("--resume %s: not a regular file (a journal is read back and appended to)", path);
        fclose(j->f);
        free(j);
        return NULL;
    }
    snprintf(j->path, sizeof j->path, "%s", path);
    j->warn = stderr;
    return j;
}

void cli_journal_set_warnings(cli_journal *j, FILE *f) { j->warn = f; }

void cli_journal_close(cli_journal *j)
{
    if (j && j->f)
        fclose(j->f);
    free(j);
}

/* ---- one line ---- */

typedef struct jreader {
    const char *p;
    char *why;
    size_t n;
    bool bad;
} jreader;

static long long j_int(jreader *r, const char *what, long long lo, long long hi)
{
    if (r->bad)
        return 0;
    char *e;
    errno = 0;
    long long v = strtoll(r->p, &e, 10);
    if (e == r->p || (*e != ' ' && *e != '\n' && *e != '\0') || errno || v < lo || v > hi) {
        snprintf(r->why, r->n, "%s: expected an integer in %lld..%lld", what, lo, hi);
        r->bad = true;
        return 0;
    }
    r->p = e;
    return v;
}

static double j_real(jreader *r, const char *what, double lo, double hi)
{
    if (r->bad)
        return 0;
    char *e;
    double v = strtod(r->p, &e);
    if (e == r->p || (*e != ' ' && *e != '\n' && *e != '\0') || !isfinite(v) || v < lo || v > hi) {
        snprintf(r->why, r->n, "%s: expected a finite number in %g..%g", what, lo, hi);
        r->bad = true;
        return 0;
    }
    r->p = e;
    return v;
}

static bool j_fail(jreader *r, const char *msg)
{
    snprintf(r->why, r->n, "%s", msg);
    return false;
}

/* What the fields say together must be a game of this run (sim.c's sim_game). */
static bool journal_consistent(jreader *r, const fc_sim_config *c, const fc_sim_game *g)
{
    long limit = c->max_decisions > 0 ? c->max_decisions : FC_SIM_DEFAULT_MAX_DECISIONS;
    int winners = 0;
    for (int s = 0; s < c->nagents && s < FC_MAX_SEATS; s++)
        winners += !g->timeout && g->rank[s] == 0;
    if (g->winners != winners) {
        snprintf(r->why, r->n, "%d winners, but %d seats ranked first", g->winners, winners);
        return false;
    }
    if (g->decisions + g->chance > limit || (g->timeout && g->decisions + g->chance != limit)) {
        snprintf(r->why, r->n, "decisions and chance outcomes do not fit this run's limit of %ld per game", limit);
        return false;
    }
    if (g->choice_points > g->decisions)
        return j_fail(r, "more choice points than decisions");
    if (g->lead_changes > g->decisions + g->chance)
        return j_fail(r, "more lead changes than decisions");
    if (g->decisions == 0 && g->branching != 0)
        return j_fail(r, "a branching factor without decisions");
    return true;
}

const char *cli_journal_parse(const char *line, const fc_sim_config *c, uint64_t *key, fc_sim_game *g, char *why,
                              size_t n)
{
    jreader r = {line, why, n, false};
    memset(g, 0, sizeof *g);
    char *e;
    errno = 0;
    *key = strtoull(line, &e, 16);
    if (e == line || *e != ' ' || errno || line[0] == '-' || line[0] == ' ') {
        snprintf(why, n, "not a game line of a formicary sim journal");
        return why;
    }
    r.p = e;
    int seats = c->nagents < 1 || c->nagents > FC_MAX_SEATS ? 1 : c->nagents;
    g->index = (int)j_int(&r, "game", 0, 0x7ffffffe);
    errno = 0;
    const char *digits = r.p + strspn(r.p, " ");
    g->seed = strtoull(r.p, &e, 10);
    if (!r.bad && (e == r.p || *e != ' ' || errno || *digits == '-' || *digits == '+')) {
        snprintf(why, n, "seed: expected an unsigned integer");
        r.bad = true;
    }
    r.p = e;
    for (int s = 0; s < seats; s++) {
        g->agent_at[s] = (int)j_int(&r, "agent", 0, seats - 1);
        g->score[s] = (int32_t)j_int(&r, "score", -JOURNAL_SCORE_MAX, JOURNAL_SCORE_MAX);
        g->rank[s] = (int)j_int(&r, "rank", 0, seats - 1);
    }
    g->winners = (int)j_int(&r, "winners", 0, seats);
    g->timeout = j_int(&r, "timeout", 0, 1) != 0;
    g->rounds = (int)j_int(&r, "rounds", 0, JOURNAL_ROUNDS_MAX);
    g->decisions = (long)j_int(&r, "decisions", 0, 0x7fffffff);
    g->chance = (long)j_int(&r, "chance outcomes", 0, 0x7fffffff);
    g->choice_points = (long)j_int(&r, "choice points", 0, 0x7fffffff);
    g->branching = j_real(&r, "branching", 0, JOURNAL_REAL_MAX);
    g->lead_changes = (int)j_int(&r, "lead changes", 0, 0x7fffffff);
    g->drama = j_real(&r, "drama", 0, JOURNAL_REAL_MAX);
    g->seconds = j_real(&r, "seconds", 0, JOURNAL_REAL_MAX);
    if (!r.bad && strspn(r.p, "\n") != strlen(r.p)) {
        snprintf(why, n, "more fields than a game of %d seats has", seats);
        r.bad = true;
    }
    if (r.bad || !journal_consistent(&r, c, g))
        return why;
    return NULL;
}

/* ---- the whole journal ---- */

/* A last line without its line end (a run stopped while writing it) is cut off the file, so
 * what is appended next starts on a line of its own. */
static int journal_drop_cut(cli_journal *j, long at, int lineno, fc_error *err)
{
    fflush(j->f);
    if (ftruncate(fileno(j->f), (off_t)at) != 0)
        return fc_error_set(err, FC_EIO, "--resume %s:%d: cannot drop the cut last line: %s", j->path, lineno,
                            strerror(errno));
    if (j->warn)
        fprintf(j->warn, "formicary: warning: --resume %s:%d: the last line was cut (a stopped run?): dropped\n",
                j->path, lineno);
    return 0;
}

/* One line read whole into line[JOURNAL_LINE_MAX]: 1, 0 at the end, -1 with err set. */
static int journal_line(cli_journal *j, char *line, int lineno, fc_error *err)
{
    long at = ftell(j->f);
    if (!fgets(line, JOURNAL_LINE_MAX, j->f))
        return ferror(j->f) ? fc_error_set(err, FC_EIO, "--resume %s: cannot read: %s", j->path, strerror(errno)) : 0;
    size_t len = strlen(line);
    if (len > 0 && line[len - 1] == '\n')
        return 1;
    if (!feof(j->f)) /* fgets stopped early: a full buffer, or a NUL byte cut strlen short */
        return fc_error_set(err, FC_EINVAL, "--resume %s:%d: a NUL byte or a line longer than %d bytes", j->path,
                            lineno, JOURNAL_LINE_MAX - 1);
    return journal_drop_cut(j, at, lineno, err);
}

int cli_journal_load(cli_journal *j, uint64_t key, const fc_sim_config *c, int first, int count, fc_sim_game *out,
                     bool *have, fc_error *err)
{
    char *line = malloc(JOURNAL_LINE_MAX), why[200];
    int n = 0, lineno = 0, rc = 0;
    if (!line)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    rewind(j->f);
    while ((rc = journal_line(j, line, ++lineno, err)) > 0) {
        uint64_t k;
        fc_sim_game g;
        if (cli_journal_parse(line, c, &k, &g, why, sizeof why)) {
            rc = fc_error_set(err, FC_EINVAL, "--resume %s:%d: %s", j->path, lineno, why);
            break;
        }
        if (k != key || g.index < first || g.index >= first + count)
            continue;
        uint64_t want = fc_sim_match_seed(c->seed, g.index);
        if (g.seed != want) {
            rc = fc_error_set(err, FC_EINVAL, "--resume %s:%d: game %d has seed %llu, expected %llu", j->path, lineno,
                              g.index, (unsigned long long)g.seed, (unsigned long long)want);
            break;
        }
        int bad = -1;
        for (int s = 0; s < c->nagents && bad < 0; s++)
            if (g.agent_at[s] != fc_sim_agent_at(c, g.index, s))
                bad = s;
        if (bad >= 0) {
            rc = fc_error_set(err, FC_EINVAL, "--resume %s:%d: game %d has agent %d in seat %d, not this run's",
                              j->path, lineno, g.index, g.agent_at[bad] + 1, bad + 1);
            break;
        }
        n += !have[g.index - first];
        have[g.index - first] = true;
        out[g.index - first] = g;
    }
    free(line);
    fseek(j->f, 0, SEEK_END);
    return rc < 0 ? rc : n;
}

/* One game as a line; doubles in hex so they come back exactly. */
static void journal_write(FILE *f, uint64_t key, int nseats, const fc_sim_game *g)
{
    fprintf(f, "%016llx %d %llu", (unsigned long long)key, g->index, (unsigned long long)g->seed);
    for (int s = 0; s < nseats; s++)
        fprintf(f, " %d %d %d", g->agent_at[s], (int)g->score[s], g->rank[s]);
    fprintf(f, " %d %d %d %ld %ld %ld %a %d %a %a\n", g->winners, (int)g->timeout, g->rounds, g->decisions, g->chance,
            g->choice_points, g->branching, g->lead_changes, g->drama, g->seconds);
}

int cli_journal_append(cli_journal *j, uint64_t key, const fc_sim_config *c, const fc_sim_game *g, int n,
                       fc_error *err)
{
    if (!j)
        return 0;
    errno = 0;
    for (int i = 0; i < n && !ferror(j->f); i++)
        journal_write(j->f, key, c->nagents, &g[i]);
    int e = ferror(j->f) ? errno : 0;
    if (fflush(j->f) != 0 || ferror(j->f) || e) {
        e = e ? e : errno ? errno : EIO;
        return fc_error_set(err, FC_EIO, "--resume %s: cannot write the journal: %s (stopped: the games played "
                                         "since the last good line are lost)", j->path, strerror(e));
    }
    return 0;
}
