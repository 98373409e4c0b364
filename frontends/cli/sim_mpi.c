/* Distributed simulation (see sim_mpi.h, docs/distributed.md). Rank 0's main thread is the
 * only one calling MPI (MPI_THREAD_FUNNELED): it answers workers' requests for game indices,
 * stores their results, and meanwhile a local thread plays chunks from the same counter.
 * Chunks are handed out in increasing index order and every started chunk finishes, so the
 * error reported is the lowest failing game's, as with threads. Results travel as bytes: all
 * ranks must run the same build on the same architecture (checked by a struct size). */
#include "sim_mpi.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The next run of at most `chunk` consecutive games not in the journal, from *next on. */
static bool next_chunk(const bool *have, int count, int chunk, int *next, int *at, int *n)
{
    while (*next < count && have && have[*next])
        (*next)++;
    if (*next >= count)
        return false;
    *at = *next;
    *n = 0;
    while (*next < count && *n < chunk && !(have && have[*next]))
        (*next)++, (*n)++;
    return true;
}

/* One process: without a journal plain fc_sim_run; with one, chunks of c->threads games,
 * each appended when done (a crash loses at most the chunk being played). */
static int local_run(const fc_sim_config *c, int first, int count, fc_sim_game *out, cli_journal *j, uint64_t key,
                     const bool *have, fc_error *err)
{
    if (!j)
        return fc_sim_run(c, first, count, out, err);
    int next = 0, at, n, done = 0;
    for (int i = 0; i < count; i++)
        done += have[i];
    fc_sim_config lc = *c;
    lc.progress = NULL;
    while (next_chunk(have, count, c->threads, &next, &at, &n)) {
        int rc = fc_sim_run(&lc, first + at, n, out + at, err);
        if (rc == 0)
            rc = cli_journal_append(j, key, c, out + at, n, err);
        if (rc != 0)
            return rc;
        done += n;
        if (c->progress)
            c->progress(c->progress_ud, done, count);
    }
    return 0;
}

int cli_mpi_play(void *ud, const fc_sim_config *cfg, int first, int count, fc_sim_game *out, fc_error *err)
{
    (void)ud;
    return cli_sim_run(cfg, first, count, out, NULL, 0, err);
}

#ifndef FC_HAVE_MPI

int cli_mpi_begin(void) { return 0; }
void cli_mpi_end(void) {}
int cli_mpi_rank(void) { return 0; }
int cli_mpi_size(void) { return 1; }
int cli_mpi_agree(int rc) { return rc; }
int cli_mpi_bcast_int(int v) { return v; }
double cli_mpi_bcast_double(double v) { return v; }
int cli_mpi_same_batch(int first, int count, size_t size, fc_error *err)
{
    (void)first, (void)count, (void)size, (void)err;
    return 0;
}
bool cli_mpi_same(const void *p, size_t n)
{
    (void)p, (void)n;
    return true;
}
int cli_sim_run(const fc_sim_config *c, int first, int count, fc_sim_game *out, cli_journal *j, uint64_t key,
                fc_error *err)
{
    bool *have = j ? calloc((size_t)(count ? count : 1), sizeof *have) : NULL;
    if (j && !have)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    int rc = j ? cli_journal_load(j, key, c, first, count, out, have, err) : 0;
    if (rc < 0) {
        free(have);
        return rc;
    }
    rc = local_run(c, first, count, out, j, key, have, err);
    free(have);
    return rc;
}

#else

#include <mpi.h>
#include <pthread.h>
#include <time.h>

enum { TAG_ASK = 1, TAG_WORK, TAG_DONE, TAG_FAIL };

static bool mpi_on;
static int mpi_rank, mpi_size = 1;
static long mpi_played; /* items this rank ran for the runners (one thread at a time runs them) */
static int mpi_fail_rank = -1; /* FORMICARY_MPI_FAIL_RANK: this rank's chunks fail (tests) */

int cli_mpi_chunk_begin(long n, fc_error *e)
{
    mpi_played += n;
    if (mpi_rank != mpi_fail_rank)
        return 0;
    return fc_error_set(e, FC_EINVAL, "injected failure (FORMICARY_MPI_FAIL_RANK=%d)", mpi_fail_rank);
}

void cli_mpi_name_rank(fc_error *e)
{
    char host[MPI_MAX_PROCESSOR_NAME] = "", msg[sizeof e->msg];
    int len = 0;
    MPI_Get_processor_name(host, &len);
    snprintf(msg, sizeof msg, "%s", e->msg);
    /* the message's end gives way to the prefix (at most 5 + 11 + 4 + 64 + 2 bytes) */
    snprintf(e->msg, sizeof e->msg, "rank %d on %.64s: %.400s", mpi_rank, host, msg);
}

void cli_mpi_serve_local(pthread_mutex_t *lock, bool *busy, void *(*local)(void *), void (*serve)(void *), void *run)
{
    pthread_t th;
    pthread_mutex_init(lock, NULL);
    *busy = true; /* before the thread starts: it may be done before create returns */
    bool started = pthread_create(&th, NULL, local, run) == 0;
    if (!started)
        *busy = false;
    serve(run);
    if (started)
        pthread_join(th, NULL);
    pthread_mutex_destroy(lock);
}

int cli_mpi_begin(void)
{
    /* only when launched by mpirun: a plain run must not start an MPI singleton */
    if (!getenv("OMPI_COMM_WORLD_SIZE") && !getenv("PMI_SIZE") && !getenv("PMIX_RANK"))
        return 0;
    int provided = 0;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        return cli_fail("sim: MPI_Init_thread failed");
    mpi_on = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
    const char *fail = getenv("FORMICARY_MPI_FAIL_RANK");
    if (fail && *fail) {
        char *end;
        long r = strtol(fail, &end, 10);
        if (*end || r < 0 || r >= mpi_size) /* every rank stops; rank 0 says why */
            return mpi_rank ? CLI_EXIT_FAIL
                            : cli_fail("FORMICARY_MPI_FAIL_RANK: '%s' is not a rank of 0..%d", fail, mpi_size - 1);
        mpi_fail_rank = (int)r;
    }
    if (provided < MPI_THREAD_FUNNELED)
        return cli_fail("sim: this MPI library does not allow threads (MPI_THREAD_FUNNELED)");
    int size = (int)sizeof(fc_sim_game), lo = 0, hi = 0;
    MPI_Allreduce(&size, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&size, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (lo != hi)
        return cli_fail("sim: the ranks run different formicary builds (result records of %d and %d bytes)", lo, hi);
    return 0;
}

void cli_mpi_end(void)
{
    /* FORMICARY_MPI_STATS: each rank's share of the games, so a test can see they were spread */
    if (mpi_on && getenv("FORMICARY_MPI_STATS"))
        fprintf(stderr, "formicary: rank %d of %d ran %ld items\n", mpi_rank, mpi_size, mpi_played);
    if (mpi_on)
        MPI_Finalize();
    mpi_on = false;
}

int cli_mpi_rank(void) { return mpi_rank; }
int cli_mpi_size(void) { return mpi_size; }

int cli_mpi_agree(int rc)
{
    if (!mpi_on)
        return rc;
    int bad = rc != 0, any = 0;
    MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (any && !bad)
        fprintf(stderr, "formicary: sim: rank %d: another rank failed to set up (see its message)\n", mpi_rank);
    return any ? (rc ? rc : CLI_EXIT_FAIL) : 0;
}

int cli_mpi_same_batch(int first, int count, size_t size, fc_error *err)
{
    if (!mpi_on)
        return 0;
    /* one MPI_MAX over the values and their negations gives the largest and the smallest */
    long mine[6] = {first, -(long)first, count, -(long)count, (long)size, -(long)size}, all[6];
    MPI_Allreduce(mine, all, 6, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
    if (all[0] == -all[1] && all[2] == -all[3] && all[4] == -all[5])
        return 0;
    return fc_error_set(err, FC_ESTATE,
                        "rank %d runs items %d..%d of %zu bytes and another rank other ones: the ranks decided "
                        "differently (a bug)",
                        mpi_rank, first, first + count - 1, size);
}

bool cli_mpi_same(const void *p, size_t n)
{
    if (!mpi_on)
        return true;
    uint64_t h = 14695981039346656037u; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211u;
    uint64_t mine[2] = {h, ~h}, all[2];
    MPI_Allreduce(mine, all, 2, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    return all[0] == ~all[1];
}

int cli_mpi_bcast_int(int v)
{
    if (mpi_on)
        MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return v;
}

double cli_mpi_bcast_double(double v)
{
    if (mpi_on)
        MPI_Bcast(&v, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    return v;
}

/* The shared state of one distributed run at rank 0. */
typedef struct mpi_run {
    fc_sim_config cfg; /* progress off: rank 0's main thread reports */
    const fc_sim_config *caller; /* with the progress callback */
    int first, count, chunk;
    fc_sim_game *out;
    pthread_mutex_t lock;
    int next;          /* next offset to hand out */
    int done;          /* games finished */
    bool stop;         /* a game failed: hand out nothing more */
    bool local_busy;
    int failed_at;     /* lowest failing offset, or -1 */
    fc_error err;
    cli_journal *journal; /* rank 0, --resume: finished chunks are appended */
    uint64_t key;
    const bool *have;     /* games taken from the journal, or NULL */
} mpi_run;

/* Takes the next chunk [*at, *at + *n); false when there is none (or after a failure). */
static bool mpi_take(mpi_run *r, int *at, int *n)
{
    pthread_mutex_lock(&r->lock);
    bool ok = !r->stop && next_chunk(r->have, r->count, r->chunk, &r->next, at, n);
    pthread_mutex_unlock(&r->lock);
    return ok;
}

static void mpi_finish(mpi_run *r, int at, int n, int failed_at, const fc_error *e)
{
    pthread_mutex_lock(&r->lock);
    r->done += n;
    fc_error je;
    fc_error_clear(&je);
    if (failed_at < 0 && cli_journal_append(r->journal, r->key, &r->cfg, r->out + at, n, &je) != 0) {
        failed_at = at; /* a journal that cannot be written stops the run */
        e = &je;
    }
    if (failed_at >= 0) {
        r->stop = true;
        if (r->failed_at < 0 || failed_at < r->failed_at) {
            r->failed_at = failed_at;
            r->err = *e;
        }
    }
    pthread_mutex_unlock(&r->lock);
}

/* Plays chunks [at, at+n) of this run with the threads of c; the lowest failing offset goes
 * to *failed_at (-1 when all succeeded). */
static void mpi_play(const fc_sim_config *c, int first, int at, int n, fc_sim_game *out, int *failed_at,
                     fc_error *e)
{
    fc_error_clear(e);
    *failed_at = -1;
    if (cli_mpi_chunk_begin(n, e) != 0 || fc_sim_run(c, first + at, n, out, e) != 0) {
        /* e is already the chunk's lowest failing game; chunks do not overlap, so comparing
         * their starts finds the lowest failing game of the run */
        *failed_at = at;
        if (!e->code)
            e->code = FC_EINVAL;
    }
}

static void *mpi_local(void *arg)
{
    mpi_run *r = arg;
    int at, n, failed_at;
    fc_error e;
    while (mpi_take(r, &at, &n)) {
        mpi_play(&r->cfg, r->first, at, n, r->out + at, &failed_at, &e);
        mpi_finish(r, at, n, failed_at, &e);
    }
    pthread_mutex_lock(&r->lock);
    r->local_busy = false;
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* Rank 0: serves the workers until every game is played and every worker was sent home. */
static void mpi_serve(void *arg)
{
    mpi_run *r = arg;
    const fc_sim_config *c = r->caller;
    int *chunk_at = calloc((size_t)mpi_size, sizeof *chunk_at), *chunk_n = calloc((size_t)mpi_size, sizeof *chunk_n);
    int home = 0, reported = 0;
    struct timespec nap = {0, 200000}; /* 0.2 ms between polls */
    if (!chunk_at || !chunk_n)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (;;) {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (flag) {
            int src = st.MPI_SOURCE;
            if (st.MPI_TAG == TAG_DONE) {
                /* results of the chunk this worker had */
                MPI_Recv(r->out + chunk_at[src], chunk_n[src] * (int)sizeof(fc_sim_game), MPI_BYTE, src, TAG_DONE,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                mpi_finish(r, chunk_at[src], chunk_n[src], -1, NULL);
            } else if (st.MPI_TAG == TAG_FAIL) {
                fc_error e;
                MPI_Recv(&e, (int)sizeof e, MPI_BYTE, src, TAG_FAIL, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                mpi_finish(r, chunk_at[src], chunk_n[src], chunk_at[src], &e);
            } else {
                MPI_Recv(NULL, 0, MPI_BYTE, src, TAG_ASK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            }
            int work[2] = {0, 0};
            if (!mpi_take(r, &work[0], &work[1]))
                home++;
            chunk_at[src] = work[0];
            chunk_n[src] = work[1];
            MPI_Send(work, 2, MPI_INT, src, TAG_WORK, MPI_COMM_WORLD);
        }
        pthread_mutex_lock(&r->lock);
        int done = r->done;
        bool over = home == mpi_size - 1 && !r->local_busy;
        pthread_mutex_unlock(&r->lock);
        if (c->progress && done > reported)
            c->progress(c->progress_ud, reported = done, r->count);
        if (over)
            break;
        if (!flag)
            nanosleep(&nap, NULL);
    }
    free(chunk_at);
    free(chunk_n);
}

/* Other ranks: ask, play, send the results, until sent home. */
static void mpi_work(const fc_sim_config *c, int first, fc_sim_game *out)
{
    MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_ASK, MPI_COMM_WORLD);
    for (;;) {
        int work[2], failed_at;
        fc_error e;
        MPI_Recv(work, 2, MPI_INT, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (work[1] == 0)
            return;
        mpi_play(c, first, work[0], work[1], out + work[0], &failed_at, &e);
        if (failed_at >= 0) {
            cli_mpi_name_rank(&e);
            MPI_Send(&e, (int)sizeof e, MPI_BYTE, 0, TAG_FAIL, MPI_COMM_WORLD);
        } else {
            MPI_Send(out + work[0], work[1] * (int)sizeof(fc_sim_game), MPI_BYTE, 0, TAG_DONE, MPI_COMM_WORLD);
        }
    }
}

int cli_sim_run(const fc_sim_config *c, int first, int count, fc_sim_game *out, cli_journal *j, uint64_t key,
                fc_error *err)
{
    bool *have = j ? calloc((size_t)(count ? count : 1), sizeof *have) : NULL;
    int loaded = 0;
    if (j && (!have || (loaded = cli_journal_load(j, key, c, first, count, out, have, err)) < 0)) {
        if (!have)
            fc_error_set(err, FC_ENOMEM, "out of memory");
        free(have);
        have = NULL;
        loaded = -1;
    }
    if (!mpi_on || mpi_size < 2) {
        int rc = loaded < 0 ? (err && err->code ? err->code : FC_EINVAL)
                            : local_run(c, first, count, out, j, key, have, err);
        free(have);
        return rc;
    }
    /* only rank 0 reads the journal: everyone learns whether it was usable */
    int bad = loaded < 0, anybad = 0;
    MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    int rc = anybad ? (bad && err && err->code ? err->code : fc_error_set(err, FC_EINVAL, "--resume: journal not usable"))
                    : cli_mpi_same_batch(first, count, sizeof *out, err);
    if (rc == 0)
        rc = fc_sim_check(c, err);
    if (rc != 0) {
        free(have);
        return rc; /* the same on every rank: nobody waits */
    }
    mpi_run r;
    memset(&r, 0, sizeof r);
    r.cfg = *c;
    r.cfg.progress = NULL;
    r.caller = c;
    r.first = first;
    r.count = count;
    r.chunk = c->threads;
    r.out = out;
    r.failed_at = -1;
    r.journal = j;
    r.key = key;
    r.have = have;
    r.done = loaded > 0 ? loaded : 0;
    if (mpi_rank == 0)
        cli_mpi_serve_local(&r.lock, &r.local_busy, mpi_local, mpi_serve, &r);
    else
        mpi_work(&r.cfg, first, out);
    /* every rank gets every result and the outcome, so later steps (the sequential test)
     * decide alike */
    free(have);
    int failed = r.failed_at >= 0;
    MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (failed) {
        MPI_Bcast(&r.err, (int)sizeof r.err, MPI_BYTE, 0, MPI_COMM_WORLD);
        if (err)
            *err = r.err;
        return r.err.code ? r.err.code : FC_EINVAL;
    }
    for (int at = 0; at < count; at += 65536) /* stays below INT_MAX bytes per call */
        MPI_Bcast(out + at, (count - at < 65536 ? count - at : 65536) * (int)sizeof(fc_sim_game), MPI_BYTE, 0,
                  MPI_COMM_WORLD);
    return 0;
}

#endif
