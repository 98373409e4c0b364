/* Text helpers for a game's positions, header-only so that plugins use them without linking the
 * core; none allocates. Writing: fc_textbuf appends formatted text to a caller's buffer without
 * overflowing it. Reading: fc_textlines cuts a text into numbered lines and fc_text_words a line
 * into words, so that every game's reader ends lines and counts them the same way. */
#ifndef FORMICARY_TEXTBUF_H
#define FORMICARY_TEXTBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* ---- writing ---- */

/* `len` keeps counting past the end, so the caller learns the length the whole text needed. */
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

/* ---- reading ---- */

/* A cursor over a text's lines: start it as `fc_textlines r = {text, 0, 0};`, or at a line
 * found before as `{text, off, no - 1}` with the `off` the cursor had before reading line `no`. */
typedef struct fc_textlines {
    const char *text; /* NULL reads as the empty text */
    size_t off;       /* where the next line starts */
    int no;           /* the number of the line last read (from 1); 0 before the first */
} fc_textlines;

/* Copies the next line, without its end, into buf and moves past it: "\n", "\r\n" and a lone
 * "\r" each end a line, and so does the end of the text. Returns 1 (a line), 0 (the end of the
 * text: nothing read) or -1 (the line has cap characters or more: buf is left empty, r->no
 * names the line and the cursor is past it). */
static inline int fc_textlines_next(fc_textlines *r, char *buf, size_t cap)
{
    const char *p = r->text ? r->text + r->off : "";
    if (!*p)
        return 0;
    size_t len = strcspn(p, "\r\n");
    r->no++;
    r->off += len + (p[len] == '\r' && p[len + 1] == '\n' ? 2 : p[len] != '\0');
    if (len >= cap) {
        if (cap)
            buf[0] = '\0';
        return -1;
    }
    memcpy(buf, p, len);
    buf[len] = '\0';
    return 1;
}

/* Cuts `line` at its first '#' (a comment) and splits the rest in place into words separated
 * by blanks (space, tab, \r, \f, \v), pointed to from words[]. Returns the number of words, or
 * -1 when there are more than max (words[] then holds the first max). */
static inline int fc_text_words(char *line, char **words, int max)
{
    static const char blanks[] = " \t\r\f\v";
    char *p = line, *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    for (int n = 0;; n++) {
        p += strspn(p, blanks);
        if (!*p)
            return n;
        if (n == max)
            return -1;
        words[n] = p;
        p += strcspn(p, blanks);
        if (*p)
            *p++ = '\0';
    }
}

#endif
