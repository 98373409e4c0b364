/* Terminal-safe text (see formicary/escape.h). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "formicary/escape.h"

/* Length of the valid UTF-8 sequence at s (at most len bytes) and its code point, or 0 when
 * the bytes there are not one (overlong forms, surrogates and values past U+10FFFF are not). */
size_t fc_utf8_seq(const char *text, size_t len, uint32_t *cp)
{
    const unsigned char *s = (const unsigned char *)text;
    if (len == 0)
        return 0;
    size_t n;
    uint32_t c, min;
    if (s[0] < 0x80) {
        *cp = s[0];
        return 1;
    } else if (s[0] >= 0xc2 && s[0] <= 0xdf) {
        n = 2, c = s[0] & 0x1fu, min = 0x80;
    } else if (s[0] >= 0xe0 && s[0] <= 0xef) {
        n = 3, c = s[0] & 0x0fu, min = 0x800;
    } else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
        n = 4, c = s[0] & 0x07u, min = 0x10000;
    } else {
        return 0;
    }
    if (n > len)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0u) != 0x80)
            return 0;
        c = (c << 6) | (s[i] & 0x3fu);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return 0;
    *cp = c;
    return n;
}

/* The escape for the text at s, or 0 when its `*used` bytes are kept as they are. */
static int escape_at(const unsigned char *s, size_t len, size_t *used, char esc[5])
{
    uint32_t cp = 0;
    size_t n = fc_utf8_seq((const char *)s, len, &cp);
    if (n == 0) {
        *used = 1;
        snprintf(esc, 5, "\\x%02x", s[0]);
        return 1;
    }
    *used = n;
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) {
        snprintf(esc, 5, "\\x%02x", (unsigned)cp);
        return 1;
    }
    return 0;
}

size_t fc_escape_text(const char *s, size_t len, char *out, size_t n)
{
    size_t k = 0;
    if (n == 0)
        return 0;
    const unsigned char *u = (const unsigned char *)(s ? s : "");
    if (!s)
        len = 0;
    for (size_t i = 0; i < len;) {
        size_t used;
        char esc[5];
        const char *piece = esc;
        size_t plen = 4;
        if (!escape_at(u + i, len - i, &used, esc)) {
            piece = (const char *)u + i;
            plen = used;
        }
        if (k + plen + 1 > n)
            break;
        memcpy(out + k, piece, plen);
        k += plen;
        i += used;
    }
    out[k] = '\0';
    return k;
}

const char *fc_escape(const char *s, char *out, size_t n)
{
    fc_escape_text(s, s ? strlen(s) : 0, out, n);
    return out;
}

int fc_escape_needed(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        size_t used;
        char esc[5];
        if (escape_at(u + i, len - i, &used, esc))
            return 1;
        i += used;
    }
    return 0;
}
