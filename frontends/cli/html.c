/* The HTML report writer (html.h, docs/reports.md): one page with inline CSS and SVG charts
 * drawn here, no script and no external resource. The markup is also well-formed XML (every
 * element closed, attributes quoted), so `xmllint --noout` can check a page. */
#include "html.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct cli_html {
    fc_outfile *out;
    FILE *f;
    char *path;
    char **ids; /* the headings' ids so far, to keep them unique */
    int nids;
};

/* Okabe-Ito, ordered for contrast on white (yellow last); the GUI's seat colours come from the
 * same palette. */
static const char *const palette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                      "#E69F00", "#56B4E9", "#000000", "#B8A800"};
#define NPAL ((int)(sizeof palette / sizeof palette[0]))
static const char *colour(int i) { return palette[i % NPAL]; }

/* Chart geometry in CSS pixels. */
#define CW 760.0   /* chart width */
#define CHAR_W 6.6 /* average glyph width of the 12px font, for layout */

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
static void esc(FILE *f, const char *s)
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
static const char *num(char *buf, size_t n, double v)
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

static double text_w(const char *s) { return s ? (double)strlen(s) * CHAR_W : 0; }

/* ---- axes at nice numbers ---- */

typedef struct axis {
    double lo, hi, step;
    int dec; /* decimals of the tick labels */
} axis;

/* An axis covering lo..hi with about `target` ticks at 1, 2 or 5 times a power of ten. */
static axis nice_axis(double lo, double hi, int target)
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

static int axis_ticks(const axis *a) { return (int)floor((a->hi - a->lo) / a->step + 1e-6) + 1; }

static double axis_tick(const axis *a, int i)
{
    double v = a->lo + i * a->step;
    return fabs(v) < a->step * 1e-9 ? 0 : v;
}

static void tick_label(char *buf, size_t n, const axis *a, double v)
{
    snprintf(buf, n, "%.*f", a->dec, v);
    if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
        memmove(buf, buf + 1, strlen(buf));
}

/* ---- plot area ---- */

typedef struct plot {
    double x0, y0, w, h; /* the data rectangle */
    axis ax, ay;
} plot;

static double px(const plot *p, double x) { return p->x0 + (x - p->ax.lo) / (p->ax.hi - p->ax.lo) * p->w; }
static double py(const plot *p, double y) { return p->y0 + p->h - (y - p->ay.lo) / (p->ay.hi - p->ay.lo) * p->h; }

static void figure_begin(cli_html *h, const char *title, double w, double ht)
{
    fputs("<figure><figcaption>", h->f);
    esc(h->f, title);
    fprintf(h->f,
            "</figcaption>\n<svg width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
            "aria-label=\"",
            w, ht, w, ht);
    esc(h->f, title);
    fputs("\">\n", h->f);
}

static void figure_end(cli_html *h) { fputs("</svg></figure>\n", h->f); }

static void empty_chart(cli_html *h, const char *title)
{
    fputs("<figure><figcaption>", h->f);
    esc(h->f, title);
    fputs("</figcaption><p class=\"empty\">no data</p></figure>\n", h->f);
}

static void text_at(cli_html *h, double x, double y, const char *anchor, const char *cls, const char *s)
{
    fprintf(h->f, "<text x=\"%.1f\" y=\"%.1f\"", x, y);
    if (anchor)
        fprintf(h->f, " text-anchor=\"%s\"", anchor);
    if (cls)
        fprintf(h->f, " class=\"%s\"", cls);
    fputc('>', h->f);
    esc(h->f, s);
    fputs("</text>\n", h->f);
}

/* Tick labels under the plot at t's ticks inside the plot's x range (t NULL: the plot's own
 * axis), with grid lines or short tick marks, then the axis line and title. */
static void x_axis(cli_html *h, const plot *p, const axis *t, bool grid, const char *label)
{
    char buf[64];
    t = t ? t : &p->ax;
    for (int i = 0, n = axis_ticks(t); i < n; i++) {
        double v = axis_tick(t, i), x = px(p, v);
        if (v < p->ax.lo - 1e-9 * t->step || v > p->ax.hi + 1e-9 * t->step)
            continue;
        fprintf(h->f, "<line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", grid ? "grid" : "axis",
                x, grid ? p->y0 : p->y0 + p->h, x, p->y0 + p->h + (grid ? 0 : 4));
        tick_label(buf, sizeof buf, t, v);
        text_at(h, x, p->y0 + p->h + 15, "middle", "tick", buf);
    }
    fprintf(h->f, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", p->x0, p->y0 + p->h,
            p->x0 + p->w, p->y0 + p->h);
    if (label && *label)
        text_at(h, p->x0 + p->w / 2, p->y0 + p->h + 33, "middle", NULL, label);
}

/* Horizontal grid lines and tick labels left of the plot, then the (rotated) axis title. */
static void y_axis(cli_html *h, const plot *p, const char *label)
{
    char buf[64];
    for (int i = 0, n = axis_ticks(&p->ay); i < n; i++) {
        double v = axis_tick(&p->ay, i), y = py(p, v);
        fprintf(h->f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", p->x0, y,
                p->x0 + p->w, y);
        tick_label(buf, sizeof buf, &p->ay, v);
        text_at(h, p->x0 - 6, y + 4, "end", "tick", buf);
    }
    fprintf(h->f, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", p->x0, p->y0, p->x0,
            p->y0 + p->h);
    if (label && *label) {
        double x = 14, y = p->y0 + p->h / 2;
        fprintf(h->f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 %.1f %.1f)\">", x, y,
                x, y);
        esc(h->f, label);
        fputs("</text>\n", h->f);
    }
}

/* Swatches and labels from (x0, y), wrapping at w; `line` draws a stroke swatch instead of a
 * filled square. Returns the height used; h NULL only measures (for layout before drawing). */
static double legend(cli_html *h, const char *const *labels, int n, double x0, double y, double w, bool line)
{
    double x = x0, y0 = y;
    for (int i = 0; i < n; i++) {
        double iw = 22 + text_w(labels[i]) + 18;
        if (x > x0 && x + iw > w) {
            y += 18;
            x = x0;
        }
        if (h && line)
            fprintf(h->f,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2.5\"/>\n",
                    x, y + 6, x + 16, y + 6, colour(i));
        else if (h)
            fprintf(h->f,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"12\" fill=\"%s\" fill-opacity=\"0.5\" "
                    "stroke=\"%s\"/>\n",
                    x, y, colour(i), colour(i));
        if (h)
            text_at(h, x + 22, y + 11, NULL, NULL, labels[i]);
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
    esc(h->f, title);
    fprintf(h->f, "</title>\n<style>%s</style>\n</head><body>\n<h1>", css);
    esc(h->f, title);
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
    esc(h->f, text);
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
    esc(h->f, buf);
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
            esc(h->f, cell);
            fputs(r == 0 ? "</th>" : "</td>", h->f);
        }
        fputs("</tr>\n", h->f);
    }
    fputs("</table>\n", h->f);
}

/* ---- interval chart ---- */

static void range_add(double *lo, double *hi, double v)
{
    if (!isfinite(v))
        return;
    if (v < *lo)
        *lo = v;
    if (v > *hi)
        *hi = v;
}

/* "value [lo, hi]" as printed right of an interval row. */
static void est_text(char *buf, size_t n, const cli_html_est *e)
{
    char v[32], l[32], u[32];
    if (!isfinite(e->value))
        snprintf(buf, n, "n/a");
    else if (isfinite(e->lo) || isfinite(e->hi))
        snprintf(buf, n, "%s [%s, %s]", num(v, sizeof v, e->value), num(l, sizeof l, e->lo), num(u, sizeof u, e->hi));
    else
        snprintf(buf, n, "%s", num(v, sizeof v, e->value));
}

static void interval_row(cli_html *h, const plot *p, const cli_html_est *e, double y, const char *c)
{
    char buf[128];
    /* A label longer than the margin is cut (whole in the dot's tooltip). */
    char cut[128];
    size_t fit = (size_t)((p->x0 - 14) / CHAR_W);
    snprintf(cut, sizeof cut, "%s", e->label ? e->label : "");
    if (strlen(cut) > fit && fit > 3) {
        size_t k = fit - 3;
        while (k > 0 && ((unsigned char)cut[k] & 0xC0) == 0x80) /* not inside a UTF-8 character */
            k--;
        memcpy(cut + k, "...", 4);
    }
    text_at(h, p->x0 - 10, y + 4, "end", NULL, cut);
    /* A missing end of the interval leaves that side open; a missing value leaves a gap. */
    double lo = isfinite(e->lo) ? e->lo : e->value, hi = isfinite(e->hi) ? e->hi : e->value;
    if (isfinite(e->value) && (!isfinite(e->lo) || !isfinite(e->hi))) /* an open end: dashed to the edge */
        fprintf(h->f,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\" "
                "stroke-dasharray=\"3 3\"/>\n",
                isfinite(e->lo) ? px(p, lo) : p->x0, y, isfinite(e->hi) ? px(p, hi) : p->x0 + p->w, y, c);
    if (isfinite(lo) && isfinite(hi) && hi > lo) {
        fprintf(h->f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                px(p, lo), y, px(p, hi), y, c);
        for (int k = 0; k < 2; k++) {
            double v = k ? e->hi : e->lo;
            if (isfinite(v))
                fprintf(h->f,
                        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                        px(p, v), y - 6, px(p, v), y + 6, c);
        }
    }
    est_text(buf, sizeof buf, e);
    if (isfinite(e->value)) {
        fprintf(h->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\" stroke=\"#fff\"><title>", px(p, e->value), y,
                c);
        esc(h->f, e->label);
        fputs(": ", h->f);
        esc(h->f, buf);
        fputs("</title></circle>\n", h->f);
    }
    text_at(h, p->x0 + p->w + 10, y + 4, NULL, "small", buf);
}

void cli_html_intervals(cli_html *h, const char *title, const char *axis_label, const cli_html_est *e, int n,
                        double ref)
{
    cli_html_intervals_grouped(h, title, axis_label, e, n, ref, NULL, NULL, 0);
}

/* The interval chart, with a shaded band band_lo..band_hi (a NAN end: open to the chart's edge;
 * both NAN: no band) under the rows. */
static void intervals_chart(cli_html *h, const char *title, const char *axis_label, const cli_html_est *e, int n,
                            double ref, const int *group, const char *const *groups, int ngroups, double band_lo,
                            double band_hi)
{
    double lo = INFINITY, hi = -INFINITY, lw = 0;
    for (int i = 0; i < n; i++) {
        range_add(&lo, &hi, e[i].value);
        range_add(&lo, &hi, e[i].lo);
        range_add(&lo, &hi, e[i].hi);
        if (text_w(e[i].label) > lw)
            lw = text_w(e[i].label);
    }
    if (n <= 0 || lo > hi) {
        empty_chart(h, title);
        return;
    }
    range_add(&lo, &hi, ref);
    range_add(&lo, &hi, band_lo);
    range_add(&lo, &hi, band_hi);
    if (isfinite(band_lo) || isfinite(band_hi)) { /* room beyond the band, so its edges show */
        double pad = hi > lo ? 0.15 * (hi - lo) : 0.05 * fmax(fabs(lo), 1);
        lo -= pad;
        hi += pad;
    }
    if (!group)
        ngroups = 0;
    plot p = {.x0 = fmin(fmax(lw + 16, 80), 300), .h = 26.0 * n};
    p.w = CW - p.x0 - 170;
    p.y0 = 10 + legend(NULL, groups, ngroups, p.x0, 0, CW - 10, false);
    p.ax = nice_axis(lo, hi, 8);
    figure_begin(h, title, CW, p.y0 + p.h + 45);
    if (ngroups)
        legend(h, groups, ngroups, p.x0, 4, CW - 10, false);
    for (int i = 0; i < n; i += 2) /* banded rows under the grid */
        fprintf(h->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"26\" fill=\"#f2f5f9\"/>\n", p.x0,
                p.y0 + 26.0 * i, p.w);
    if (isfinite(band_lo) || isfinite(band_hi)) {
        double x0 = isfinite(band_lo) ? px(&p, band_lo) : p.x0, x1 = isfinite(band_hi) ? px(&p, band_hi) : p.x0 + p.w;
        fprintf(h->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#009E73\" "
                      "fill-opacity=\"0.18\"><title>tolerance</title></rect>\n",
                x0, p.y0, fmax(x1 - x0, 1), p.h);
    }
    x_axis(h, &p, NULL, true, axis_label);
    for (int i = 0; i < n; i++)
        interval_row(h, &p, &e[i], p.y0 + 13 + 26.0 * i,
                     colour(group && group[i] >= 0 && group[i] < ngroups ? group[i] : 0));
    if (isfinite(ref)) {
        char buf[32];
        fprintf(h->f,
                "<line class=\"ref\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"><title>reference %s</title>"
                "</line>\n",
                px(&p, ref), p.y0, px(&p, ref), p.y0 + p.h, num(buf, sizeof buf, ref));
    }
    figure_end(h);
}

void cli_html_intervals_grouped(cli_html *h, const char *title, const char *axis_label, const cli_html_est *e, int n,
                                double ref, const int *group, const char *const *groups, int ngroups)
{
    intervals_chart(h, title, axis_label, e, n, ref, group, groups, ngroups, NAN, NAN);
}

void cli_html_band(cli_html *h, const char *title, const char *axis_label, const cli_html_est *e, int n,
                   double band_lo, double band_hi)
{
    intervals_chart(h, title, axis_label, e, n, NAN, NULL, NULL, 0, band_lo, band_hi);
}

/* ---- histograms ---- */

typedef struct bins {
    double start, width;
    int n;
} bins;

/* Shared bins over every series, about 2 n^(1/3) of them (Rice's rule for the largest series,
 * 6 to 30) at a nice width; integer values (scores, rounds) get an integer width with edges
 * between the integers, so that no bin straddles a value. */
static bool make_bins(const cli_html_series *s, int n, bins *b)
{
    double lo = INFINITY, hi = -INFINITY;
    bool ints = true;
    int most = 0;
    for (int i = 0; i < n; i++) {
        int cnt = 0;
        for (int k = 0; k < s[i].n; k++) {
            double v = s[i].y[k];
            if (!isfinite(v))
                continue;
            range_add(&lo, &hi, v);
            ints = ints && v == floor(v);
            cnt++;
        }
        most = cnt > most ? cnt : most;
    }
    if (lo > hi)
        return false;
    int target = (int)ceil(2 * cbrt((double)most));
    target = target < 6 ? 6 : target > 30 ? 30 : target;
    if (ints) {
        double values = hi - lo + 1;
        b->width = values <= target ? 1 : fmax(1, nice_axis(0, values, target).step);
        b->start = floor(lo / b->width) * b->width - 0.5;
        b->n = (int)ceil((hi + 0.5 - b->start) / b->width - 1e-9);
        return true;
    }
    axis a = nice_axis(lo, hi, target);
    b->width = a.step;
    b->start = a.lo;
    b->n = (int)ceil((hi - a.lo) / a.step - 1e-9);
    if (b->start + b->n * b->width <= hi)
        b->n++;
    if (b->n < 1)
        b->n = 1;
    return true;
}

static int bin_of(const bins *b, double v)
{
    int k = (int)floor((v - b->start) / b->width);
    return k < 0 ? 0 : k >= b->n ? b->n - 1 : k;
}

/* Semi-transparent bars (fainter as more series overlap) with an outline in the same colour. */
static void histogram_bars(cli_html *h, const plot *p, const bins *b, const double *share, int i, int nseries)
{
    double opacity = nseries <= 1 ? 0.45 : nseries == 2 ? 0.35 : 0.25;
    for (int k = 0; k < b->n; k++) {
        if (share[k] <= 0)
            continue;
        double x0 = px(p, b->start + k * b->width), x1 = px(p, b->start + (k + 1) * b->width);
        double y = py(p, share[k]);
        fprintf(h->f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"%.2f\" "
                "stroke=\"%s\" stroke-width=\"1.2\"/>\n",
                x0, y, fmax(x1 - x0, 0.5), p->y0 + p->h - y, colour(i), opacity, colour(i));
    }
}

void cli_html_histograms(cli_html *h, const char *title, const char *axis_label, const cli_html_series *s, int n)
{
    bins b;
    if (n <= 0 || !make_bins(s, n, &b)) {
        empty_chart(h, title);
        return;
    }
    double *share = calloc((size_t)n * (size_t)b.n, sizeof *share);
    char **labels = calloc((size_t)n, sizeof *labels);
    if (!share || !labels) {
        free(share);
        free(labels);
        return;
    }
    double top = 0;
    for (int i = 0; i < n; i++) {
        int cnt = 0;
        double sum = 0;
        for (int k = 0; k < s[i].n; k++)
            if (isfinite(s[i].y[k])) {
                share[i * b.n + bin_of(&b, s[i].y[k])]++;
                sum += s[i].y[k];
                cnt++;
            }
        for (int k = 0; k < b.n; k++) {
            share[i * b.n + k] = cnt ? 100 * share[i * b.n + k] / cnt : 0;
            top = fmax(top, share[i * b.n + k]);
        }
        char m[32], buf[256];
        snprintf(buf, sizeof buf, "%s (n=%d, mean %s)", s[i].label ? s[i].label : "", cnt,
                 num(m, sizeof m, cnt ? sum / cnt : NAN));
        labels[i] = strdup(buf);
    }
    double lh = legend(NULL, (const char *const *)labels, n, 60, 0, CW - 10, false);
    plot p = {.x0 = 60, .y0 = 12 + lh, .w = CW - 80, .h = 220};
    /* The bins' own range (a padded axis would squeeze the outer bars), widened to 8 bins so
     * that a few bins are not drawn as slabs. */
    double pad = b.n < 8 ? (8 - b.n) / 2.0 * b.width : 0;
    p.ax.lo = b.start - pad;
    p.ax.hi = b.start + b.n * b.width + pad;
    p.ay = nice_axis(0, top, 5);
    figure_begin(h, title, CW, p.y0 + p.h + 45);
    legend(h, (const char *const *)labels, n, p.x0, 4, CW - 10, false);
    y_axis(h, &p, "% of values");
    /* x ticks at nice values inside the bins' range; integer values get integer ticks */
    axis t = nice_axis(p.ax.lo, p.ax.hi, 10);
    if (b.start != floor(b.start) && t.step < 1)
        t = (axis){floor(p.ax.lo), ceil(p.ax.hi), 1, 0};
    for (int i = 0; i < n; i++)
        histogram_bars(h, &p, &b, share + i * b.n, i, n);
    x_axis(h, &p, &t, false, axis_label);
    figure_end(h);
    for (int i = 0; i < n; i++)
        free(labels[i]);
    free(labels);
    free(share);
}

/* ---- line chart ---- */

static double series_x(const cli_html_series *s, int k) { return s->x ? s->x[k] : k; }

/* One polyline per run of finite points: a non-finite x or y breaks the line. */
#define LINE_POINTS 1500 /* a longer series is thinned: the chart is ~700 pixels wide */

static void series_path(cli_html *h, const plot *p, const cli_html_series *s, int i)
{
    bool open = false, pen = false;
    int stride = (s->n + LINE_POINTS - 1) / LINE_POINTS;
    for (int k = 0; k < s->n; k++) {
        double x = series_x(s, k), y = s->y[k];
        if (!isfinite(x) || !isfinite(y)) {
            pen = false;
            continue;
        }
        if (k % stride != 0 && k != s->n - 1) /* thinned out (a gap still breaks the line) */
            continue;
        if (!open)
            fprintf(h->f, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"2\" stroke-linejoin=\"round\" d=\"",
                    colour(i));
        fprintf(h->f, "%s%.1f %.1f", pen ? " L" : open ? " M" : "M", px(p, x), py(p, y));
        open = pen = true;
    }
    if (open)
        fputs("\"/>\n", h->f);
    if (s->n > 60)
        return;
    for (int k = 0; k < s->n; k++) {
        double x = series_x(s, k), y = s->y[k];
        if (isfinite(x) && isfinite(y))
            fprintf(h->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.8\" fill=\"%s\"/>\n", px(p, x), py(p, y), colour(i));
    }
}

void cli_html_lines(cli_html *h, const char *title, const char *xaxis, const char *yaxis, const cli_html_series *s,
                    int n)
{
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < s[i].n; k++)
            if (isfinite(series_x(&s[i], k)) && isfinite(s[i].y[k])) {
                range_add(&xlo, &xhi, series_x(&s[i], k));
                range_add(&ylo, &yhi, s[i].y[k]);
            }
    if (n <= 0 || xlo > xhi) {
        empty_chart(h, title);
        return;
    }
    const char **labels = calloc((size_t)n, sizeof *labels);
    if (!labels)
        return;
    for (int i = 0; i < n; i++)
        labels[i] = s[i].label ? s[i].label : "";
    double lh = legend(NULL, labels, n, 60, 0, CW - 10, true);
    plot p = {.x0 = 64, .y0 = 12 + lh, .w = CW - 84, .h = 240};
    p.ax = nice_axis(xlo, xhi, 10);
    p.ay = nice_axis(ylo, yhi, 6);
    figure_begin(h, title, CW, p.y0 + p.h + 45);
    legend(h, labels, n, p.x0, 4, CW - 10, true);
    x_axis(h, &p, NULL, true, xaxis);
    y_axis(h, &p, yaxis);
    for (int i = 0; i < n; i++)
        series_path(h, &p, &s[i], i);
    figure_end(h);
    free(labels);
}

/* ---- scatter with a front ---- */

static int by_x(const void *a, const void *b)
{
    double x = ((const cli_html_point *)a)->x, y = ((const cli_html_point *)b)->x;
    return (x > y) - (x < y);
}

static void point_title(cli_html *h, const cli_html_point *q)
{
    char x[32], y[32];
    fputs("<title>", h->f);
    esc(h->f, q->label);
    fprintf(h->f, " (%s, %s)</title>", num(x, sizeof x, q->x), num(y, sizeof y, q->y));
}

static void scatter_front(cli_html *h, const plot *p, const cli_html_point *q, int n)
{
    cli_html_point *fr = malloc(sizeof *fr * (size_t)(n ? n : 1));
    int nf = 0;
    if (!fr)
        return;
    for (int i = 0; i < n; i++)
        if (q[i].front && isfinite(q[i].x) && isfinite(q[i].y))
            fr[nf++] = q[i];
    qsort(fr, (size_t)nf, sizeof *fr, by_x);
    if (nf > 1) {
        fprintf(h->f, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"2\" d=\"", colour(1));
        for (int i = 0; i < nf; i++)
            fprintf(h->f, "%s%.1f %.1f", i ? " L" : "M", px(p, fr[i].x), py(p, fr[i].y));
        fputs("\"/>\n", h->f);
    }
    for (int i = 0; i < nf; i++) {
        fprintf(h->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5.5\" fill=\"%s\" stroke=\"#000\" stroke-width=\"1\">",
                px(p, fr[i].x), py(p, fr[i].y), colour(1));
        point_title(h, &fr[i]);
        fputs("</circle>\n", h->f);
    }
    /* Labels when there are few, right of the point or left of it near the right edge; a point
     * on top of one already labelled keeps its tooltip only. */
    for (int i = 0; i < nf && nf <= 12; i++) {
        double x = px(p, fr[i].x), y = py(p, fr[i].y);
        bool near = false;
        for (int j = 0; j < i; j++)
            near = near || (fabs(px(p, fr[j].x) - x) < 40 && fabs(py(p, fr[j].y) - y) < 14);
        if (near || !fr[i].label || !*fr[i].label)
            continue;
        bool left = x + 8 + text_w(fr[i].label) * 11 / 12 > CW - 4;
        text_at(h, left ? x - 8 : x + 8, y < p->y0 + 14 ? y + 18 : y - 7, left ? "end" : NULL, "small", fr[i].label);
    }
    free(fr);
}

void cli_html_scatter(cli_html *h, const char *title, const char *xaxis, const char *yaxis, const cli_html_point *q,
                      int n)
{
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (int i = 0; i < n; i++)
        if (isfinite(q[i].x) && isfinite(q[i].y)) {
            range_add(&xlo, &xhi, q[i].x);
            range_add(&ylo, &yhi, q[i].y);
        }
    if (n <= 0 || xlo > xhi) {
        empty_chart(h, title);
        return;
    }
    static const char *const labels[] = {"candidate", "front (joined)"};
    plot p = {.x0 = 64, .y0 = 30, .w = CW - 84, .h = 300};
    p.ax = nice_axis(xlo, xhi, 10);
    p.ay = nice_axis(ylo, yhi, 6);
    figure_begin(h, title, CW, p.y0 + p.h + 45);
    legend(h, labels, 2, p.x0, 4, CW - 10, false);
    x_axis(h, &p, NULL, true, xaxis);
    y_axis(h, &p, yaxis);
    for (int i = 0; i < n; i++)
        if (!q[i].front && isfinite(q[i].x) && isfinite(q[i].y)) {
            fprintf(h->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\" fill=\"%s\" fill-opacity=\"0.6\">",
                    px(&p, q[i].x), py(&p, q[i].y), colour(0));
            point_title(h, &q[i]);
            fputs("</circle>\n", h->f);
        }
    scatter_front(h, &p, q, n);
    figure_end(h);
}

/* ---- tornado chart (sensitivity) ---- */

/* One side of a tornado row, in the half-row from y to y + hh (hh < 0: above y): a bar from the
 * base to v, a whisker lo..hi with caps through its middle. */
static void tornado_bar(cli_html *h, const plot *p, double base, const double *vlh, double y, double hh, int c,
                        const char *label, const char *side)
{
    double v = vlh[0], lo = vlh[1], hi = vlh[2], top = fmin(y, y + hh), mid = y + hh / 2;
    if (!isfinite(v))
        return;
    double x0 = px(p, fmin(base, v)), x1 = px(p, fmax(base, v));
    char a[32], b[32], u[32];
    fprintf(h->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.55\" "
                  "stroke=\"%s\"><title>", x0, top, fmax(x1 - x0, 1), fabs(hh), colour(c), colour(c));
    esc(h->f, label);
    fputs(" ", h->f);
    esc(h->f, side);
    fprintf(h->f, ": %s [%s, %s]</title></rect>\n", num(a, sizeof a, v), num(b, sizeof b, lo), num(u, sizeof u, hi));
    if (isfinite(lo) && isfinite(hi) && hi > lo) {
        fprintf(h->f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\" stroke-width=\"1.3\"/>\n",
                px(p, lo), mid, px(p, hi), mid);
        for (int k = 0; k < 2; k++)
            fprintf(h->f,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\" stroke-width=\"1.3\"/>\n",
                    px(p, k ? hi : lo), mid - 3, px(p, k ? hi : lo), mid + 3);
    }
}

void cli_html_tornado(cli_html *h, const char *title, const char *axis_label, const cli_html_tornado_row *r, int n,
                      double base, const char *low_name, const char *high_name)
{
    double lo = INFINITY, hi = -INFINITY, lw = 0;
    for (int i = 0; i < n; i++) {
        const double v[6] = {r[i].low, r[i].low_lo, r[i].low_hi, r[i].high, r[i].high_lo, r[i].high_hi};
        for (int k = 0; k < 6; k++)
            range_add(&lo, &hi, v[k]);
        lw = fmax(lw, text_w(r[i].label));
    }
    if (n <= 0 || lo > hi) {
        empty_chart(h, title);
        return;
    }
    range_add(&lo, &hi, base);
    const char *names[2] = {low_name, high_name};
    int nnames = low_name ? 2 : 1;
    plot p = {.x0 = fmin(fmax(lw + 16, 80), 300), .h = 26.0 * n};
    p.w = CW - p.x0 - 150;
    p.y0 = 10 + legend(NULL, low_name ? names : names + 1, nnames, p.x0, 0, CW - 10, false);
    p.ax = nice_axis(lo, hi, 8);
    figure_begin(h, title, CW, p.y0 + p.h + 45);
    legend(h, low_name ? names : names + 1, nnames, p.x0, 4, CW - 10, false);
    x_axis(h, &p, NULL, true, axis_label);
    for (int i = 0; i < n; i++) {
        double y = p.y0 + 13 + 26.0 * i;
        char cut[64], side[64];
        snprintf(cut, sizeof cut, "%s", r[i].label ? r[i].label : "");
        text_at(h, p.x0 - 10, y + 4, "end", NULL, cut);
        const double lv[3] = {r[i].low, r[i].low_lo, r[i].low_hi}, hv[3] = {r[i].high, r[i].high_lo, r[i].high_hi};
        snprintf(side, sizeof side, "%s", r[i].low_text ? r[i].low_text : "low");
        tornado_bar(h, &p, base, lv, y, low_name ? -9 : 0, 0, r[i].label, side);
        snprintf(side, sizeof side, "%s", r[i].high_text ? r[i].high_text : "high");
        tornado_bar(h, &p, base, hv, low_name ? y : y - 8, low_name ? 9 : 16, low_name ? 1 : 0, r[i].label, side);
        snprintf(side, sizeof side, "%s%s%s", r[i].low_text ? r[i].low_text : "", r[i].low_text ? " .. " : "",
                 r[i].high_text ? r[i].high_text : "");
        text_at(h, p.x0 + p.w + 10, y + 4, NULL, "small", side);
    }
    char buf[32];
    fprintf(h->f,
            "<line class=\"ref\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"><title>baseline %s</title></line>\n",
            px(&p, base), p.y0, px(&p, base), p.y0 + p.h, num(buf, sizeof buf, base));
    figure_end(h);
}

/* ---- a line over its interval band; horizontal bars ---- */

void cli_html_band_line(cli_html *h, const char *title, const char *xaxis, const char *yaxis, const double *x,
                        const double *y, const double *lo, const double *hi, int n, double ref)
{
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (int k = 0; k < n; k++)
        if (isfinite(x[k]) && isfinite(y[k])) {
            range_add(&xlo, &xhi, x[k]);
            range_add(&ylo, &yhi, y[k]);
            range_add(&ylo, &yhi, lo[k]);
            range_add(&ylo, &yhi, hi[k]);
        }
    if (n <= 0 || xlo > xhi) {
        empty_chart(h, title);
        return;
    }
    range_add(&ylo, &yhi, ref);
    plot p = {.x0 = 64, .y0 = 12, .w = CW - 84, .h = 240};
    p.ax = nice_axis(xlo, xhi, 10);
    p.ay = nice_axis(ylo, yhi, 6);
    figure_begin(h, title, CW, p.y0 + p.h + 45);
    x_axis(h, &p, NULL, true, xaxis);
    y_axis(h, &p, yaxis);
    /* the band: upper edge left to right, lower edge back (points without an interval skipped) */
    fputs("<path fill=\"#0072B2\" fill-opacity=\"0.18\" stroke=\"none\" d=\"", h->f);
    int pts = 0;
    for (int k = 0; k < n; k++)
        if (isfinite(x[k]) && isfinite(hi[k]))
            fprintf(h->f, "%s%.1f %.1f", pts++ ? " L" : "M", px(&p, x[k]), py(&p, hi[k]));
    for (int k = n - 1; k >= 0; k--)
        if (isfinite(x[k]) && isfinite(lo[k]))
            fprintf(h->f, " L%.1f %.1f", px(&p, x[k]), py(&p, lo[k]));
    fputs(pts ? " Z\"/>\n" : "\"/>\n", h->f);
    cli_html_series s = {NULL, n, x, y};
    series_path(h, &p, &s, 0);
    if (isfinite(ref)) {
        char buf[32];
        fprintf(h->f,
                "<line class=\"ref\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"><title>reference %s</title>"
                "</line>\n",
                p.x0, py(&p, ref), p.x0 + p.w, py(&p, ref), num(buf, sizeof buf, ref));
    }
    figure_end(h);
}

#define BAR_LABEL_MAX 60 /* characters of a bar's label before it is cut */

void cli_html_bars(cli_html *h, const char *title, const char *axis_label, const char *const *label,
                   const double *value, int n)
{
    double hi = 0, lw = 0;
    bool any = false;
    for (int i = 0; i < n; i++) {
        if (isfinite(value[i])) {
            any = true;
            hi = fmax(hi, value[i]);
        }
        double w = fmin(text_w(label[i]), BAR_LABEL_MAX * CHAR_W);
        lw = fmax(lw, w);
    }
    if (n <= 0 || !any) {
        empty_chart(h, title);
        return;
    }
    plot p = {.x0 = fmin(fmax(lw + 16, 80), 420), .y0 = 10, .h = 24.0 * n};
    p.w = CW - p.x0 - 60;
    p.ax = nice_axis(0, hi > 0 ? hi : 1, 6);
    figure_begin(h, title, CW, p.y0 + p.h + 45);
    x_axis(h, &p, NULL, true, axis_label);
    for (int i = 0; i < n; i++) {
        char cut[BAR_LABEL_MAX + 4], buf[32];
        const char *l = label[i] ? label[i] : "";
        bool longer = strlen(l) > BAR_LABEL_MAX;
        snprintf(cut, sizeof cut, longer ? "%.*s..." : "%.*s", longer ? BAR_LABEL_MAX - 3 : BAR_LABEL_MAX, l);
        double y = p.y0 + 24.0 * i;
        text_at(h, p.x0 - 6, y + 16, "end", "small", cut);
        if (!isfinite(value[i]))
            continue;
        double w = px(&p, value[i]) - p.x0;
        fprintf(h->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"16\" fill=\"%s\"><title>", p.x0, y + 4,
                fmax(w, 0), colour(0));
        esc(h->f, l);
        if (value[i] == floor(value[i]) && fabs(value[i]) < 1e15) /* counts as whole numbers */
            snprintf(buf, sizeof buf, "%.0f", value[i]);
        else
            num(buf, sizeof buf, value[i]);
        fprintf(h->f, ": %s</title></rect>\n", buf);
        text_at(h, p.x0 + fmax(w, 0) + 4, y + 16, NULL, "small", buf);
    }
    figure_end(h);
}

/* Horizontal bars from 0 to each value with the interval as a whisker (losses per mechanic,
 * formicary probe); the reference line marks 0. */
void cli_html_interval_bars(cli_html *h, const char *title, const char *axis_label, const cli_html_est *e, int n)
{
    double lo = 0, hi = 0, lw = 0;
    for (int i = 0; i < n; i++) {
        range_add(&lo, &hi, e[i].value);
        range_add(&lo, &hi, e[i].lo);
        range_add(&lo, &hi, e[i].hi);
        if (text_w(e[i].label) > lw)
            lw = text_w(e[i].label);
    }
    if (n <= 0) {
        empty_chart(h, title);
        return;
    }
    if (hi <= lo)
        hi = lo + 1;
    plot p = {.x0 = fmin(fmax(lw + 16, 80), 300), .h = 26.0 * n, .y0 = 10};
    p.w = CW - p.x0 - 170;
    p.ax = nice_axis(lo, hi, 8);
    figure_begin(h, title, CW, p.y0 + p.h + 45);
    x_axis(h, &p, NULL, true, axis_label);
    for (int i = 0; i < n; i++) {
        double y = p.y0 + 13 + 26.0 * i;
        if (isfinite(e[i].value)) {
            double x0 = px(&p, 0), x1 = px(&p, e[i].value);
            fprintf(h->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"14\" fill=\"%s\" fill-opacity=\"0.45\"/>\n",
                    fmin(x0, x1), y - 7, fmax(fabs(x1 - x0), 1), colour(0));
        }
        interval_row(h, &p, &e[i], y, colour(0));
    }
    fprintf(h->f, "<line class=\"ref\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"><title>0</title></line>\n",
            px(&p, 0), p.y0, px(&p, 0), p.y0 + p.h);
    figure_end(h);
}

/* ---- stacked bars ---- */

void cli_html_stacked(cli_html *h, const char *title, const char *axis_label, const char *const *rows, int nrows,
                      const char *const *parts, int nparts, const double *value)
{
    double top = 1, lw = 0;
    for (int r = 0; r < nrows; r++) {
        double sum = 0;
        for (int k = 0; k < nparts; k++)
            sum += isfinite(value[r * nparts + k]) && value[r * nparts + k] > 0 ? value[r * nparts + k] : 0;
        top = fmax(top, sum);
        lw = fmax(lw, text_w(rows[r]));
    }
    if (nrows <= 0 || nparts <= 0) {
        empty_chart(h, title);
        return;
    }
    plot p = {.x0 = fmin(fmax(lw + 16, 80), 300), .h = 30.0 * nrows};
    p.w = CW - p.x0 - 40;
    p.y0 = 10 + legend(NULL, parts, nparts, p.x0, 0, CW - 10, false);
    p.ax = nice_axis(0, top, 8);
    p.ax.lo = 0;
    figure_begin(h, title, CW, p.y0 + p.h + 45);
    legend(h, parts, nparts, p.x0, 4, CW - 10, false);
    x_axis(h, &p, NULL, true, axis_label);
    char buf[32];
    for (int r = 0; r < nrows; r++) {
        double y = p.y0 + 30.0 * r + 5, x = 0;
        text_at(h, p.x0 - 10, y + 14, "end", NULL, rows[r]);
        for (int k = 0; k < nparts; k++) {
            double v = value[r * nparts + k];
            if (!isfinite(v) || v <= 0)
                continue;
            fprintf(h->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"20\" fill=\"%s\" "
                          "fill-opacity=\"0.75\" stroke=\"#fff\"><title>",
                    px(&p, x), y, px(&p, x + v) - px(&p, x), colour(k));
            esc(h->f, rows[r]);
            fputs(", ", h->f);
            esc(h->f, parts[k]);
            fprintf(h->f, ": %s</title></rect>\n", num(buf, sizeof buf, v));
            x += v;
        }
    }
    figure_end(h);
}
