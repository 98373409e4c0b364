/* cli_mpi_spread (sim_mpi.h): a study's batches of items over the MPI ranks, as cli_sim_run
 * spreads sim games. Rank 0's main thread alone calls MPI (MPI_THREAD_FUNNELED): it hands out
 * chunks of item indices in increasing order on request and meanwhile a local thread runs
 * chunks too. Every started chunk finishes, so the error reported is the one of the chunk
 * holding the lowest failing item, as with threads. Results travel as bytes. */
#include "sim_mpi.h"

#include <stdlib.h>
#include <string.h>

#ifndef FC_HAVE_MPI

int cli_mpi_spread(void *ud, int count, int chunk, size_t size, void *out, fc_spread_batch batch, void *batch_ud,
                   fc_error *err)
{
    (void)ud;
    (void)chunk;
    (void)size;
    return batch(batch_ud, 0, count, out, err);
}

#else

#include <mpi.h>
#include <pthread.h>
#include <time.h>

enum { TAG_ASK = 11, TAG_WORK, TAG_DONE, TAG_FAIL };

typedef struct spread_run {
    int count, chunk;
    size_t size;
    unsigned char *out;
    fc_spread_batch batch;
    void *batch_ud;
    pthread_mutex_t lock;
    int next, done;
    bool stop, local_busy;
    int failed_at; /* the lowest failing chunk's start, or -1 */
    fc_error err;
} spread_run;

static bool spread_take(spread_run *r, int *at, int *n)
{
    pthread_mutex_lock(&r->lock);
    bool ok = !r->stop && r->next < r->count;
    if (ok) {
        *at = r->next;
        *n = r->count - r->next < r->chunk ? r->count - r->next : r->chunk;
        r->next += *n;
    }
    pthread_mutex_unlock(&r->lock);
    return ok;
}

static void spread_finish(spread_run *r, int at, int n, bool failed, const fc_error *e)
{
    pthread_mutex_lock(&r->lock);
    r->done += n;
    if (failed) {
        r->stop = true;
        if (r->failed_at < 0 || at < r->failed_at) {
            r->failed_at = at;
            r->err = *e;
            if (!r->err.code)
                r->err.code = FC_EINVAL;
        }
    }
    pthread_mutex_unlock(&r->lock);
}

static int spread_play(spread_run *r, int at, int n, fc_error *e)
{
    fc_error_clear(e);
    int rc = cli_mpi_chunk_begin(n, e);
    return rc ? rc : r->batch(r->batch_ud, at, n, r->out + (size_t)at * r->size, e);
}

static void *spread_local(void *arg)
{
    spread_run *r = arg;
    int at, n;
    fc_error e;
    while (spread_take(r, &at, &n))
        spread_finish(r, at, n, spread_play(r, at, n, &e) != 0, &e);
    pthread_mutex_lock(&r->lock);
    r->local_busy = false;
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* Rank 0: serves the other ranks until every item is run and every rank was sent home. */
static void spread_serve(void *arg)
{
    spread_run *r = arg;
    int size = cli_mpi_size();
    int *chunk_at = calloc((size_t)size, sizeof *chunk_at), *chunk_n = calloc((size_t)size, sizeof *chunk_n);
    int home = 0;
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
                MPI_Recv(r->out + (size_t)chunk_at[src] * r->size, chunk_n[src] * (int)r->size, MPI_BYTE, src,
                         TAG_DONE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                spread_finish(r, chunk_at[src], chunk_n[src], false, NULL);
            } else if (st.MPI_TAG == TAG_FAIL) {
                fc_error e;
                MPI_Recv(&e, (int)sizeof e, MPI_BYTE, src, TAG_FAIL, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                spread_finish(r, chunk_at[src], chunk_n[src], true, &e);
            } else {
                MPI_Recv(NULL, 0, MPI_BYTE, src, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            }
            int work[2] = {0, 0};
            if (!spread_take(r, &work[0], &work[1]))
                home++;
            chunk_at[src] = work[0];
            chunk_n[src] = work[1];
            MPI_Send(work, 2, MPI_INT, src, TAG_WORK, MPI_COMM_WORLD);
        }
        pthread_mutex_lock(&r->lock);
        bool over = home == size - 1 && !r->local_busy;
        pthread_mutex_unlock(&r->lock);
        if (over)
            break;
        if (!flag)
            nanosleep(&nap, NULL);
    }
    free(chunk_at);
    free(chunk_n);
}

/* The other ranks: ask, run, send the results, until sent home. */
static void spread_work(spread_run *r)
{
    MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_ASK, MPI_COMM_WORLD);
    for (;;) {
        int work[2];
        fc_error e;
        MPI_Recv(work, 2, MPI_INT, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (work[1] == 0)
            return;
        if (spread_play(r, work[0], work[1], &e) != 0) {
            cli_mpi_name_rank(&e);
            MPI_Send(&e, (int)sizeof e, MPI_BYTE, 0, TAG_FAIL, MPI_COMM_WORLD);
        } else {
            MPI_Send(r->out + (size_t)work[0] * r->size, work[1] * (int)r->size, MPI_BYTE, 0, TAG_DONE,
                     MPI_COMM_WORLD);
        }
    }
}

int cli_mpi_spread(void *ud, int count, int chunk, size_t size, void *out, fc_spread_batch batch, void *batch_ud,
                   fc_error *err)
{
    (void)ud;
    int nranks = cli_mpi_size();
    if (nranks < 2)
        return batch(batch_ud, 0, count, out, err);
    int same = cli_mpi_same_batch(0, count, size, err);
    if (same != 0)
        return same; /* on every rank: nobody waits */
    if (size > 0 && (size_t)chunk * size > (size_t)1 << 30) /* a chunk's bytes fit one message */
        chunk = (int)(((size_t)1 << 30) / size);
    spread_run r;
    memset(&r, 0, sizeof r);
    r.count = count;
    r.chunk = chunk > 0 ? chunk : 1;
    r.size = size;
    r.out = out;
    r.batch = batch;
    r.batch_ud = batch_ud;
    r.failed_at = -1;
    if (cli_mpi_rank() == 0)
        cli_mpi_serve_local(&r.lock, &r.local_busy, spread_local, spread_serve, &r);
    else
        spread_work(&r);
    /* every rank gets every result and the outcome, so the study goes on alike everywhere */
    int failed = r.failed_at >= 0;
    MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (failed) {
        MPI_Bcast(&r.err, (int)sizeof r.err, MPI_BYTE, 0, MPI_COMM_WORLD);
        if (err)
            *err = r.err;
        return r.err.code;
    }
    size_t total = (size_t)count * size, step = (size_t)1 << 30;
    for (size_t at = 0; at < total; at += step) /* below INT_MAX bytes per call */
        MPI_Bcast((unsigned char *)out + at, (int)(total - at < step ? total - at : step), MPI_BYTE, 0,
                  MPI_COMM_WORLD);
    return 0;
}

#endif
