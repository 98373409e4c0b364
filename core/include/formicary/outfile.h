/* Writing a whole output file safely: every writer of the project (records, the shell's save,
 * tune's INI, CSV/JSON/HTML/SVG outputs) goes through here, so they all treat targets alike.
 *
 * - a new file or an existing regular file is written to a temporary file in the same folder,
 *   flushed to disk and renamed over the target at the end, so a reader never sees half a file
 *   and a failed write leaves the old file; a new file gets mode 0666 less the umask, an
 *   existing one keeps its mode (and, where allowed, its owner);
 * - an existing character device or FIFO (/dev/null, /dev/stdout, a pipe) is written through,
 *   never replaced; a FIFO without a reader is refused rather than waited for; a directory, a
 *   block device or a socket is refused;
 * - a symbolic link is followed on purpose: its target is written (as above), the link stays;
 *   a link to a missing file is refused.
 * Errors keep the errno of the call that failed. */
#ifndef FORMICARY_OUTFILE_H
#define FORMICARY_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

#include "formicary/error.h"

typedef struct fc_outfile fc_outfile;

/* Opens path for writing; NULL with err set ("PATH: cannot write: REASON"). */
fc_outfile *fc_outfile_open(const char *path, fc_error *err);
/* Wraps an already open stream (standard output) that fc_outfile_close flushes but does not
 * close. NULL out of memory. */
fc_outfile *fc_outfile_wrap(FILE *f, const char *name);
/* The stream to write to. */
FILE *fc_outfile_stream(fc_outfile *o);
/* Finishes the file (flush, sync, rename over the target) and frees o; on any write error
 * the target is left as it was and err names the path and the first error. */
int fc_outfile_close(fc_outfile *o, fc_error *err);
/* Gives up: the temporary file is removed, the target left as it was. */
void fc_outfile_discard(fc_outfile *o);
/* Whether path could be written now (its folder exists and is writable, or it is a writable
 * device or FIFO), before long work whose result would go there; 0 or err set. */
int fc_outfile_check(const char *path, fc_error *err);
/* The whole of data[0..len) to path, as fc_outfile_open/close. */
int fc_outfile_write(const char *path, const void *data, size_t len, fc_error *err);

#endif
