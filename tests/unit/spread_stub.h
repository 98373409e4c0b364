/* A stand-in for a distributed runner (fc_spread_fn, formicary/sim.h) shared by the study tests:
 * chunks of items run last to first, each into its own slice of out, as another process would.
 * A study that gives the same results through it does not depend on which process ran what. */
#ifndef FC_TEST_SPREAD_STUB_H
#define FC_TEST_SPREAD_STUB_H

#include <stddef.h>

#include "formicary/sim.h"

/* ud: an int counting the batches handed out. */
static int reverse_spread(void *ud, int count, int chunk, size_t size, void *out, fc_spread_batch batch,
                          void *batch_ud, fc_error *err)
{
    int *calls = ud, k = chunk > 0 ? chunk : 1;
    for (int at = (count - 1) / k * k; at >= 0; at -= k) {
        int n = count - at < k ? count - at : k;
        ++*calls;
        int rc = batch(batch_ud, at, n, (char *)out + (size_t)at * size, err);
        if (rc != 0)
            return rc;
    }
    return 0;
}

#endif
