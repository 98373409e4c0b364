/* Private: a growing string (sbuf.c). */
#ifndef FC_SBUF_H
#define FC_SBUF_H

#include <stddef.h>

/* Zero-initialise; s is NUL-terminated once anything was appended; the caller frees s. */
typedef struct fc_sbuf {
    char *s;
    size_t n, cap;
    int oom; /* an append failed: s holds what came before it */
} fc_sbuf;

/* Appends printf-style text to b (nothing once b->oom is set). */
void fc_sbuf_printf(fc_sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
