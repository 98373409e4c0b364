/* The charts of the design studies (html.h): tornado (sensitivity), a line over its interval
 * band and horizontal bars (leaders, openings), bars with intervals (probe). Luck draws
 * grouped interval charts (html_charts.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html_kit.h"

/* ---- tornado chart (sensitivity) ---- */

/* One side of a tornado row, in the half-row from y to y + hh (hh < 0: above y): a bar from the
 * base to v, a whisker lo..hi with caps through its middle. */
static void tornado_bar(cli_html *h, const plot *p, double base, const double *vlh, double y, double hh, int c,
                        const char *label, const char *side)
{
    double v = vlh[0], lo = vlh[1], hi = vlh[2], top = fmin(y, y + hh), mid = y + hh / 2;
    if (!isfinite(v))
        return;
    double x0 = html_px(p, fmin(base, v)), x1 = html_px(p, fmax(base, v));
    char a[32], b[32], u[32];
    fprintf(h->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.55\" "
                  "stroke=\"%s\"><title>", x0, top, fmax(x1 - x0, 1), fabs(hh), html_colour(c), html_colour(c));
    html_esc(h->f, label);
    fputs(" ", h->f);
    html_esc(h->f, side);
    fprintf(h->f, ": %s [%s, %s]</title></rect>\n", html_num(a, sizeof a, v), html_num(b, sizeof b, lo), html_num(u, sizeof u, hi));
    if (isfinite(lo) && isfinite(hi) && hi > lo) {
        fprintf(h->f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\" stroke-width=\"1.3\"/>\n",
                html_px(p, lo), mid, html_px(p, hi), mid);
        for (int k = 0; k < 2; k++)
            fprintf(h->f,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\" stroke-width=\"1.3\"/>\n",
                    html_px(p, k ? hi : lo), mid - 3, html_px(p, k ? hi : lo), mid + 3);
    }
}

void cli_html_tornado(cli_html *h, const char *title, const char *axis_label, const cli_html_tornado_row *r, int n,
                      double base, const char *low_name, const char *high_name)
{
    double lo = INFINITY, hi = -INFINITY, lw = 0;
    for (int i = 0; i < n; i++) {
        const double v[6] = {r[i].low, r[i].low_lo, r[i].low_hi, r[i].high, r[i].high_lo, r[i].high_hi};
        for (int k = 0; k < 6; k++)
            html_range_add(&lo, &hi, v[k]);
        lw = fmax(lw, html_text_w(r[i].label));
    }
    if (n <= 0 || lo > hi) {
        html_empty_chart(h, title);
        return;
    }
    html_range_add(&lo, &hi, base);
    const char *names[2] = {low_name, high_name};
    int nnames = low_name ? 2 : 1;
    plot p = {.x0 = fmin(fmax(lw + 16, 80), 300), .h = 26.0 * n};
    p.w = CW - p.x0 - 150;
    p.y0 = 10 + html_legend(NULL, low_name ? names : names + 1, nnames, p.x0, 0, CW - 10, false);
    p.ax = html_nice_axis(lo, hi, 8);
    html_figure_begin(h, title, CW, p.y0 + p.h + 45);
    html_legend(h, low_name ? names : names + 1, nnames, p.x0, 4, CW - 10, false);
    html_x_axis(h, &p, NULL, true, axis_label);
    for (int i = 0; i < n; i++) {
        double y = p.y0 + 13 + 26.0 * i;
        char cut[64], side[64];
        snprintf(cut, sizeof cut, "%s", r[i].label ? r[i].label : "");
        html_text_at(h, p.x0 - 10, y + 4, "end", NULL, cut);
        const double lv[3] = {r[i].low, r[i].low_lo, r[i].low_hi}, hv[3] = {r[i].high, r[i].high_lo, r[i].high_hi};
        snprintf(side, sizeof side, "%s", r[i].low_text ? r[i].low_text : "low");
        tornado_bar(h, &p, base, lv, y, low_name ? -9 : 0, 0, r[i].label, side);
        snprintf(side, sizeof side, "%s", r[i].high_text ? r[i].high_text : "high");
        tornado_bar(h, &p, base, hv, low_name ? y : y - 8, low_name ? 9 : 16, low_name ? 1 : 0, r[i].label, side);
        snprintf(side, sizeof side, "%s%s%s", r[i].low_text ? r[i].low_text : "", r[i].low_text ? " .. " : "",
                 r[i].high_text ? r[i].high_text : "");
        html_text_at(h, p.x0 + p.w + 10, y + 4, NULL, "small", side);
    }
    char buf[32];
    fprintf(h->f,
            "<line class=\"ref\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"><title>baseline %s</title></line>\n",
            html_px(&p, base), p.y0, html_px(&p, base), p.y0 + p.h, html_num(buf, sizeof buf, base));
    html_figure_end(h);
}

/* ---- a line over its interval band; horizontal bars ---- */

void cli_html_band_line(cli_html *h, const char *title, const char *xaxis, const char *yaxis, const double *x,
                        const double *y, const double *lo, const double *hi, int n, double ref)
{
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (int k = 0; k < n; k++)
        if (isfinite(x[k]) && isfinite(y[k])) {
            html_range_add(&xlo, &xhi, x[k]);
            html_range_add(&ylo, &yhi, y[k]);
            html_range_add(&ylo, &yhi, lo[k]);
            html_range_add(&ylo, &yhi, hi[k]);
        }
    if (n <= 0 || xlo > xhi) {
        html_empty_chart(h, title);
        return;
    }
    html_range_add(&ylo, &yhi, ref);
    plot p = {.x0 = 64, .y0 = 12, .w = CW - 84, .h = 240};
    p.ax = html_nice_axis(xlo, xhi, 10);
    p.ay = html_nice_axis(ylo, yhi, 6);
    html_figure_begin(h, title, CW, p.y0 + p.h + 45);
    html_x_axis(h, &p, NULL, true, xaxis);
    html_y_axis(h, &p, yaxis);
    /* the band: upper edge left to right, lower edge back (points without an interval skipped) */
    fputs("<path fill=\"#0072B2\" fill-opacity=\"0.18\" stroke=\"none\" d=\"", h->f);
    int pts = 0;
    for (int k = 0; k < n; k++)
        if (isfinite(x[k]) && isfinite(hi[k]))
            fprintf(h->f, "%s%.1f %.1f", pts++ ? " L" : "M", html_px(&p, x[k]), html_py(&p, hi[k]));
    for (int k = n - 1; k >= 0; k--)
        if (isfinite(x[k]) && isfinite(lo[k]))
            fprintf(h->f, " L%.1f %.1f", html_px(&p, x[k]), html_py(&p, lo[k]));
    fputs(pts ? " Z\"/>\n" : "\"/>\n", h->f);
    cli_html_series s = {NULL, n, x, y};
    html_series_path(h, &p, &s, 0);
    if (isfinite(ref)) {
        char buf[32];
        fprintf(h->f,
                "<line class=\"ref\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"><title>reference %s</title>"
                "</line>\n",
                p.x0, html_py(&p, ref), p.x0 + p.w, html_py(&p, ref), html_num(buf, sizeof buf, ref));
    }
    html_figure_end(h);
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
        double w = fmin(html_text_w(label[i]), BAR_LABEL_MAX * CHAR_W);
        lw = fmax(lw, w);
    }
    if (n <= 0 || !any) {
        html_empty_chart(h, title);
        return;
    }
    plot p = {.x0 = fmin(fmax(lw + 16, 80), 420), .y0 = 10, .h = 24.0 * n};
    p.w = CW - p.x0 - 60;
    p.ax = html_nice_axis(0, hi > 0 ? hi : 1, 6);
    html_figure_begin(h, title, CW, p.y0 + p.h + 45);
    html_x_axis(h, &p, NULL, true, axis_label);
    for (int i = 0; i < n; i++) {
        char cut[BAR_LABEL_MAX + 4], buf[32];
        const char *l = label[i] ? label[i] : "";
        bool longer = strlen(l) > BAR_LABEL_MAX;
        snprintf(cut, sizeof cut, longer ? "%.*s..." : "%.*s", longer ? BAR_LABEL_MAX - 3 : BAR_LABEL_MAX, l);
        double y = p.y0 + 24.0 * i;
        html_text_at(h, p.x0 - 6, y + 16, "end", "small", cut);
        if (!isfinite(value[i]))
            continue;
        double w = html_px(&p, value[i]) - p.x0;
        fprintf(h->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"16\" fill=\"%s\"><title>", p.x0, y + 4,
                fmax(w, 0), html_colour(0));
        html_esc(h->f, l);
        if (value[i] == floor(value[i]) && fabs(value[i]) < 1e15) /* counts as whole numbers */
            snprintf(buf, sizeof buf, "%.0f", value[i]);
        else
            html_num(buf, sizeof buf, value[i]);
        fprintf(h->f, ": %s</title></rect>\n", buf);
        html_text_at(h, p.x0 + fmax(w, 0) + 4, y + 16, NULL, "small", buf);
    }
    html_figure_end(h);
}

/* Horizontal bars from 0 to each value with the interval as a whisker (losses per mechanic,
 * formicary probe); the reference line marks 0. */
void cli_html_interval_bars(cli_html *h, const char *title, const char *axis_label, const cli_html_est *e, int n)
{
    double lo = 0, hi = 0, lw = 0;
    for (int i = 0; i < n; i++) {
        html_range_add(&lo, &hi, e[i].value);
        html_range_add(&lo, &hi, e[i].lo);
        html_range_add(&lo, &hi, e[i].hi);
        if (html_text_w(e[i].label) > lw)
            lw = html_text_w(e[i].label);
    }
    if (n <= 0) {
        html_empty_chart(h, title);
        return;
    }
    if (hi <= lo)
        hi = lo + 1;
    plot p = {.x0 = fmin(fmax(lw + 16, 80), 300), .h = 26.0 * n, .y0 = 10};
    p.w = CW - p.x0 - 170;
    p.ax = html_nice_axis(lo, hi, 8);
    html_figure_begin(h, title, CW, p.y0 + p.h + 45);
    html_x_axis(h, &p, NULL, true, axis_label);
    for (int i = 0; i < n; i++) {
        double y = p.y0 + 13 + 26.0 * i;
        if (isfinite(e[i].value)) {
            double x0 = html_px(&p, 0), x1 = html_px(&p, e[i].value);
            fprintf(h->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"14\" fill=\"%s\" fill-opacity=\"0.45\"/>\n",
                    fmin(x0, x1), y - 7, fmax(fabs(x1 - x0), 1), html_colour(0));
        }
        html_interval_row(h, &p, &e[i], y, html_colour(0));
    }
    fprintf(h->f, "<line class=\"ref\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"><title>0</title></line>\n",
            html_px(&p, 0), p.y0, html_px(&p, 0), p.y0 + p.h);
    html_figure_end(h);
}
