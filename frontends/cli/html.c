/* The HTML report writer (html.h, docs/reports.md): one page with inline CSS and SVG charts
 * (html_charts.c, html_study.c, on the drawing helpers here: html_kit.h), no script and no
 * external resource. The markup is also well-formed XML (every
 * element closed, attributes quoted), so `xmllint --noout` can check a page. */
#include "html.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "html_kit.h"


/* Okabe-Ito, ordered for contrast on white (yellow last); the GUI's seat colours come from the
 * same palette. */
static const char *const palette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                      "#E69F00", "#56B4E9", "#000000", "#B8A800"};
#define NPAL ((int)(sizeof palette / sizeof palette[0]))
const char *html_colour(int i) { return palette[i % NPAL]; }


static const char css[] =
    "body{font-family:system-ui,'DejaVu Sans',Helvetica,Arial,sans-serif;color:#1b1b1b;"
    "background:#fff;max-width:980px;margin:1.5em auto;padding:0 1em;line-height:1.45}"
    "h1{font-size:1.6em;border-bottom:2px solid #0072B2;padding-bottom:.2em}"
    "h2{font-size:1.25em;margin-top:1.6em;border-bottom:1px solid #ccc}"
    "p{margin:.5em 0}"
    "table{border-collapse:collapse;margin:.6em 0;font-size:.92em}"
    "th,td{border:1px solid #c8c8c8;padding:.25em .6em;text-align:left;vertical-align:top}"
    "th{background:#eef3f8}td.num{text-align:right;font-variant-numeric:tabular-nums}"
    "tr:nth-child(even) td{background:#fafafa}"
    "figure{margin:1em 0;break-inside:avoid;page-break-inside:avoid}"
    "figcaption{font-weight:600;margin-bottom:.3em}"
    "svg{max-width:100%;height:auto;display:block}"
    "svg text{font-size:12px;fill:#1b1b1b}svg text.small,svg text.tick{font-size:11px;fill:#444}"
    ".grid{stroke:#e4e4e4;stroke-width:1}.axis{stroke:#666;stroke-width:1}"
    ".ref{stroke:#444;stroke-width:1.2;stroke-dasharray:5 4}"
    ".empty{color:#666;font-style:italic}"
    "@media print{body{max-width:none;margin:0}h2{break-after:avoid}}";

/* ---- escaping and numbers ---- */

/* Length of the well-formed UTF-8 sequence at s (1 to 4), or 0 when it is not one. */
static int utf8_len(const unsigned char *s)
{
    int n = s[0] < 0x80 ? 1 : s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
                             : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((n == 3 && ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0))) || /* overlong, surrogate */
        (n == 4 && ((s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))))   /* overlong, > U+10FFFF */
        return 0;
    return n;
}

/* Text as HTML (and XML) character data: markup escaped, control characters as '?', bytes that
 * are not UTF-8 (a Latin-1 file name) as U+FFFD. */
void html_esc(FILE *f, const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    while (u && *u) {
        int n = utf8_len(u);
        if (n > 1) {
            fwrite(u, 1, (size_t)n, f);
            u += n;
            continue;
        }
        switch (*u) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default:
            if (n == 0)
                fputs("&#xFFFD;", f);
            else
                fputc(*u < 0x20 && *u != '\n' && *u != '\t' ? '?' : *u, f);
        }
        u++;
    }
}

/* A value for a label: a few significant digits, "n/a" when not finite. */
const char *html_num(char *buf, size_t n, double v)
{
    double a = fabs(v);
    if (!isfinite(v))
        snprintf(buf, n, "n/a");
    else if (a >= 1000)
        snprintf(buf, n, "%.0f", v);
    else if (a >= 100)
        snprintf(buf, n, "%.1f", v);
    else if (a >= 1)
        snprintf(buf, n, "%.2f", v);
    else
        snprintf(buf, n, "%.3f", v);
    if (strcmp(buf, "-0.000") == 0 || strcmp(buf, "-0.00") == 0)
        memmove(buf, buf + 1, strlen(buf));
    return buf;
}

double html_text_w(const char *s) { return s ? (double)strlen(s) * CHAR_W : 0; }

/* ---- axes at nice numbers ---- */


/* An axis covering lo..hi with about `target` ticks at 1, 2 or 5 times a power of ten. */
axis html_nice_axis(double lo, double hi, int target)
{
    axis a;
    if (!isfinite(lo) || !isfinite(hi)) {
        lo = 0;
        hi = 1;
    }
    if (!(hi > lo)) {
        double pad = fabs(lo) > 0 ? fabs(lo) * 0.1 : 1;
        lo -= pad;
        hi += pad;
    }
    if (!isfinite(hi - lo)) { /* beyond what a chart can show: a plain 0..1 axis */
        lo = 0;
        hi = 1;
    }
    double raw = (hi - lo) / target;
    double mag = pow(10, floor(log10(raw)));
    double f = raw / mag;
    a.step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
    a.lo = floor(lo / a.step + 1e-9) * a.step;
    a.hi = ceil(hi / a.step - 1e-9) * a.step;
    if (!(a.hi > a.lo))
        a.hi = a.lo + a.step;
    a.dec = a.step >= 1 ? 0 : (int)ceil(-log10(a.step) - 1e-9);
    return a;
}

int html_axis_ticks(const axis *a) { return (int)floor((a->hi - a->lo) / a->step + 1e-6) + 1; }

double html_axis_tick(const axis *a, int i)
{
    double v = a->lo + i * a->step;
    return fabs(v) < a->step * 1e-9 ? 0 : v;
}

void html_tick_label(char *buf, size_t n, const axis *a, double v)
{
    snprintf(buf, n, "%.*f", a->dec, v);
    if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
        memmove(buf, buf + 1, strlen(buf));
}

/* ---- plot area ---- */


double html_px(const plot *p, double x) { return p->x0 + (x - p->ax.lo) / (p->ax.hi - p->ax.lo) * p->w; }
double html_py(const plot *p, double y) { return p->y0 + p->h - (y - p->ay.lo) / (p->ay.hi - p->ay.lo) * p->h; }

void html_figure_begin(cli_html *h, const char *title, double w, double ht)
{
    fputs("<figure><figcaption>", h->f);
    html_esc(h->f, title);
    fprintf(h->f,
            "</figcaption>\n<svg width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
            "aria-label=\"",
            w, ht, w, ht);
    html_esc(h->f, title);
    fputs("\">\n", h->f);
}

void html_figure_end(cli_html *h) { fputs("</svg></figure>\n", h->f); }

void html_empty_chart(cli_html *h, const char *title)
{
    fputs("<figure><figcaption>", h->f);
    html_esc(h->f, title);
    fputs("</figcaption><p class=\"empty\">no data</p></figure>\n", h->f);
}

void html_text_at(cli_html *h, double x, double y, const char *anchor, const char *cls, const char *s)
{
    fprintf(h->f, "<text x=\"%.1f\" y=\"%.1f\"", x, y);
    if (anchor)
        fprintf(h->f, " text-anchor=\"%s\"", anchor);
    if (cls)
        fprintf(h->f, " class=\"%s\"", cls);
    fputc('>', h->f);
    html_esc(h->f, s);
    fputs("</text>\n", h->f);
}

/* Tick labels under the plot at t's ticks inside the plot's x range (t NULL: the plot's own
 * axis), with grid lines or short tick marks, then the axis line and title. */
void html_x_axis(cli_html *h, const plot *p, const axis *t, bool grid, const char *label)
{
    char buf[64];
    t = t ? t : &p->ax;
    for (int i = 0, n = html_axis_ticks(t); i < n; i++) {
        double v = html_axis_tick(t, i), x = html_px(p, v);
        if (v < p->ax.lo - 1e-9 * t->step || v > p->ax.hi + 1e-9 * t->step)
            continue;
        fprintf(h->f, "<line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", grid ? "grid" : "axis",
                x, grid ? p->y0 : p->y0 + p->h, x, p->y0 + p->h + (grid ? 0 : 4));
        html_tick_label(buf, sizeof buf, t, v);
        html_text_at(h, x, p->y0 + p->h + 15, "middle", "tick", buf);
    }
    fprintf(h->f, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", p->x0, p->y0 + p->h,
            p->x0 + p->w, p->y0 + p->h);
    if (label && *label)
        html_text_at(h, p->x0 + p->w / 2, p->y0 + p->h + 33, "middle", NULL, label);
}

/* Horizontal grid lines and tick labels left of the plot, then the (rotated) axis title. */
void html_y_axis(cli_html *h, const plot *p, const char *label)
{
    char buf[64];
    for (int i = 0, n = html_axis_ticks(&p->ay); i < n; i++) {
        double v = html_axis_tick(&p->ay, i), y = html_py(p, v);
        fprintf(h->f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", p->x0, y,
                p->x0 + p->w, y);
        html_tick_label(buf, sizeof buf, &p->ay, v);
        html_text_at(h, p->x0 - 6, y + 4, "end", "tick", buf);
    }
    fprintf(h->f, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", p->x0, p->y0, p->x0,
            p->y0 + p->h);
    if (label && *label) {
        double x = 14, y = p->y0 + p->h / 2;
        fprintf(h->f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 %.1f %.1f)\">", x, y,
                x, y);
        html_esc(h->f, label);
        fputs("</text>\n", h->f);
    }
}

/* Swatches and labels from (x0, y), wrapping at w; `line` draws a stroke swatch instead of a
 * filled square. Returns the height used; h NULL only measures (for layout before drawing). */
double html_legend(cli_html *h, const char *const *labels, int n, double x0, double y, double w, bool line)
{
    double x = x0, y0 = y;
    for (int i = 0; i < n; i++) {
        double iw = 22 + html_text_w(labels[i]) + 18;
        if (x > x0 && x + iw > w) {
            y += 18;
            x = x0;
        }
        if (h && line)
            fprintf(h->f,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2.5\"/>\n",
                    x, y + 6, x + 16, y + 6, html_colour(i));
        else if (h)
            fprintf(h->f,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"12\" fill=\"%s\" fill-opacity=\"0.5\" "
                    "stroke=\"%s\"/>\n",
                    x, y, html_colour(i), html_colour(i));
        if (h)
            html_text_at(h, x + 22, y + 11, NULL, NULL, labels[i]);
        x += iw;
    }
    return n > 0 ? y - y0 + 18 : 0;
}

/* ---- page ---- */

cli_html *cli_html_begin(const char *path, const char *title)
{
    cli_html *h = calloc(1, sizeof *h);
    if (!h) {
        cli_fail("%s: out of memory", path);
        return NULL;
    }
    h->path = strdup(path);
    if (!h->path)
        cli_fail("%s: out of memory", path);
    h->out = h->path ? cli_open_output(path) : NULL;
    h->f = h->out ? fc_outfile_stream(h->out) : NULL;
    if (!h->f) {
        free(h->path);
        free(h);
        return NULL;
    }
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>",
          h->f);
    html_esc(h->f, title);
    fprintf(h->f, "</title>\n<style>%s</style>\n</head><body>\n<h1>", css);
    html_esc(h->f, title);
    fputs("</h1>\n", h->f);
    return h;
}

int cli_html_end(cli_html *h)
{
    fputs("<footer><p class=\"empty\">Written by formicary " FC_VERSION
          ". Intervals are 95% confidence intervals.</p></footer>\n</body></html>\n",
          h->f);
    int rc = cli_finish_output(h->out);
    for (int i = 0; i < h->nids; i++)
        free(h->ids[i]);
    free(h->ids);
    free(h->path);
    free(h);
    return rc;
}

/* An id for a heading (links such as page.html#win-share): its words in lower case joined by
 * '-', with -2, -3 ... after a repeat. */
static void heading_id(cli_html *h, const char *text, char *id, size_t n)
{
    size_t k = 0;
    for (const char *c = text; c && *c && k + 1 < n - 8; c++) {
        char ch = *c >= 'A' && *c <= 'Z' ? (char)(*c - 'A' + 'a') : *c;
        bool word = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9');
        if (word)
            id[k++] = ch;
        else if (k && id[k - 1] != '-')
            id[k++] = '-';
    }
    while (k && id[k - 1] == '-')
        k--;
    if (!k)
        id[k++] = 's';
    id[k] = 0;
    for (int i = 0, rep = 2; i < h->nids; i++)
        if (strcmp(h->ids[i], id) == 0) {
            snprintf(id + k, n - k, "-%d", rep++);
            i = -1; /* check the new id from the start */
        }
    char **ids = realloc(h->ids, (size_t)(h->nids + 1) * sizeof *ids);
    if (ids) {
        h->ids = ids;
        if ((ids[h->nids] = strdup(id)))
            h->nids++;
    }
}

void cli_html_heading(cli_html *h, const char *text)
{
    char id[80];
    heading_id(h, text, id, sizeof id);
    fprintf(h->f, "<h2 id=\"%s\">", id);
    html_esc(h->f, text);
    fputs("</h2>\n", h->f);
}

void cli_html_text(cli_html *h, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *buf = len >= 0 ? malloc((size_t)len + 1) : NULL;
    if (!buf)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, (size_t)len + 1, fmt, ap);
    va_end(ap);
    fputs("<p>", h->f);
    html_esc(h->f, buf);
    fputs("</p>\n", h->f);
    free(buf);
}

/* A cell of numbers alone ("0.512", "+3.2%", "0.41 - 0.55", "0.488 [0.41, 0.55]") is aligned
 * right; a cell with any other text is not. */
static bool numeric_cell(const char *s)
{
    if (!s || !*s)
        return false;
    char *end;
    strtod(s, &end);
    return end != s && strspn(end, "0123456789.+-eE%[], ") == strlen(end);
}

void cli_html_table(cli_html *h, int ncols, int nrows, const char *const *cells)
{
    if (ncols <= 0 || nrows <= 0)
        return;
    fputs("<table>\n", h->f);
    for (int r = 0; r < nrows; r++) {
        fputs("<tr>", h->f);
        for (int c = 0; c < ncols; c++) {
            const char *cell = cells[r * ncols + c];
            fputs(r == 0 ? "<th>" : numeric_cell(cell) ? "<td class=\"num\">" : "<td>", h->f);
            html_esc(h->f, cell);
            fputs(r == 0 ? "</th>" : "</td>", h->f);
        }
        fputs("</tr>\n", h->f);
    }
    fputs("</table>\n", h->f);
}
