/* Private: reading whole text files (rule sets, variants, data tables, records). */
#ifndef FC_TEXTFILE_H
#define FC_TEXTFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "formicary/error.h"

/* Reads path into a malloc'd NUL-terminated string (*out, caller frees). Refuses files larger
 * than max_bytes and files containing a NUL byte (not text), with `nul_code` as the error code
 * so callers keep their own category (FC_EDATA for data files, FC_ERECORD for records). */
int fc_textfile_read(const char *path, size_t max_bytes, int nul_code, char **out, fc_error *err);
/* The same; with `regular`, only a regular file is read (records: a FIFO or a link to
 * /dev/stdin is refused at once instead of blocking), with nul_code as the refusal's code.
 * A record is opened with O_NONBLOCK and checked with fstat before any read. */
int fc_textfile_read_ex(const char *path, size_t max_bytes, int nul_code, bool regular, char **out, fc_error *err);

/* Every reader of text lines in the project splits them here, so they all agree: a line ends
 * at "\n", "\r\n" or a lone "\r" (or at the end of the text). Returns the line's length without
 * its ending and sets *next to the start of the following line; always *next > p unless *p is
 * NUL, so a reader that advances to *next cannot stall. */
size_t fc_text_line(const char *p, const char **next);

/* A malloc'd copy of text in the canonical line form records can embed and give back byte for
 * byte: every line end becomes "\n" (fc_text_line's ends; Lua counts lines the same way) and
 * a missing final newline is added. NULL when out of memory. */
char *fc_text_canonical_lines(const char *text);

#endif
