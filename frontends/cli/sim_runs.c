/* `formicary sim` in the runs database (docs/runs.md): the run with its designs and seats
 * before the games, every chunk of games as it finishes, the summary figures at the end. */
#include <math.h>
#include <stdlib.h>

#include "sim_cli.h"
#include "sim_mpi.h"

/* Games per chunk (one transaction each): large enough that threads seldom wait for a chunk's
 * last game, small enough that a killed run loses little. */
#define SIM_RUNS_CHUNK_PER_THREAD 16
#define SIM_RUNS_CHUNK_MIN 64

void sim_runs_begin(sim_cli *s, const cli *c)
{
    s->runs = cli_runs_begin(c, "sim", s->game, s->nseats, s->seed, s->threads, (long)s->ngames * s->ndesigns);
    char text[8192];
    for (int k = 0; s->runs && k < s->ndesigns; k++) {
        if (k == 0)
            cli_rules_text(s->d[0].rules, text, sizeof text);
        else
            cli_design_b_text(s->d[0].rules, s->d[1].rules, text, sizeof text);
        cli_runs_design(s->runs, s->d[k].label, s->d[k].rules, text);
    }
    for (int k = 0; s->runs && k < s->nseats; k++)
        cli_runs_seat(s->runs, k + 1, s->spec[k], s->seat[k].tier);
    int chunk = SIM_RUNS_CHUNK_PER_THREAD * s->threads * cli_mpi_size();
    /* every rank must cut the games alike, and only rank 0 knows whether it records */
    s->runs_chunk = cli_mpi_bcast_int(s->runs ? (chunk < SIM_RUNS_CHUNK_MIN ? SIM_RUNS_CHUNK_MIN : chunk) : 0);
}

/* Mean of a metric over the played games with a 95% interval (normal; Wilson for shares). */
static void sim_runs_mean(sim_cli *s, const design *d, fc_sim_metric m, int arg, bool share, const char *name)
{
    int n = s->played;
    double *v = sim_values(s, d, n, m, arg);
    if (!v)
        return;
    fc_stats_summary sm;
    fc_stats_describe(v, (size_t)n, &sm);
    free(v);
    double lo, hi;
    if (share) {
        fc_stats_wilson(sm.mean * n, n, FC_Z95, &lo, &hi);
    } else {
        double half = n > 1 ? FC_Z95 * sm.sd / sqrt((double)n) : NAN;
        lo = sm.mean - half;
        hi = sm.mean + half;
    }
    cli_runs_metric(s->runs, d->label, name, sm.mean, lo, hi, NAN, NULL);
}

/* The detectable difference of a row as the figure mde:NAME (none without variation). */
static void sim_runs_mde(sim_cli *s, const char *label, const sim_row *r, double mde)
{
    char name[48], key[56];
    sim_row_name(r, name, sizeof name);
    snprintf(key, sizeof key, "mde:%s", name);
    if (!isnan(mde))
        cli_runs_metric(s->runs, label, key, mde, NAN, NAN, NAN, NULL);
}

/* Every design's figures and, for A/B, every row of the comparison (B - A, adjusted p), and the
 * detectable difference of each row (of the comparison, or of one design's means). */
static void sim_runs_metrics(sim_cli *s)
{
    sim_row rows[SIM_ROWS_MAX];
    fc_stats_diff diff[SIM_ROWS_MAX];
    double padj[SIM_ROWS_MAX];
    int nrows = sim_rows(s, rows);
    for (int k = 0; k < s->ndesigns; k++) {
        for (int seat = 0; seat < s->nseats; seat++) {
            char name[48];
            snprintf(name, sizeof name, "seat_win:%d", seat + 1);
            sim_runs_mean(s, &s->d[k], FC_SIM_SEAT_WIN, seat, true, name);
        }
        for (int i = 0; i < nrows; i++) {
            char name[48];
            sim_row_name(&rows[i], name, sizeof name);
            bool share = rows[i].metric == FC_SIM_WIN_SHARE || rows[i].metric == FC_SIM_SEAT_WIN ||
                         rows[i].metric == FC_SIM_SHARED || rows[i].metric == FC_SIM_TIMEOUT;
            if (!(rows[i].metric == FC_SIM_SEAT_WIN)) /* seat 1 is among the seats above */
                sim_runs_mean(s, &s->d[k], rows[i].metric, rows[i].arg, share, name);
        }
    }
    if (s->ndesigns < 2) { /* one design: what its games detect, as its report says */
        sim_detect det[SIM_ROWS_MAX];
        nrows = sim_detect_rows(s, rows, det);
        for (int i = 0; i < nrows; i++)
            sim_runs_mde(s, "A", &rows[i], det[i].mde);
        return;
    }
    if ((nrows = sim_comparison(s, rows, diff, padj)) < 0)
        return;
    for (int i = 0; i < nrows; i++) {
        char name[48];
        sim_row_name(&rows[i], name, sizeof name);
        cli_runs_metric(s->runs, "B-A", name, diff[i].diff, diff[i].lo, diff[i].hi, padj[i], NULL);
        sim_runs_mde(s, "B-A", &rows[i], sim_row_mde(&diff[i]));
    }
}

void sim_runs_end(sim_cli *s, bool complete)
{
    if (s->runs && complete && s->played > 0)
        sim_runs_metrics(s);
    cli_runs_end(s->runs, complete, -1);
    s->runs = NULL;
}
