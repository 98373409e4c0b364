/* The work pool (pool.h): a counter under a lock hands out the next index; the lowest failing
 * index and its error are kept. */
#include "pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <string.h>

typedef struct pool_run {
    const fc_pool *p;
    pthread_mutex_t lock;
    int next, done;
    bool stop;
    int failed_at; /* lowest failing index, or -1 */
    fc_error err;
} pool_run;

static bool pool_cancelled(const fc_pool *p) { return p->cancel && atomic_load(p->cancel) != 0; }

static void *pool_worker(void *arg)
{
    pool_run *r = arg;
    const fc_pool *p = r->p;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        int i = r->stop || r->next >= p->count || pool_cancelled(p) ? -1 : r->next++;
        pthread_mutex_unlock(&r->lock);
        if (i < 0)
            return NULL;
        fc_error e;
        fc_error_clear(&e);
        int rc = p->item(p->ud, i, &e);
        pthread_mutex_lock(&r->lock);
        if (rc != 0) {
            /* later indices are not started, earlier ones still finish: the lowest wins */
            r->stop = true;
            if (r->failed_at < 0 || i < r->failed_at) {
                r->failed_at = i;
                r->err = e;
                if (!r->err.code)
                    r->err.code = rc;
            }
        }
        r->done++;
        if (p->finished)
            p->finished(p->finished_ud, i, rc, r->done, p->count);
        pthread_mutex_unlock(&r->lock);
    }
}

int fc_pool_run(const fc_pool *p, int *failed_at, fc_error *err)
{
    if (failed_at)
        *failed_at = -1;
    if (!p || !p->item || p->count < 0 || p->threads < 1 || p->threads > 1024)
        return fc_error_set(err, FC_EINVAL, "pool: bad arguments");
    pool_run r;
    memset(&r, 0, sizeof r);
    r.p = p;
    r.failed_at = -1;
    if (pthread_mutex_init(&r.lock, NULL) != 0)
        return fc_error_set(err, FC_ENOMEM, "cannot create a lock");
    int nt = p->threads < p->count ? p->threads : p->count;
    pthread_t tid[1024];
    int started = 0;
    for (int t = 1; t < nt; t++) {
        if (pthread_create(&tid[started], NULL, pool_worker, &r) != 0)
            break; /* fewer threads: same results, only slower */
        started++;
    }
    pool_worker(&r); /* the calling thread works too */
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&r.lock);
    if (r.failed_at >= 0) {
        if (failed_at)
            *failed_at = r.failed_at;
        if (err)
            *err = r.err;
        return r.err.code;
    }
    if (r.done < p->count)
        return fc_error_set(err, FC_ESTATE, "cancelled");
    return 0;
}
