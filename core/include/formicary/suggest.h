/* "Did you mean": the closest of a list of names to something mistyped. */
#ifndef FORMICARY_SUGGEST_H
#define FORMICARY_SUGGEST_H

#include <stddef.h>

/* Case-insensitive Levenshtein distance between two ASCII strings (each cut at 63 bytes). */
int fc_edit_distance(const char *a, const char *b);

/* The name of names[0..n-1] closest to `word` (the first of equals), or NULL when none is
 * within max(1, strlen(word) / 3) edits (a case-only difference always counts as close). Names
 * may be NULL (skipped). */
const char *fc_suggest(const char *word, const char *const *names, int n);

#endif
