/* The INI line source shared by the core's inih readers (ini_lines.h). */
#include <string.h>

#include "ini_lines.h"
#include "textfile.h"

char *fc_ini_lines_read(char *str, int num, void *stream)
{
    fc_ini_lines *r = stream;
    if (r->failed(r->ud) || !*r->pos)
        return NULL;
    const char *next;
    size_t len = fc_text_line(r->pos, &next);
    r->line++;
    r->line_start = r->pos;
    size_t skip = r->strip_indent ? strspn(r->pos, " \t") : 0;
    skip = skip < len ? skip : len;
    int limit = num - 2 < r->max ? num - 2 : r->max; /* inih's buffer holds the line, "\n" and NUL */
    if (len - skip > (size_t)limit || len > (size_t)r->max) {
        r->too_long(r->ud, r->line, limit);
        return NULL;
    }
    memcpy(str, r->pos + skip, len - skip);
    str[len - skip] = '\n';
    str[len - skip + 1] = '\0';
    r->pos = next;
    const char *s = str;
    if (r->line == 1 && strncmp(s, "\xEF\xBB\xBF", 3) == 0) /* inih skips a byte-order mark too */
        s += 3;
    s += strspn(s, " \t");
    if (*s == '[') {
        const char *close = strchr(s, ']');
        if (!r->section(r->ud, r->line, close ? s + 1 : NULL, close ? (size_t)(close - s - 1) : 0))
            return NULL;
    }
    return str;
}
