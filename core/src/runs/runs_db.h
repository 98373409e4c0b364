/* Private to core/src/runs: the open database shared by the writers and readers. */
#ifndef FC_RUNS_DB_H
#define FC_RUNS_DB_H

#include <sqlite3.h>
#include <time.h>

#include "formicary/runs.h"

struct fc_runs {
    sqlite3 *h;
    char *path;
    struct timespec t0; /* when the run being written began (its wall seconds) */
    int version;        /* the file's schema version (PRAGMA user_version) once open */
};

/* Sets err to "PATH: sqlite's message" and returns FC_EIO. */
int runs_fail(fc_runs *db, fc_error *err);

#endif
