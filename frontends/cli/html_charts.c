/* The charts of the sim, tune, ladder, check and corpus reports (html.h): intervals, bands,
 * histograms, lines and scatter plots with a front. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html_kit.h"

/* ---- interval chart ---- */

void html_range_add(double *lo, double *hi, double v)
{
    if (!isfinite(v))
        return;
    if (v < *lo)
        *lo = v;
    if (v > *hi)
        *hi = v;
}

/* "value [lo, hi]" as printed right of an interval row. */
void html_est_text(char *buf, size_t n, const cli_html_est *e)
{
    char v[32], l[32], u[32];
    if (!isfinite(e->value))
        snprintf(buf, n, "n/a");
    else if (isfinite(e->lo) || isfinite(e->hi))
        snprintf(buf, n, "%s [%s, %s]", html_num(v, sizeof v, e->value), html_num(l, sizeof l, e->lo), html_num(u, sizeof u, e->hi));
    else
        snprintf(buf, n, "%s", html_num(v, sizeof v, e->value));
}

void html_interval_row(cli_html *h, const plot *p, const cli_html_est *e, double y, const char *c)
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
    html_text_at(h, p->x0 - 10, y + 4, "end", NULL, cut);
    /* A missing end of the interval leaves that side open; a missing value leaves a gap. */
    double lo = isfinite(e->lo) ? e->lo : e->value, hi = isfinite(e->hi) ? e->hi : e->value;
    if (isfinite(e->value) && (!isfinite(e->lo) || !isfinite(e->hi))) /* an open end: dashed to the edge */
        fprintf(h->f,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\" "
                "stroke-dasharray=\"3 3\"/>\n",
                isfinite(e->lo) ? html_px(p, lo) : p->x0, y, isfinite(e->hi) ? html_px(p, hi) : p->x0 + p->w, y, c);
    if (isfinite(lo) && isfinite(hi) && hi > lo) {
        fprintf(h->f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                html_px(p, lo), y, html_px(p, hi), y, c);
        for (int k = 0; k < 2; k++) {
            double v = k ? e->hi : e->lo;
            if (isfinite(v))
                fprintf(h->f,
                        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                        html_px(p, v), y - 6, html_px(p, v), y + 6, c);
        }
    }
    html_est_text(buf, sizeof buf, e);
    if (isfinite(e->value)) {
        fprintf(h->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\" stroke=\"#fff\"><title>", html_px(p, e->value), y,
                c);
        html_esc(h->f, e->label);
        fputs(": ", h->f);
        html_esc(h->f, buf);
        fputs("</title></circle>\n", h->f);
    }
    html_text_at(h, p->x0 + p->w + 10, y + 4, NULL, "small", buf);
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
        html_range_add(&lo, &hi, e[i].value);
        html_range_add(&lo, &hi, e[i].lo);
        html_range_add(&lo, &hi, e[i].hi);
        if (html_text_w(e[i].label) > lw)
            lw = html_text_w(e[i].label);
    }
    if (n <= 0 || lo > hi) {
        html_empty_chart(h, title);
        return;
    }
    html_range_add(&lo, &hi, ref);
    html_range_add(&lo, &hi, band_lo);
    html_range_add(&lo, &hi, band_hi);
    if (isfinite(band_lo) || isfinite(band_hi)) { /* room beyond the band, so its edges show */
        double pad = hi > lo ? 0.15 * (hi - lo) : 0.05 * fmax(fabs(lo), 1);
        lo -= pad;
        hi += pad;
    }
    if (!group)
        ngroups = 0;
    plot p = {.x0 = fmin(fmax(lw + 16, 80), 300), .h = 26.0 * n};
    p.w = CW - p.x0 - 170;
    p.y0 = 10 + html_legend(NULL, groups, ngroups, p.x0, 0, CW - 10, false);
    p.ax = html_nice_axis(lo, hi, 8);
    html_figure_begin(h, title, CW, p.y0 + p.h + 45);
    if (ngroups)
        html_legend(h, groups, ngroups, p.x0, 4, CW - 10, false);
    for (int i = 0; i < n; i += 2) /* banded rows under the grid */
        fprintf(h->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"26\" fill=\"#f2f5f9\"/>\n", p.x0,
                p.y0 + 26.0 * i, p.w);
    if (isfinite(band_lo) || isfinite(band_hi)) {
        double x0 = isfinite(band_lo) ? html_px(&p, band_lo) : p.x0, x1 = isfinite(band_hi) ? html_px(&p, band_hi) : p.x0 + p.w;
        fprintf(h->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#009E73\" "
                      "fill-opacity=\"0.18\"><title>tolerance</title></rect>\n",
                x0, p.y0, fmax(x1 - x0, 1), p.h);
    }
    html_x_axis(h, &p, NULL, true, axis_label);
    for (int i = 0; i < n; i++)
        html_interval_row(h, &p, &e[i], p.y0 + 13 + 26.0 * i,
                     html_colour(group && group[i] >= 0 && group[i] < ngroups ? group[i] : 0));
    if (isfinite(ref)) {
        char buf[32];
        fprintf(h->f,
                "<line class=\"ref\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"><title>reference %s</title>"
                "</line>\n",
                html_px(&p, ref), p.y0, html_px(&p, ref), p.y0 + p.h, html_num(buf, sizeof buf, ref));
    }
    html_figure_end(h);
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
            html_range_add(&lo, &hi, v);
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
        b->width = values <= target ? 1 : fmax(1, html_nice_axis(0, values, target).step);
        b->start = floor(lo / b->width) * b->width - 0.5;
        b->n = (int)ceil((hi + 0.5 - b->start) / b->width - 1e-9);
        return true;
    }
    axis a = html_nice_axis(lo, hi, target);
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
        double x0 = html_px(p, b->start + k * b->width), x1 = html_px(p, b->start + (k + 1) * b->width);
        double y = html_py(p, share[k]);
        fprintf(h->f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"%.2f\" "
                "stroke=\"%s\" stroke-width=\"1.2\"/>\n",
                x0, y, fmax(x1 - x0, 0.5), p->y0 + p->h - y, html_colour(i), opacity, html_colour(i));
    }
}

void cli_html_histograms(cli_html *h, const char *title, const char *axis_label, const cli_html_series *s, int n)
{
    bins b;
    if (n <= 0 || !make_bins(s, n, &b)) {
        html_empty_chart(h, title);
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
                 html_num(m, sizeof m, cnt ? sum / cnt : NAN));
        labels[i] = strdup(buf);
    }
    double lh = html_legend(NULL, (const char *const *)labels, n, 60, 0, CW - 10, false);
    plot p = {.x0 = 60, .y0 = 12 + lh, .w = CW - 80, .h = 220};
    /* The bins' own range (a padded axis would squeeze the outer bars), widened to 8 bins so
     * that a few bins are not drawn as slabs. */
    double pad = b.n < 8 ? (8 - b.n) / 2.0 * b.width : 0;
    p.ax.lo = b.start - pad;
    p.ax.hi = b.start + b.n * b.width + pad;
    p.ay = html_nice_axis(0, top, 5);
    html_figure_begin(h, title, CW, p.y0 + p.h + 45);
    html_legend(h, (const char *const *)labels, n, p.x0, 4, CW - 10, false);
    html_y_axis(h, &p, "% of values");
    /* x ticks at nice values inside the bins' range; integer values get integer ticks */
    axis t = html_nice_axis(p.ax.lo, p.ax.hi, 10);
    if (b.start != floor(b.start) && t.step < 1)
        t = (axis){floor(p.ax.lo), ceil(p.ax.hi), 1, 0};
    for (int i = 0; i < n; i++)
        histogram_bars(h, &p, &b, share + i * b.n, i, n);
    html_x_axis(h, &p, &t, false, axis_label);
    html_figure_end(h);
    for (int i = 0; i < n; i++)
        free(labels[i]);
    free(labels);
    free(share);
}

/* ---- line chart ---- */

double html_series_x(const cli_html_series *s, int k) { return s->x ? s->x[k] : k; }

/* One polyline per run of finite points: a non-finite x or y breaks the line. */
#define LINE_POINTS 1500 /* a longer series is thinned: the chart is ~700 pixels wide */

void html_series_path(cli_html *h, const plot *p, const cli_html_series *s, int i)
{
    bool open = false, pen = false;
    int stride = (s->n + LINE_POINTS - 1) / LINE_POINTS;
    for (int k = 0; k < s->n; k++) {
        double x = html_series_x(s, k), y = s->y[k];
        if (!isfinite(x) || !isfinite(y)) {
            pen = false;
            continue;
        }
        if (k % stride != 0 && k != s->n - 1) /* thinned out (a gap still breaks the line) */
            continue;
        if (!open)
            fprintf(h->f, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"2\" stroke-linejoin=\"round\" d=\"",
                    html_colour(i));
        fprintf(h->f, "%s%.1f %.1f", pen ? " L" : open ? " M" : "M", html_px(p, x), html_py(p, y));
        open = pen = true;
    }
    if (open)
        fputs("\"/>\n", h->f);
    if (s->n > 60)
        return;
    for (int k = 0; k < s->n; k++) {
        double x = html_series_x(s, k), y = s->y[k];
        if (isfinite(x) && isfinite(y))
            fprintf(h->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.8\" fill=\"%s\"/>\n", html_px(p, x), html_py(p, y), html_colour(i));
    }
}

void cli_html_lines(cli_html *h, const char *title, const char *xaxis, const char *yaxis, const cli_html_series *s,
                    int n)
{
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < s[i].n; k++)
            if (isfinite(html_series_x(&s[i], k)) && isfinite(s[i].y[k])) {
                html_range_add(&xlo, &xhi, html_series_x(&s[i], k));
                html_range_add(&ylo, &yhi, s[i].y[k]);
            }
    if (n <= 0 || xlo > xhi) {
        html_empty_chart(h, title);
        return;
    }
    const char **labels = calloc((size_t)n, sizeof *labels);
    if (!labels)
        return;
    for (int i = 0; i < n; i++)
        labels[i] = s[i].label ? s[i].label : "";
    double lh = html_legend(NULL, labels, n, 60, 0, CW - 10, true);
    plot p = {.x0 = 64, .y0 = 12 + lh, .w = CW - 84, .h = 240};
    p.ax = html_nice_axis(xlo, xhi, 10);
    p.ay = html_nice_axis(ylo, yhi, 6);
    html_figure_begin(h, title, CW, p.y0 + p.h + 45);
    html_legend(h, labels, n, p.x0, 4, CW - 10, true);
    html_x_axis(h, &p, NULL, true, xaxis);
    html_y_axis(h, &p, yaxis);
    for (int i = 0; i < n; i++)
        html_series_path(h, &p, &s[i], i);
    html_figure_end(h);
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
    html_esc(h->f, q->label);
    fprintf(h->f, " (%s, %s)</title>", html_num(x, sizeof x, q->x), html_num(y, sizeof y, q->y));
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
        fprintf(h->f, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"2\" d=\"", html_colour(1));
        for (int i = 0; i < nf; i++)
            fprintf(h->f, "%s%.1f %.1f", i ? " L" : "M", html_px(p, fr[i].x), html_py(p, fr[i].y));
        fputs("\"/>\n", h->f);
    }
    for (int i = 0; i < nf; i++) {
        fprintf(h->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5.5\" fill=\"%s\" stroke=\"#000\" stroke-width=\"1\">",
                html_px(p, fr[i].x), html_py(p, fr[i].y), html_colour(1));
        point_title(h, &fr[i]);
        fputs("</circle>\n", h->f);
    }
    /* Labels when there are few, right of the point or left of it near the right edge; a point
     * on top of one already labelled keeps its tooltip only. */
    for (int i = 0; i < nf && nf <= 12; i++) {
        double x = html_px(p, fr[i].x), y = html_py(p, fr[i].y);
        bool near = false;
        for (int j = 0; j < i; j++)
            near = near || (fabs(html_px(p, fr[j].x) - x) < 40 && fabs(html_py(p, fr[j].y) - y) < 14);
        if (near || !fr[i].label || !*fr[i].label)
            continue;
        bool left = x + 8 + html_text_w(fr[i].label) * 11 / 12 > CW - 4;
        html_text_at(h, left ? x - 8 : x + 8, y < p->y0 + 14 ? y + 18 : y - 7, left ? "end" : NULL, "small", fr[i].label);
    }
    free(fr);
}

void cli_html_scatter(cli_html *h, const char *title, const char *xaxis, const char *yaxis, const cli_html_point *q,
                      int n)
{
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (int i = 0; i < n; i++)
        if (isfinite(q[i].x) && isfinite(q[i].y)) {
            html_range_add(&xlo, &xhi, q[i].x);
            html_range_add(&ylo, &yhi, q[i].y);
        }
    if (n <= 0 || xlo > xhi) {
        html_empty_chart(h, title);
        return;
    }
    static const char *const labels[] = {"candidate", "front (joined)"};
    plot p = {.x0 = 64, .y0 = 30, .w = CW - 84, .h = 300};
    p.ax = html_nice_axis(xlo, xhi, 10);
    p.ay = html_nice_axis(ylo, yhi, 6);
    html_figure_begin(h, title, CW, p.y0 + p.h + 45);
    html_legend(h, labels, 2, p.x0, 4, CW - 10, false);
    html_x_axis(h, &p, NULL, true, xaxis);
    html_y_axis(h, &p, yaxis);
    for (int i = 0; i < n; i++)
        if (!q[i].front && isfinite(q[i].x) && isfinite(q[i].y)) {
            fprintf(h->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\" fill=\"%s\" fill-opacity=\"0.6\">",
                    html_px(&p, q[i].x), html_py(&p, q[i].y), html_colour(0));
            point_title(h, &q[i]);
            fputs("</circle>\n", h->f);
        }
    scatter_front(h, &p, q, n);
    html_figure_end(h);
}
