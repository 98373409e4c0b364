/* Private to the HTML report writer (html.c, html_charts.c, html_study.c): the page being
 * written, chart geometry, nice axes, the plot area and the drawing helpers every chart shares.
 * html.c has the page and these helpers; html_charts.c the charts of sim, tune and corpus
 * reports; html_study.c the charts of the design studies (sensitivity, leaders, openings,
 * probe). */
#ifndef CLI_HTML_KIT_H
#define CLI_HTML_KIT_H

#include <stdbool.h>
#include <stdio.h>

#include "formicary/outfile.h"
#include "html.h"

struct cli_html {
    fc_outfile *out;
    FILE *f;
    char *path;
    char **ids; /* the headings' ids so far, to keep them unique */
    int nids;
};

/* Chart geometry in CSS pixels. */
#define CW 760.0   /* chart width */
#define CHAR_W 6.6 /* average glyph width of the 12px font, for layout */

typedef struct axis {
    double lo, hi, step;
    int dec; /* decimals of the tick labels */
} axis;

typedef struct plot {
    double x0, y0, w, h; /* the data rectangle */
    axis ax, ay;
} plot;

/* escaping, numbers, text widths, colours */
const char *html_colour(int i);
void html_esc(FILE *f, const char *s);
const char *html_num(char *buf, size_t n, double v);
double html_text_w(const char *s);
/* axes at nice numbers */
axis html_nice_axis(double lo, double hi, int target);
int html_axis_ticks(const axis *a);
double html_axis_tick(const axis *a, int i);
void html_tick_label(char *buf, size_t n, const axis *a, double v);
/* the plot area, figures, text, axes, legends */
double html_px(const plot *p, double x);
double html_py(const plot *p, double y);
void html_figure_begin(cli_html *h, const char *title, double w, double ht);
void html_figure_end(cli_html *h);
void html_empty_chart(cli_html *h, const char *title);
void html_text_at(cli_html *h, double x, double y, const char *anchor, const char *cls, const char *s);
void html_x_axis(cli_html *h, const plot *p, const axis *t, bool grid, const char *label);
void html_y_axis(cli_html *h, const plot *p, const char *label);
double html_legend(cli_html *h, const char *const *labels, int n, double x0, double y, double w, bool line);
/* intervals and series (html_charts.c) */
void html_range_add(double *lo, double *hi, double v);
void html_est_text(char *buf, size_t n, const cli_html_est *e);
void html_interval_row(cli_html *h, const plot *p, const cli_html_est *e, double y, const char *c);
double html_series_x(const cli_html_series *s, int k);
void html_series_path(cli_html *h, const plot *p, const cli_html_series *s, int i);

#endif
