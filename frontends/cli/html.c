/* SCAFFOLD (being replaced by the report helper this session): the page frame only; the
 * charts are not drawn yet. See html.h for the contract. */
#include "html.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct cli_html {
    FILE *f;
    char *path;
};

static void esc(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

cli_html *cli_html_begin(const char *path, const char *title)
{
    cli_html *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->path = strdup(path);
    h->f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!h->f || !h->path) {
        cli_fail("%s: cannot write", path);
        free(h->path);
        free(h);
        return NULL;
    }
    fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>", h->f);
    esc(h->f, title);
    fputs("</title></head><body>\n", h->f);
    return h;
}

int cli_html_end(cli_html *h)
{
    fputs("</body></html>\n", h->f);
    int rc = cli_close_output(h->f, h->path);
    free(h->path);
    free(h);
    return rc;
}

void cli_html_heading(cli_html *h, const char *text)
{
    fputs("<h2>", h->f);
    esc(h->f, text);
    fputs("</h2>\n", h->f);
}

void cli_html_text(cli_html *h, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fputs("<p>", h->f);
    esc(h->f, buf);
    fputs("</p>\n", h->f);
}

void cli_html_table(cli_html *h, int ncols, int nrows, const char *const *cells)
{
    fputs("<table>\n", h->f);
    for (int r = 0; r < nrows; r++) {
        fputs("<tr>", h->f);
        for (int c = 0; c < ncols; c++) {
            fputs(r ? "<td>" : "<th>", h->f);
            esc(h->f, cells[r * ncols + c]);
            fputs(r ? "</td>" : "</th>", h->f);
        }
        fputs("</tr>\n", h->f);
    }
    fputs("</table>\n", h->f);
}

static void todo(cli_html *h, const char *title) { cli_html_text(h, "(chart not drawn yet: %s)", title); }

void cli_html_intervals(cli_html *h, const char *title, const char *axis, const cli_html_est *e, int n, double ref)
{
    (void)axis, (void)e, (void)n, (void)ref;
    todo(h, title);
}
void cli_html_histograms(cli_html *h, const char *title, const char *axis, const cli_html_series *s, int n)
{
    (void)axis, (void)s, (void)n;
    todo(h, title);
}
void cli_html_lines(cli_html *h, const char *title, const char *xaxis, const char *yaxis, const cli_html_series *s,
                    int n)
{
    (void)xaxis, (void)yaxis, (void)s, (void)n;
    todo(h, title);
}
void cli_html_scatter(cli_html *h, const char *title, const char *xaxis, const char *yaxis, const cli_html_point *p,
                      int n)
{
    (void)xaxis, (void)yaxis, (void)p, (void)n;
    todo(h, title);
}
