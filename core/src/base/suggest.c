/* Edit distance and "did you mean" suggestions (suggest.h). */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "formicary/suggest.h"

/* Optimal string alignment: insertions, deletions, substitutions and swaps of two neighbours
 * ("plya" -> "play") each cost 1. */
int fc_edit_distance(const char *a, const char *b)
{
    int d[3][64]; /* rows i-2, i-1, i (mod 3) */
    size_t la = strlen(a), lb = strlen(b);
    la = la > 63 ? 63 : la;
    lb = lb > 63 ? 63 : lb;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int *row = d[i % 3], *prev = d[(i - 1) % 3], *prev2 = d[(i + 1) % 3];
        row[0] = (int)i;
        int ca = tolower((unsigned char)a[i - 1]);
        for (size_t j = 1; j <= lb; j++) {
            int cb = tolower((unsigned char)b[j - 1]);
            int best = prev[j - 1] + (ca != cb);
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) && tolower((unsigned char)a[i - 2]) == cb &&
                prev2[j - 2] + 1 < best)
                best = prev2[j - 2] + 1;
            row[j] = best;
        }
    }
    return d[la % 3][lb];
}

static bool prefix_related(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    return strncasecmp(a, b, la < lb ? la : lb) == 0;
}

const char *fc_suggest(const char *word, const char *const *names, int n)
{
    if (!word || !*word)
        return NULL;
    int limit = (int)strlen(word) / 3;
    if (limit < 1)
        limit = 1;
    const char *best = NULL;
    int best_d = limit + 1;
    for (int i = 0; i < n; i++) {
        if (!names[i] || !names[i][0])
            continue;
        int d = fc_edit_distance(word, names[i]);
        /* between equals, one that the word starts or extends ("--sets": --set over --seats) */
        if (d < best_d || (d == best_d && best && prefix_related(word, names[i]) && !prefix_related(word, best))) {
            best_d = d;
            best = names[i];
        }
    }
    return best;
}
