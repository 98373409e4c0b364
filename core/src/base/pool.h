/* Private: the core's one work pool. Runs items 0..count-1 over at most `threads` threads (the
 * calling thread is one of them); each item stores its result by its own index, so the thread
 * count never changes what is computed. Items are handed out in increasing index order; once
 * an item fails (or *cancel is set) no further item starts, and the items already started
 * finish, so the error reported is always the lowest failing index's: the same on every
 * thread count. Fewer threads than asked (thread creation failed) only make it slower. */
#ifndef FC_POOL_H
#define FC_POOL_H

#include <stdatomic.h>

#include "formicary/error.h"

typedef struct fc_pool {
    int count;   /* items 0..count-1 */
    int threads; /* at most this many threads, the caller's included (1..1024) */
    /* plays item `index`; 0, or a negative code with err set (err is cleared before the call) */
    int (*item)(void *ud, int index, fc_error *err);
    void *ud;
    /* optional: after each item, under the pool's lock (so calls never overlap): its result
     * and the number of items finished so far */
    void (*finished)(void *ud, int index, int rc, int done, int total);
    void *finished_ud;
    /* optional: set (by any thread) to start no further item; fc_pool_run then returns
     * FC_ESTATE "cancelled" unless an item failed */
    const atomic_int *cancel;
} fc_pool;

/* 0 when every item succeeded; otherwise the lowest failing item's code with *err its error
 * (code filled in when the item left it 0) and *failed_at its index (-1 on success or when
 * cancelled; failed_at may be NULL). */
int fc_pool_run(const fc_pool *p, int *failed_at, fc_error *err);

#endif
