/* A growing string for text built piece by piece (records, reports): printf-style appends that
 * double the buffer as needed, with running out of memory remembered instead of reported at
 * every call, so a writer checks once at the end. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "sbuf.h"

void fc_sbuf_printf(fc_sbuf *b, const char *fmt, ...)
{
    if (b->oom)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = b->cap - b->n;
        int k = vsnprintf(b->s ? b->s + b->n : NULL, room, fmt, ap);
        va_end(ap);
        if (k < 0) {
            b->oom = 1;
            return;
        }
        if ((size_t)k < room) {
            b->n += (size_t)k;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap - b->n <= (size_t)k)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->oom = 1;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
}

