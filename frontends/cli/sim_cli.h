/* Private to the sim command: the state shared by cmd_sim.c (running, tables) and sim_out.c
 * (CSV, JSON and SVG output). */
#ifndef FC_CLI_SIM_H
#define FC_CLI_SIM_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "formicary/sim.h"
#include "formicary/stats.h"
#include "study.h"

#define SIM_SPEC_MAX 128

typedef struct design {
    const char *label;
    fc_rules *rules;
    fc_sim_game *games;
    uint64_t params_hash;
    char variant_hash[20];
} design;

/* One target of --plan METRIC=EFFECT and what the pilot measured for it (sim_plan.c). */
#define SIM_PLAN_MAX 8
typedef struct sim_plan_item {
    int metric, arg;
    double effect;
    double mean, sd; /* in the pilot: the mean of B - A (of the values, one design) and its sd */
    long needed;     /* games (pairs) to detect effect; 0 when the pilot cannot say (sd 0) */
    /* after --run, from all its games: the sd, what they detect (NaN: no variation) and the games
     * that sd asks for; the pilot's sd can be far off for a metric that seldom varies */
    double run_sd, run_mde;
    long run_needed;
} sim_plan_item;

typedef struct sim_cli {
    const char *game;
    int nseats, ngames, played, ndesigns, threads;
    uint64_t seed;
    char spec[FC_MAX_SEATS][SIM_SPEC_MAX];
    cli_seat seat[FC_MAX_SEATS]; /* each seat's agent with the tier it came from */
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
    int nplan, pilot;    /* --plan targets; games of the pilot (0: no plan) */
    int plan_cap;        /* the most games --run may play (--games, else SIM_PLAN_CAP) */
    long plan_games;     /* games the plan asks for (the largest need, at least the pilot) */
    bool plan_go;        /* --run given */
    bool plan_run;       /* the planned games were played */
    sim_plan_item plan[SIM_PLAN_MAX];
    cli_runs *runs;  /* the run in the runs database (rank 0), or NULL */
    int runs_chunk;  /* games per chunk when recording (0: one call for all), the same on every rank */
} sim_cli;

#define SIM_PLAN_CAP 1000000
#define SIM_PILOT_DEFAULT 100

/* The rows of the A/B comparison: agent metrics per agent, seat 1, then game metrics. */
typedef struct sim_row {
    fc_sim_metric metric;
    int arg;
} sim_row;

/* Game-level metrics shown and compared, in order. */
#define SIM_NGAME_METRICS 7
extern const fc_sim_metric sim_game_metrics[SIM_NGAME_METRICS];

double *sim_values(const sim_cli *s, const design *d, int n, fc_sim_metric metric, int arg);
/* "NAME[:K]" as a metric and its agent or seat argument (0-based); a usage error names option. */
int sim_metric_parse(const sim_cli *s, const char *text, const char *option, int *metric, int *arg);
/* Plays games s->played .. s->ngames - 1 of every design (looks of the sequential test). */
int sim_run_all(sim_cli *s, bool sequential);
int sim_count(const sim_cli *s, const design *d, int what);
double sim_agent_cpu(const sim_cli *s, const design *d, int k, long *decisions);
double sim_sum(const sim_cli *s, const design *d, fc_sim_metric m, int arg);
int sim_rows(const sim_cli *s, sim_row *rows);
void sim_row_name(const sim_row *r, char *buf, size_t n);
int sim_compare(const sim_cli *s, const sim_row *r, fc_stats_diff *out);
/* The whole A/B table: every row's comparison and its p-value adjusted by s->correction over
 * all rows (rows[] holds 2 * FC_MAX_SEATS + 16, diff[] and padj[] as many). The row count, or
 * -1 out of memory. A row is significant when its adjusted p is below SIM_ALPHA. */
#define SIM_ALPHA 0.05
int sim_comparison(const sim_cli *s, sim_row *rows, fc_stats_diff *diff, double *padj);
/* The smallest difference row r of the A/B table detects (fc_stats_mde of its paired sd). */
double sim_row_mde(const fc_stats_diff *d);
/* What the run compares (sim_out.c): agents with their tiers, the designs' rules, B's difference
 * from A; as text lines (prefix before each) or in the JSON. */
void sim_print_compared(const sim_cli *s, FILE *f, const char *prefix);
void sim_json_compared(cli_json *j, const sim_cli *s);
/* --plan (sim_plan.c): options, the pilot and the planned games, the plan's table and JSON. */
int sim_plan_setup(sim_cli *s, cli *c);
int sim_plan_play(sim_cli *s);
void sim_plan_print(const sim_cli *s, FILE *f);
void sim_plan_json(cli_json *j, const sim_cli *s);
/* The detectable difference of a run of one design (sim_detect.c): per row of sim_rows, the mean,
 * the sd per game and fc_stats_mde of them (NaN: no variation). rows and out hold SIM_ROWS_MAX;
 * the row count, or -1 out of memory. */
#define SIM_ROWS_MAX (2 * FC_MAX_SEATS + 16)
typedef struct sim_detect {
    double mean, sd, mde;
} sim_detect;
int sim_detect_rows(const sim_cli *s, sim_row *rows, sim_detect *out);
void sim_detect_print(const sim_cli *s, FILE *f);
void sim_detect_json(cli_json *j, const sim_cli *s);
/* Output files (sim_out.c); 0 or a CLI exit code after printing the error. */
int sim_write_csv(const sim_cli *s, const char *path);
int sim_write_json(const sim_cli *s, const char *path);
int sim_write_svg(const sim_cli *s, const char *path);
/* The A/B table as CSV: one row per metric with p and adjusted p. */
int sim_write_comparison_csv(const sim_cli *s, const char *path);
/* sim_runs.c: the run in the runs database (docs/runs.md). begin on every rank (it sets
 * runs_chunk alike); end writes the summary figures when complete. */
void sim_runs_begin(sim_cli *s, const cli *c);
void sim_runs_end(sim_cli *s, bool complete);
/* sim_html.c: the report page of `sim --html FILE` (html.h, docs/reports.md). */
int sim_write_html(const sim_cli *s, const char *path);

#endif
