/* Reports as one self-contained HTML page (`--html FILE` on sim, A/B runs, tune and corpus
 * replay; docs/reports.md): inline CSS and SVG, no script, no network. A page is written in
 * order: begin, then headings, text, tables and charts, then end. Every string given is
 * escaped; numbers that are not finite are drawn as gaps. Charts scale their axes to the data. */
#ifndef FC_CLI_HTML_H
#define FC_CLI_HTML_H

#include <stdbool.h>

typedef struct cli_html cli_html;

/* An estimate with its 95% interval (lo, hi; NAN when unknown): win shares, A/B differences. */
typedef struct cli_html_est {
    const char *label;
    double value, lo, hi;
} cli_html_est;

/* A named series of n values: y[] alone for a histogram; x[] and y[] for a line. */
typedef struct cli_html_series {
    const char *label;
    int n;
    const double *x; /* NULL: 0, 1, ... (lines) */
    const double *y;
} cli_html_series;

/* A point of a scatter plot (tuning candidates); front points are joined and drawn bold. */
typedef struct cli_html_point {
    const char *label;
    double x, y;
    bool front;
} cli_html_point;

/* Opens path ("-" for standard output) and writes the page head with `title`. NULL after
 * printing "formicary: PATH: reason". */
cli_html *cli_html_begin(const char *path, const char *title);
/* Writes the page end and closes the file; CLI_EXIT_OK, or CLI_EXIT_FAIL after printing the
 * write error. Frees h either way. */
int cli_html_end(cli_html *h);

void cli_html_heading(cli_html *h, const char *text);
/* A paragraph (printf format; the result is escaped). */
void cli_html_text(cli_html *h, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A table of nrows rows of ncols cells (row 0 is the header), cells[r * ncols + c]. */
void cli_html_table(cli_html *h, int ncols, int nrows, const char *const *cells);

/* Horizontal interval chart: one row per estimate, a dot at value and a whisker lo..hi, and a
 * vertical reference line at ref (NAN: none). Win shares (ref = 1/seats) and forest plots of
 * A/B differences (ref = 0). */
void cli_html_intervals(cli_html *h, const char *title, const char *axis, const cli_html_est *e, int n,
                        double ref);
/* Horizontal bars from 0 to each value, the interval lo..hi as a whisker (formicary probe's loss
 * per kind of decision). */
void cli_html_interval_bars(cli_html *h, const char *title, const char *axis, const cli_html_est *e, int n);
/* As cli_html_intervals, each estimate in group group[i] (0..ngroups-1), drawn in the group's
 * colour and named in a legend by groups[] (designs A and B side by side). */
void cli_html_intervals_grouped(cli_html *h, const char *title, const char *axis, const cli_html_est *e, int n,
                                double ref, const int *group, const char *const *groups, int ngroups);
/* An interval chart over a shaded band band_lo..band_hi (NAN: open on that side): a balance
 * contract's estimate against its tolerance. */
void cli_html_band(cli_html *h, const char *title, const char *axis, const cli_html_est *e, int n, double band_lo,
                   double band_hi);
/* Overlaid histograms of each series' y values on a shared binning (score and length
 * distributions per seat or design). */
void cli_html_histograms(cli_html *h, const char *title, const char *axis, const cli_html_series *s, int n);
/* Line chart of each series (lead changes over a game, skill curves, tuning progress). */
void cli_html_lines(cli_html *h, const char *title, const char *xaxis, const char *yaxis, const cli_html_series *s,
                    int n);
/* Scatter plot (tuning candidates on two targets; the Pareto front marked). */
void cli_html_scatter(cli_html *h, const char *title, const char *xaxis, const char *yaxis, const cli_html_point *p,
                      int n);

/* A tornado chart row (sensitivity): a parameter's metric at its low and its high end, each
 * with a 95% interval (NAN: none); low_text and high_text name the values ("2", "true"). */
typedef struct cli_html_tornado_row {
    const char *label;
    const char *low_text, *high_text;
    double low, low_lo, low_hi;
    double high, high_lo, high_hi;
} cli_html_tornado_row;
/* One row per parameter in the given order: a bar from `base` to the low end and one to the
 * high end in two colours (named in the legend by low_name and high_name; low_name NULL: the
 * high bars only, e.g. Morris mu* from 0), whiskers at their intervals, a dashed line at base. */
void cli_html_tornado(cli_html *h, const char *title, const char *axis, const cli_html_tornado_row *r, int n,
                      double base, const char *low_name, const char *high_name);

/* A line through (x[i], y[i]) over a shaded band lo[i]..hi[i] (its 95% interval), with a dashed
 * reference line at y = ref (NAN: none): a lead curve against chance (leaders). */
void cli_html_band_line(cli_html *h, const char *title, const char *xaxis, const char *yaxis, const double *x,
                        const double *y, const double *lo, const double *hi, int n, double ref);
/* Horizontal bars of value[i], labelled label[i] (long labels are cut with "..."): opening
 * lines by count, kingmaker decisions by tenth of the game. */
void cli_html_bars(cli_html *h, const char *title, const char *axis, const char *const *label, const double *value,
                   int n);

#endif
