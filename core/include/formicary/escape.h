/* Text from files and scripts (variant and rule set names, error() texts, print() output, record
 * lines) is escaped before it reaches a terminal, so escape sequences cannot retitle or clear it:
 * ESC is shown as \x1b, every other C0 control, DEL and C1 control (U+0080..U+009F, raw or
 * UTF-8 encoded) as \xNN, and so is every byte of an invalid UTF-8 sequence; valid printable
 * UTF-8 text is kept as it is. */
#ifndef FORMICARY_ESCAPE_H
#define FORMICARY_ESCAPE_H

#include <stddef.h>
#include <stdint.h>

/* Escapes s[0..len) into out (n bytes, n >= 1: always NUL-terminated, cut before an escape or
 * character that does not fit); returns the length written. */
size_t fc_escape_text(const char *s, size_t len, char *out, size_t n);
/* fc_escape_text of the NUL-terminated s (NULL is ""); returns out. */
const char *fc_escape(const char *s, char *out, size_t n);
/* Length (1..4) of the valid UTF-8 sequence at s[0..len) and its code point in *cp; 0 when
 * the bytes there are not one (overlong forms, surrogates and values past U+10FFFF are not). */
size_t fc_utf8_seq(const char *s, size_t len, uint32_t *cp);
/* Whether s[0..len) would change under fc_escape_text. */
int fc_escape_needed(const char *s, size_t len);

#endif
