/* Private: the line source every INI reader of the core gives inih (rule sets, tier files,
 * balance contracts). One whole line per call, so the reader's line numbers are inih's, with
 * the project's line ends (fc_text_line); a line longer than the limit stops the parse with
 * the caller's message; a section line is shown to the caller as it is read, so a section
 * without keys still counts and a bad one fails on its own line. */
#ifndef FC_INI_LINES_H
#define FC_INI_LINES_H

#include <stdbool.h>
#include <stddef.h>

typedef struct fc_ini_lines {
    const char *pos;        /* the text still to read (NUL-terminated) */
    int line;               /* the line last read, 1-based */
    const char *line_start; /* its raw text in the input */
    int max;                /* the longest line accepted, in characters */
    bool strip_indent;      /* give inih the line without its leading blanks (not a continuation) */
    void *ud;
    /* whether the caller has failed: reading stops */
    bool (*failed)(void *ud);
    /* the line is longer than `limit` characters (max, or what inih's buffer holds) */
    void (*too_long)(void *ud, int line, int limit);
    /* the line opens a section: name[0..len) between the brackets, or NULL without a closing
     * bracket; false stops reading (the caller set its error) */
    bool (*section)(void *ud, int line, const char *name, size_t len);
} fc_ini_lines;

/* inih's reader (ini_parse_stream) over an fc_ini_lines passed as the stream. */
char *fc_ini_lines_read(char *str, int num, void *stream);

#endif
