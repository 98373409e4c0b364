/* Private to the sim command: the state shared by cmd_sim.c (running, tables) and sim_out.c
 * (CSV, JSON and SVG output). */
#ifndef FC_CLI_SIM_H
#define FC_CLI_SIM_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "formicary/sim.h"
#include "formicary/stats.h"

#define SIM_SPEC_MAX 128

typedef struct design {
    const char *label;
    fc_rules *rules;
    fc_sim_game *games;
    uint64_t params_hash;
    char variant_hash[20];
} design;

typedef struct sim_cli {
    const char *game;
    int nseats, ngames, played, ndesigns, threads;
    uint64_t seed;
    char spec[FC_MAX_SEATS][SIM_SPEC_MAX];
    design d[2];
    fc_sim_config cfg;
    bool progress;
    int done_before, total; /* progress across designs and looks */
    double seconds;
    int seq_metric, seq_arg, looks, stopped_look, seq_result;
    struct cli_journal *journal; /* --resume FILE (sim_mpi.h), rank 0 only */
    fc_stats_correction correction; /* --correction over the rows of the A/B table */
    char *position;                 /* --position FILE's text, or NULL */
    struct sim_records {            /* --record-dir: where each design's games go */
        const struct sim_cli *s;
        char dir[1024];
    } rec[2];
} sim_cli;

/* The rows of the A/B comparison: agent metrics per agent, seat 1, then game metrics. */
typedef struct sim_row {
    fc_sim_metric metric;
    int arg;
} sim_row;

/* Game-level metrics shown and compared, in order. */
#define SIM_NGAME_METRICS 7
extern const fc_sim_metric sim_game_metrics[SIM_NGAME_METRICS];

double *sim_values(const sim_cli *s, const design *d, int n, fc_sim_metric metric, int arg);
int sim_count(const sim_cli *s, const design *d, int what);
double sim_sum(const sim_cli *s, const design *d, fc_sim_metric m, int arg);
int sim_rows(const sim_cli *s, sim_row *rows);
void sim_row_name(const sim_row *r, char *buf, size_t n);
int sim_compare(const sim_cli *s, const sim_row *r, fc_stats_diff *out);
/* The whole A/B table: every row's comparison and its p-value adjusted by s->correction over
 * all rows (rows[] holds 2 * FC_MAX_SEATS + 16, diff[] and padj[] as many). The row count, or
 * -1 out of memory. A row is significant when its adjusted p is below SIM_ALPHA. */
#define SIM_ALPHA 0.05
int sim_comparison(const sim_cli *s, sim_row *rows, fc_stats_diff *diff, double *padj);
/* Output files (sim_out.c); 0 or a CLI exit code after printing the error. */
int sim_write_csv(const sim_cli *s, const char *path);
int sim_write_json(const sim_cli *s, const char *path);
int sim_write_svg(const sim_cli *s, const char *path);
/* The A/B table as CSV: one row per metric with p and adjusted p. */
int sim_write_comparison_csv(const sim_cli *s, const char *path);
/* sim_html.c: the report page of `sim --html FILE` (html.h, docs/reports.md). */
int sim_write_html(const sim_cli *s, const char *path);

#endif
