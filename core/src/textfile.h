/* Private: reading whole text files (rule sets, variants, data tables, records). */
#ifndef FC_TEXTFILE_H
#define FC_TEXTFILE_H

#include <stddef.h>

#include "formicary/error.h"

/* Reads path into a malloc'd NUL-terminated string (*out, caller frees). Refuses files larger
 * than max_bytes and files containing a NUL byte (not text), with `nul_code` as the error code
 * so callers keep their own category (FC_EDATA for data files, FC_ERECORD for records). */
int fc_textfile_read(const char *path, size_t max_bytes, int nul_code, char **out, fc_error *err);

#endif
