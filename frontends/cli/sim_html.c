/* `sim --html FILE`: the report page of a run (docs/reports.md) — the run, win shares per agent
 * and per seat with Wilson intervals, score, length, lead-change and drama distributions,
 * timeouts, and for an A/B run both designs side by side and forest plots of the differences
 * with the multiple-comparison correction named. Drawn with html.h. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "sim_cli.h"

#define MAXROWS (2 * FC_MAX_SEATS + 16)

/* ---- a table built cell by cell ---- */

typedef struct tab {
    int ncols, n, cap;
    char **cells;
    bool failed; /* out of memory: the table is left out, not shifted */
} tab;

static void tab_cell(tab *t, const char *fmt, ...)
{
    if (t->failed)
        return;
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 64;
        char **c = realloc(t->cells, (size_t)cap * sizeof *c);
        if (!c) {
            t->failed = true;
            return;
        }
        t->cells = c;
        t->cap = cap;
    }
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if ((t->cells[t->n] = strdup(buf)))
        t->n++;
    else
        t->failed = true;
}

/* Writes the table (whole rows only) and frees its cells. */
static void tab_flush(cli_html *h, tab *t)
{
    if (t->failed)
        cli_html_text(h, "(out of memory: a table is left out)");
    else
        cli_html_table(h, t->ncols, t->n / t->ncols, (const char *const *)t->cells);
    for (int i = 0; i < t->n; i++)
        free(t->cells[i]);
    free(t->cells);
    *t = (tab){.ncols = t->ncols};
}

/* ---- data ---- */

static double *seat_scores(const sim_cli *s, const design *d, int seat)
{
    double *v = malloc((size_t)(s->played ? s->played : 1) * sizeof *v);
    for (int i = 0; v && i < s->played; i++)
        v[i] = d->games[i].score[seat];
    return v;
}

static cli_html_est share_est(const char *label, double wins, int n)
{
    cli_html_est e = {label, n ? wins / n : NAN, NAN, NAN};
    if (n)
        fc_stats_wilson(wins, n, FC_Z95, &e.lo, &e.hi);
    return e;
}

static const char *correction_text(fc_stats_correction c)
{
    return c == FC_CORRECT_HOLM ? "Holm's step-down method (controls the family-wise error rate: the chance of any "
                                  "false positive among the metrics)"
           : c == FC_CORRECT_BH ? "the Benjamini-Hochberg method (controls the false discovery rate: the expected "
                                  "share of false positives among the metrics called significant)"
                                : "no correction (each metric tested alone: with many metrics some will look "
                                  "significant by chance)";
}

/* "design A (rules default, variant seventh_die)". */
static void design_name(char *buf, size_t n, const design *d)
{
    const char *v = fc_rules_variant_name(d->rules);
    bool var = v && *v && strcmp(v, "none") != 0;
    snprintf(buf, n, "design %s (rules %.32s%s%.32s)", d->label, fc_rules_name(d->rules), var ? ", variant " : "",
             var ? v : "");
}

/* ---- sections ---- */

static void run_section(cli_html *h, const sim_cli *s)
{
    cli_html_heading(h, "Run");
    tab t = {.ncols = 7};
    const char *head[] = {"game", "games", "seed", "seats", "agents (in seat order of game 1)", "start", "time"};
    for (int i = 0; i < 7; i++)
        tab_cell(&t, "%s", head[i]);
    char agents[1024];
    cli_seats_text(s->seat, s->nseats, agents, sizeof agents);
    tab_cell(&t, "%s", s->game);
    tab_cell(&t, "%d%s", s->played, s->ndesigns > 1 ? " per design, paired (same seeds)" : "");
    tab_cell(&t, "%llu", (unsigned long long)s->seed);
    tab_cell(&t, "%d, %s", s->nseats, s->cfg.fixed_seats ? "fixed" : "rotating");
    tab_cell(&t, "%s", agents);
    tab_cell(&t, "%s", s->position ? "a position (--position)" : "the game's set-up");
    tab_cell(&t, "%.2f s, %d thread%s", s->seconds, s->threads, s->threads > 1 ? "s" : "");
    tab_flush(h, &t);
    /* what is compared, in words: the headline a reader needs before any number */
    char text[2048];
    cli_rules_text(s->d[0].rules, text, sizeof text);
    cli_html_text(h, "%s%s", s->ndesigns > 1 ? "Design A: " : "Rules: ", text);
    if (s->ndesigns > 1) {
        cli_design_b_text(s->d[0].rules, s->d[1].rules, text, sizeof text);
        cli_html_text(h, "Design %s", text);
    }
    t = (tab){.ncols = 6};
    const char *dhead[] = {"design", "rules", "variant", "what it changes from the game's defaults", "variant hash",
                           "parameters hash"};
    for (int i = 0; i < 6; i++)
        tab_cell(&t, "%s", dhead[i]);
    for (int k = 0; k < s->ndesigns; k++) {
        const design *d = &s->d[k];
        tab_cell(&t, "%s", d->label);
        tab_cell(&t, "%s", fc_rules_name(d->rules));
        tab_cell(&t, "%s", fc_rules_variant_name(d->rules));
        cli_rules_text(d->rules, text, sizeof text);
        tab_cell(&t, "%s", text);
        tab_cell(&t, "%s", d->variant_hash);
        tab_cell(&t, "%016llx", (unsigned long long)d->params_hash);
    }
    tab_flush(h, &t);
}

/* Rows "agent k" or "seat k" (with the design's label in an A/B run), grouped by design. */
static void share_chart(cli_html *h, const sim_cli *s, bool seats)
{
    int n = s->nseats * s->ndesigns, group[2 * FC_MAX_SEATS];
    cli_html_est e[2 * FC_MAX_SEATS];
    char labels[2 * FC_MAX_SEATS][80], glabel[2][96];
    const char *groups[2];
    for (int k = 0; k < s->ndesigns; k++) {
        design_name(glabel[k], sizeof glabel[k], &s->d[k]);
        groups[k] = glabel[k];
    }
    for (int a = 0, i = 0; a < s->nseats; a++)
        for (int k = 0; k < s->ndesigns; k++, i++) {
            const design *d = &s->d[k];
            const char *pre = s->ndesigns > 1 ? d->label : "", *sp = s->ndesigns > 1 ? " " : "";
            if (seats)
                snprintf(labels[i], sizeof labels[i], "%s%sseat %d", pre, sp, a + 1);
            else
                snprintf(labels[i], sizeof labels[i], "%s%sagent %d %.32s", pre, sp, a + 1, s->spec[a]);
            e[i] = share_est(labels[i], sim_sum(s, d, seats ? FC_SIM_SEAT_WIN : FC_SIM_WIN_SHARE, a), s->played);
            group[i] = k;
        }
    cli_html_intervals_grouped(h, seats ? "Win share per seat (95% Wilson intervals)"
                                        : "Win share per agent (95% Wilson intervals)",
                               "share of games won (a win shared by k seats counts 1/k)", e, n, 1.0 / s->nseats,
                               group, groups, s->ndesigns > 1 ? s->ndesigns : 0);
}

static void agents_table(cli_html *h, const sim_cli *s)
{
    tab t = {.ncols = 8};
    const char *head[] = {"design", "agent", "win share", "95% interval", "mean score", "sd", "median", "mean margin"};
    for (int i = 0; i < 8; i++)
        tab_cell(&t, "%s", head[i]);
    for (int k = 0; k < s->ndesigns; k++)
        for (int a = 0; a < s->nseats; a++) {
            const design *d = &s->d[k];
            cli_html_est e = share_est("", sim_sum(s, d, FC_SIM_WIN_SHARE, a), s->played);
            fc_stats_summary sc, mg;
            double *v = sim_values(s, d, s->played, FC_SIM_SCORE, a);
            double *w = sim_values(s, d, s->played, FC_SIM_AGENT_MARGIN, a);
            fc_stats_describe(v ? v : (double[1]){0}, v ? (size_t)s->played : 0, &sc);
            fc_stats_describe(w ? w : (double[1]){0}, w ? (size_t)s->played : 0, &mg);
            free(v);
            free(w);
            tab_cell(&t, "%s", d->label);
            tab_cell(&t, "%d %s", a + 1, s->spec[a]);
            tab_cell(&t, "%.3f", e.value);
            tab_cell(&t, "%.3f - %.3f", e.lo, e.hi);
            tab_cell(&t, "%.2f", sc.mean);
            tab_cell(&t, "%.2f", sc.sd);
            tab_cell(&t, "%.1f", sc.median);
            tab_cell(&t, "%+.2f", mg.mean);
        }
    tab_flush(h, &t);
}

static void balance_text(cli_html *h, const sim_cli *s, const design *d)
{
    int n = s->played;
    double smin = 1, smax = 0;
    for (int seat = 0; seat < s->nseats; seat++) {
        double w = n ? sim_sum(s, d, FC_SIM_SEAT_WIN, seat) / n : 0;
        smin = fmin(smin, w);
        smax = fmax(smax, w);
    }
    double first = n ? sim_sum(s, d, FC_SIM_SEAT_WIN, 0) / n : 0;
    cli_html_text(h,
                  "Design %s: first-player advantage %+.3f (seat 1's share minus 1/%d), balance %.3f (1 minus the "
                  "spread of the seat shares), shared wins %d, draws %d.",
                  d->label, first - 1.0 / s->nseats, s->nseats, 1 - (smax - smin), sim_count(s, d, 0),
                  sim_count(s, d, 1));
}

/* Scores per seat: one design, the seats overlaid in one chart; A/B, one chart per seat with
 * the designs overlaid (the comparison that matters). */
static void score_section(cli_html *h, const sim_cli *s)
{
    cli_html_heading(h, "Scores per seat");
    bool ab = s->ndesigns > 1;
    int charts = ab ? s->nseats : 1, per = ab ? s->ndesigns : s->nseats;
    for (int c = 0; c < charts; c++) {
        cli_html_series sr[FC_MAX_SEATS];
        double *v[FC_MAX_SEATS];
        char lab[FC_MAX_SEATS][16], title[160];
        for (int i = 0; i < per; i++) {
            int seat = ab ? c : i;
            v[i] = seat_scores(s, &s->d[ab ? i : 0], seat);
            if (ab)
                snprintf(lab[i], sizeof lab[i], "design %s", s->d[i].label);
            else
                snprintf(lab[i], sizeof lab[i], "seat %d", seat + 1);
            sr[i] = (cli_html_series){lab[i], v[i] ? s->played : 0, NULL, v[i] ? v[i] : (double[1]){0}};
        }
        if (ab)
            snprintf(title, sizeof title, "Final score of seat %d, designs A and B", c + 1);
        else
            snprintf(title, sizeof title, "Final score per seat");
        cli_html_histograms(h, title, "final score", sr, per);
        for (int i = 0; i < per; i++)
            free(v[i]);
    }
}

/* One histogram of a game metric with the designs overlaid; false (nothing drawn) when the
 * metric is 0 in every game (a game that counts no rounds). */
static bool metric_chart(cli_html *h, const sim_cli *s, fc_sim_metric m, const char *title, const char *axis)
{
    cli_html_series sr[2];
    double *v[2] = {NULL, NULL};
    char lab[2][96];
    bool any = false;
    for (int k = 0; k < s->ndesigns; k++) {
        v[k] = sim_values(s, &s->d[k], s->played, m, 0);
        for (int i = 0; v[k] && i < s->played; i++)
            any = any || v[k][i] != 0;
        snprintf(lab[k], sizeof lab[k], "design %s", s->d[k].label);
        sr[k] = (cli_html_series){lab[k], v[k] ? s->played : 0, NULL, v[k] ? v[k] : (double[1]){0}};
    }
    if (any)
        cli_html_histograms(h, title, axis, sr, s->ndesigns);
    free(v[0]);
    free(v[1]);
    return any;
}

/* The running win share of each seat over the games played, per design: how settled the
 * estimate is. */
static void running_chart(cli_html *h, const sim_cli *s, const design *d)
{
    int n = s->played;
    double *y = malloc((size_t)(n ? n : 1) * (size_t)s->nseats * sizeof *y);
    double *x = malloc((size_t)(n ? n : 1) * sizeof *x);
    if (!y || !x) {
        free(x);
        free(y);
        return;
    }
    cli_html_series sr[FC_MAX_SEATS];
    char lab[FC_MAX_SEATS][16], title[160];
    for (int i = 0; i < n; i++)
        x[i] = i + 1;
    for (int seat = 0; seat < s->nseats; seat++) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += fc_sim_value(&d->games[i], s->nseats, FC_SIM_SEAT_WIN, seat);
            y[seat * n + i] = sum / (i + 1);
        }
        snprintf(lab[seat], sizeof lab[seat], "seat %d", seat + 1);
        sr[seat] = (cli_html_series){lab[seat], n, x, y + seat * n};
    }
    snprintf(title, sizeof title, "Running win share per seat, design %s", d->label);
    cli_html_lines(h, title, "games played", "win share so far", sr, s->nseats);
    free(x);
    free(y);
}

static void metrics_table(cli_html *h, const sim_cli *s)
{
    tab t = {.ncols = 9};
    const char *head[] = {"design", "metric", "mean", "sd", "min", "q1", "median", "q3", "max"};
    for (int i = 0; i < 9; i++)
        tab_cell(&t, "%s", head[i]);
    for (int m = 0; m < SIM_NGAME_METRICS; m++)
        for (int k = 0; k < s->ndesigns; k++) {
            fc_stats_summary sm;
            double *v = sim_values(s, &s->d[k], s->played, sim_game_metrics[m], 0);
            fc_stats_describe(v ? v : (double[1]){0}, v ? (size_t)s->played : 0, &sm);
            free(v);
            double x[7] = {sm.mean, sm.sd, sm.min, sm.q1, sm.median, sm.q3, sm.max};
            tab_cell(&t, "%s", s->d[k].label);
            tab_cell(&t, "%s", fc_sim_metric_name(sim_game_metrics[m]));
            for (int i = 0; i < 7; i++)
                tab_cell(&t, "%.3f", x[i]);
        }
    tab_flush(h, &t);
}

static void timeout_text(cli_html *h, const sim_cli *s)
{
    for (int k = 0; k < s->ndesigns; k++) {
        int n = sim_count(s, &s->d[k], 2);
        cli_html_est e = share_est("", n, s->played);
        cli_html_text(h,
                      "Design %s: %d of %d games stopped at the decision limit (%.1f%%, 95%% interval %.1f%% - "
                      "%.1f%%); a stopped game has no winner.",
                      s->d[k].label, n, s->played, 100 * e.value, 100 * e.lo, 100 * e.hi);
    }
}

/* ---- A/B ---- */

/* Metrics whose values are shares of games (0..1): their differences share one axis. */
static bool share_metric(fc_sim_metric m)
{
    return m == FC_SIM_WIN_SHARE || m == FC_SIM_SEAT_WIN || m == FC_SIM_DECISION_SHARE || m == FC_SIM_SHARED ||
           m == FC_SIM_TIMEOUT;
}

static void forest(cli_html *h, const sim_cli *s, const sim_row *rows, const fc_stats_diff *diff,
                   const double *padj, int nrows)
{
    cli_html_est sh[MAXROWS], rel[MAXROWS];
    int gsh[MAXROWS], grel[MAXROWS];
    char lab[MAXROWS][64], sig[64];
    int ns = 0, nr = 0;
    for (int i = 0; i < nrows; i++) {
        sim_row_name(&rows[i], lab[i], sizeof lab[i]);
        const fc_stats_diff *d = &diff[i];
        int g = padj[i] < SIM_ALPHA;
        if (share_metric(rows[i].metric)) {
            gsh[ns] = g;
            sh[ns++] = (cli_html_est){lab[i], d->diff, d->lo, d->hi};
        } else {
            /* Relative to A's mean, so that decisions and drama fit one axis; no scale when A's
             * mean is 0 (drawn as a gap). */
            double a = fabs(d->mean_a);
            grel[nr] = g;
            rel[nr++] = a > 0 ? (cli_html_est){lab[i], 100 * d->diff / a, 100 * d->lo / a, 100 * d->hi / a}
                              : (cli_html_est){lab[i], NAN, NAN, NAN};
        }
    }
    snprintf(sig, sizeof sig, "significant (adjusted p < %.2f, %s)", SIM_ALPHA,
             fc_stats_correction_name(s->correction));
    const char *groups[2] = {"not significant", sig};
    cli_html_intervals_grouped(h, "Differences B - A of shares (95% intervals)", "difference in share of games (B - A)",
                               sh, ns, 0, gsh, groups, 2);
    cli_html_intervals_grouped(h, "Differences B - A of the other metrics, relative to A's mean (95% intervals)",
                               "difference in % of A's mean", rel, nr, 0, grel, groups, 2);
}

static void ab_section(cli_html *h, const sim_cli *s)
{
    sim_row rows[MAXROWS];
    fc_stats_diff diff[MAXROWS];
    double padj[MAXROWS];
    int nrows = sim_comparison(s, rows, diff, padj);
    if (nrows < 0) {
        cli_html_text(h, "The comparison could not be computed (out of memory).");
        return;
    }
    cli_html_heading(h, "A/B comparison: differences B - A");
    cli_html_text(h,
                  "Each of the %d games of design B was played with the same seed and seating as the same game of A, "
                  "so the differences are paired: each row is the mean of B - A over the %d pairs, with its 95%% t "
                  "interval. The %d metrics are tested together; the p-values are adjusted by %s (--correction %s). "
                  "A row is significant (drawn in the second colour) when its adjusted p-value is below %.2f. The "
                  "whiskers are the "
                  "unadjusted 95%% intervals, so an interval can miss 0 while its row is not significant after the "
                  "correction. The last column is the smallest true difference these %d pairs detect with 80%% power "
                  "at 95%% confidence, from the spread of B - A measured here: a difference smaller than that can "
                  "hide in a row that reads 'no' (n/a: no variation).",
                  s->played, s->played, nrows, correction_text(s->correction),
                  fc_stats_correction_name(s->correction), SIM_ALPHA, s->played);
    forest(h, s, rows, diff, padj, nrows);
    tab t = {.ncols = 9};
    const char *head[] = {"metric", "A", "B", "B - A", "95% interval", "p",
                          s->correction == FC_CORRECT_NONE ? "p (no correction)" : "adjusted p", "significant",
                          "detectable difference"};
    for (int i = 0; i < 9; i++)
        tab_cell(&t, "%s", head[i]);
    for (int i = 0; i < nrows; i++) {
        const fc_stats_diff *d = &diff[i];
        char name[48];
        sim_row_name(&rows[i], name, sizeof name);
        tab_cell(&t, "%s", name);
        tab_cell(&t, "%.3f", d->mean_a);
        tab_cell(&t, "%.3f", d->mean_b);
        tab_cell(&t, "%+.3f", d->diff);
        tab_cell(&t, "%+.3f .. %+.3f", d->lo, d->hi);
        tab_cell(&t, "%.4f", d->p);
        tab_cell(&t, "%.4f", padj[i]);
        tab_cell(&t, "%s", padj[i] < SIM_ALPHA ? "yes" : "no");
        double mde = sim_row_mde(d);
        if (isnan(mde))
            tab_cell(&t, "n/a");
        else
            tab_cell(&t, "%.3f", mde);
    }
    tab_flush(h, &t);
    if (s->stopped_look) {
        char name[48];
        sim_row r = {(fc_sim_metric)s->seq_metric, s->seq_arg};
        sim_row_name(&r, name, sizeof name);
        cli_html_text(h,
                      "The run stopped early: sequential test on %s (Haybittle-Peto boundary, %d looks) %s at look %d "
                      "after %d games.",
                      name, s->looks, s->seq_result == FC_SEQ_SIGNIFICANT ? "significant" : "not significant",
                      s->stopped_look, s->played);
    }
}

/* A run of one design: what its games can detect, metric by metric (sim_detect.c). */
static void detect_section(cli_html *h, const sim_cli *s)
{
    sim_row rows[SIM_ROWS_MAX];
    sim_detect d[SIM_ROWS_MAX];
    int nrows = sim_detect_rows(s, rows, d);
    if (nrows < 0)
        return;
    cli_html_heading(h, "Detectable differences");
    cli_html_text(h,
                  "The smallest true difference of each metric's mean from a fixed value (seat 1's share from 1/%d, "
                  "the rounds from a target) that these %d games detect with 80%% power at 95%% confidence, from the "
                  "spread per game measured here (n/a: no variation). A difference smaller than that can go unseen; "
                  "sim --plan says how many games a smaller one needs (docs/metrics.md).",
                  s->nseats, s->played);
    tab t = {.ncols = 4};
    const char *head[] = {"metric", "mean", "sd per game", "detectable difference"};
    for (int i = 0; i < 4; i++)
        tab_cell(&t, "%s", head[i]);
    for (int i = 0; i < nrows; i++) {
        char name[48];
        sim_row_name(&rows[i], name, sizeof name);
        tab_cell(&t, "%s", name);
        tab_cell(&t, "%.3f", d[i].mean);
        tab_cell(&t, "%.3f", d[i].sd);
        if (isnan(d[i].mde))
            tab_cell(&t, "n/a");
        else
            tab_cell(&t, "%.3f", d[i].mde);
    }
    tab_flush(h, &t);
}

/* --plan: the pilot and what it asked for. */
static void plan_section(cli_html *h, const sim_cli *s)
{
    bool ab = s->ndesigns > 1;
    cli_html_heading(h, "Plan");
    cli_html_text(h,
                  "A pilot of %d %s measured the spread of each planned metric%s; the games needed are those that "
                  "detect a true difference of the given size with 80%% power at 95%% confidence. %s",
                  s->pilot, ab ? "paired games" : "games", ab ? " (of B - A)" : "",
                  s->plan_run ? "The run then played them (--run)." : "Only the pilot was played (--run plays them).");
    tab t = {.ncols = s->plan_run ? 7 : 5};
    const char *head[] = {"metric", "effect", ab ? "B - A in the pilot" : "mean in the pilot",
                          ab ? "sd of B - A" : "sd per game", "games needed", "sd over the run",
                          "detectable after the run"};
    for (int i = 0; i < t.ncols; i++)
        tab_cell(&t, "%s", head[i]);
    for (int i = 0; i < s->nplan; i++) {
        const sim_plan_item *p = &s->plan[i];
        char name[48];
        sim_row r = {(fc_sim_metric)p->metric, p->arg};
        sim_row_name(&r, name, sizeof name);
        tab_cell(&t, "%s", name);
        tab_cell(&t, "%g", p->effect);
        tab_cell(&t, ab ? "%+.4f" : "%.4f", p->mean);
        tab_cell(&t, "%.4f", p->sd);
        if (p->needed > 0)
            tab_cell(&t, "%ld", p->needed);
        else
            tab_cell(&t, "n/a (no variation)");
        if (s->plan_run) { /* a detectable difference above the effect: the pilot's sd was low */
            tab_cell(&t, "%.4f", p->run_sd);
            if (isnan(p->run_mde))
                tab_cell(&t, "n/a (no variation)");
            else if (p->run_mde > p->effect)
                tab_cell(&t, "%.4g (above the effect: %ld games needed)", p->run_mde, p->run_needed);
            else
                tab_cell(&t, "%.4g", p->run_mde);
        }
    }
    tab_flush(h, &t);
}

int sim_write_html(const sim_cli *s, const char *path)
{
    char title[160];
    snprintf(title, sizeof title, "formicary sim: %s%s", s->game, s->ndesigns > 1 ? " (A/B)" : "");
    cli_html *h = cli_html_begin(path, title);
    if (!h)
        return CLI_EXIT_FAIL;
    run_section(h, s);
    if (s->nplan)
        plan_section(h, s);
    if (s->ndesigns > 1) /* the headline of an A/B run; each design's details follow */
        ab_section(h, s);
    cli_html_heading(h, "Win share");
    cli_html_text(h,
                  "Dots are the share of games won, whiskers the 95%% Wilson interval; the dashed line is an even "
                  "share (1/%d). An interval that misses the line is evidence of an uneven share at the 5%% level (for "
                  "that row alone).",
                  s->nseats);
    share_chart(h, s, false);
    agents_table(h, s);
    share_chart(h, s, true);
    for (int k = 0; k < s->ndesigns; k++)
        balance_text(h, s, &s->d[k]);
    for (int k = 0; k < s->ndesigns && s->played > 1; k++)
        running_chart(h, s, &s->d[k]);
    score_section(h, s);
    cli_html_heading(h, "Game length");
    metric_chart(h, s, FC_SIM_DECISIONS, "Decisions per game", "seat decisions");
    if (!metric_chart(h, s, FC_SIM_ROUNDS, "Rounds per game", "rounds"))
        cli_html_text(h, "The game does not count rounds.");
    cli_html_heading(h, "Lead changes and drama");
    cli_html_text(h, "Lead changes count how often the seat with the best evaluation changed during a game. Drama "
                     "is how far behind the eventual winner had to come from (0 to 1; 0 when the winner never "
                     "trailed). See docs/metrics.md.");
    metric_chart(h, s, FC_SIM_LEAD_CHANGES, "Lead changes per game", "lead changes");
    metric_chart(h, s, FC_SIM_DRAMA, "Drama per game", "drama");
    cli_html_heading(h, "Timeouts");
    timeout_text(h, s);
    cli_html_heading(h, "Game metrics");
    metrics_table(h, s);
    if (s->ndesigns == 1)
        detect_section(h, s);
    return cli_html_end(h);
}
