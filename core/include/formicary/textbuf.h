/* Appending formatted text to a caller's buffer without overflowing it: what a game's
 * position_write needs. Header-only, so plugins use it without linking the core. `len` keeps
 * counting past the end, so the caller learns the length the whole text needed. */
#ifndef FORMICARY_TEXTBUF_H
#define FORMICARY_TEXTBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

typedef struct fc_textbuf {
    char *s;
    size_t n, len; /* capacity, length of everything appended (may exceed n) */
} fc_textbuf;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static inline void fc_textbuf_put(fc_textbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->len < b->n ? b->s + b->len : NULL, b->len < b->n ? b->n - b->len : 0, fmt, ap);
    va_end(ap);
    if (k > 0)
        b->len += (size_t)k;
}

/* Ends the current line with " # text", the '#' at column `column` + 2 when the line is
 * shorter (a column of trailing comments). */
static inline void fc_textbuf_note(fc_textbuf *b, int column, const char *text)
{
    size_t end = b->len < b->n ? b->len : 0, start = end;
    while (start > 0 && b->s[start - 1] != '\n')
        start--;
    int pad = end - start < (size_t)column ? (int)((size_t)column - (end - start)) : 0;
    fc_textbuf_put(b, "%*s # %s\n", pad, "", text);
}

#endif
