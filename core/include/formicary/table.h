/* Small CSV tables for game data files. Format: UTF-8 text, '#' starts a comment line, blank
 * lines ignored, the first non-comment line names the columns, fields separated by ',', a
 * field may be double-quoted (with "" for a quote) to hold commas. Every accessor error names
 * file:line, e.g. "data/garden.csv:17: column 'terrain': expected integer, found 'gras'". */
#ifndef FORMICARY_TABLE_H
#define FORMICARY_TABLE_H

#include <stdint.h>

#include "formicary/error.h"

typedef struct fc_table fc_table; /* opaque */

/* Loads path; on failure returns NULL and fills err. Caller owns the table (fc_table_free). */
fc_table *fc_table_load(const char *path, fc_error *err);
/* Parses text already in memory; `name` is used in messages. */
fc_table *fc_table_parse(const char *name, const char *text, fc_error *err);
void fc_table_free(fc_table *t);

int fc_table_rows(const fc_table *t);
/* Column index by name, or -1. */
int fc_table_col(const fc_table *t, const char *name);
/* Source line of a row (for messages). */
int fc_table_line(const fc_table *t, int row);
const char *fc_table_name(const fc_table *t);
/* Raw field text ("" when the row is short); never NULL for valid row/col. */
const char *fc_table_str(const fc_table *t, int row, int col);
/* Field by column name as an integer in [min, max]; errors name file:line and column. */
int fc_table_int(const fc_table *t, int row, const char *col, int64_t min, int64_t max, int64_t *out,
                 fc_error *err);
/* Field by column name that must be one of names[0..n-1]; *out gets the index. */
int fc_table_enum(const fc_table *t, int row, const char *col, const char *const *names, int n, int *out,
                  fc_error *err);
/* Field holding integers separated by ' ' or ';' or '|' (e.g. "4;5;6"); returns the count or
 * a negative error; at most max values. */
int fc_table_ints(const fc_table *t, int row, const char *col, int32_t *out, int max, fc_error *err);

#endif
