/* Writes a page with every kind of chart of the HTML report writer (frontends/cli/html.h) on
 * fixed data, including the awkward cases: text to escape, values that are not finite, empty
 * charts, a single value. report_test.sh checks the page and renders it. */
#include <math.h>
#include <stdio.h>

#include "html.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: html_demo FILE\n");
        return 2;
    }
    cli_html *h = cli_html_begin(argv[1], "demo <report> & \"charts\"");
    if (!h)
        return 1;
    cli_html_heading(h, "Intervals <b>escaped</b>");
    cli_html_text(h, "%d games, seed %s, label <script>alert(1)</script> & 'quote'", 200, "42");
    const cli_html_est est[] = {
        {"seat 1 <first>", 0.56, 0.49, 0.63},
        {"seat 2", 0.44, 0.37, 0.51},
        {"no value", NAN, NAN, NAN},
        {"open upper end", 0.30, 0.25, INFINITY},
        {"a label far too long for the margin of the chart, cut with dots", 0.40, 0.35, 0.45},
    };
    cli_html_intervals(h, "Win share per seat", "win share", est, 5, 0.5);
    const cli_html_est diff[] = {{"score", 2.5, -1.0, 6.0}, {"rounds", -0.8, -1.2, -0.4}};
    cli_html_intervals(h, "Differences B - A", "difference", diff, 2, 0);
    cli_html_intervals(h, "Empty interval chart", "x", diff, 0, 0);

    double a[200], b[200], c[50];
    for (int i = 0; i < 200; i++) {
        a[i] = 20 + (i * 7) % 23;
        b[i] = 25 + (i * 11) % 19;
    }
    for (int i = 0; i < 50; i++)
        c[i] = i == 7 ? NAN : 1000.0 * sin(i * 0.3) + 0.5 * i;
    const cli_html_series hs[] = {{"seat 1", 200, NULL, a}, {"seat 2 & co", 200, NULL, b}};
    cli_html_histograms(h, "Score per seat", "score", hs, 2);
    const cli_html_series real[] = {{"real values", 50, NULL, c}};
    cli_html_histograms(h, "Real-valued histogram", "value", real, 1);
    const double one[] = {3};
    const cli_html_series single[] = {{"one value", 1, NULL, one}};
    cli_html_histograms(h, "Single value", "value", single, 1);

    double x[50];
    for (int i = 0; i < 50; i++)
        x[i] = i * 0.5;
    const cli_html_series ls[] = {{"with a gap", 50, x, c}, {"index x", 20, NULL, a}};
    cli_html_lines(h, "Lines", "time", "value", ls, 2);
    static double big[100000]; /* thinned to at most 1500 points */
    for (int i = 0; i < 100000; i++)
        big[i] = sin(i / 5000.0);
    const cli_html_series long_series[] = {{"100000 points", 100000, NULL, big}};
    cli_html_lines(h, "A long series", "index", "value", long_series, 1);
    const cli_html_series nothing[] = {{"all NaN", 1, NULL, (const double[]){NAN}}};
    cli_html_lines(h, "Empty line chart", "x", "y", nothing, 1);

    const cli_html_point pts[] = {
        {"c1", 0.9, 9.5, false}, {"c2", 0.95, 10.2, true}, {"c3", 0.85, 8.9, true},
        {"c4", 0.99, 11.0, true}, {"c5", 0.7, 12.0, false}, {"bad", NAN, 1, false},
    };
    cli_html_scatter(h, "Tuning candidates", "balance", "rounds", pts, 6);

    const double bx[] = {10, 20, 30, 40}, by[] = {0.4, NAN, 0.6, 0.7}, blo[] = {0.3, NAN, 0.5, 0.6},
                 bhi[] = {0.5, NAN, 0.7, 0.8};
    cli_html_band_line(h, "Lead curve <band>", "% of the game", "P(leader wins)", bx, by, blo, bhi, 4, 0.5);
    cli_html_band_line(h, "Empty band line", "x", "y", bx, (const double[]){NAN, NAN, NAN, NAN}, blo, bhi, 4, NAN);
    const char *bl[] = {"wA1 | bA1 <wA1-> & \"q\"",
                        "a label much longer than sixty characters, cut with an ellipsis at the end", "not a number"};
    cli_html_bars(h, "Opening lines", "games", bl, (const double[]){12, 3.5, NAN}, 3);
    cli_html_bars(h, "Empty bars", "games", bl, (const double[]){NAN, NAN, NAN}, 3);

    const char *cells[] = {
        "metric",    "A",     "B",                  "note <x>",
        "win share", "0.512", "0.488 [0.41, 0.55]", "caf\xe9 (Latin-1), caf\xc3\xa9 (UTF-8)",
    };
    cli_html_table(h, 4, 2, cells);
    return cli_html_end(h);
}
