/* The detectable difference of a run of one design (docs/metrics.md, "The detectable
 * difference"): per metric, the smallest true departure of its mean from a fixed value (seat 1's
 * share from 1/n, the rounds from a target) the run's games detect at 95% confidence with 80%
 * power, from the sd of its per-game values (fc_stats_mde, the one-sample case of --plan). An
 * A/B run gives it per paired difference in its comparison table instead. */
#include <math.h>
#include <stdlib.h>

#include "sim_cli.h"

int sim_detect_rows(const sim_cli *s, sim_row *rows, sim_detect *out)
{
    int nrows = sim_rows(s, rows);
    for (int i = 0; i < nrows; i++) {
        double *v = sim_values(s, &s->d[0], s->played, rows[i].metric, rows[i].arg);
        if (!v)
            return -1;
        fc_stats_summary m;
        fc_stats_describe(v, (size_t)s->played, &m);
        free(v);
        out[i] = (sim_detect){m.mean, m.sd, fc_stats_mde(m.sd, (size_t)s->played)};
    }
    return nrows;
}

void sim_detect_print(const sim_cli *s, FILE *f)
{
    sim_row rows[SIM_ROWS_MAX];
    sim_detect d[SIM_ROWS_MAX];
    int nrows = sim_detect_rows(s, rows, d);
    if (nrows < 0)
        return;
    fprintf(f, "detectable: the smallest true difference of a metric's mean from a fixed value (seat 1's share "
               "from 1/%d, rounds from a target) these %d games detect with 80%% power at 95%% confidence, from the "
               "sd per game measured here (n/a: no variation)\n",
            s->nseats, s->played);
    cli_table t;
    cli_table_init(&t, 4);
    cli_table_add(&t, "metric", "mean", "sd per game", "detectable");
    for (int i = 0; i < nrows; i++) {
        char name[48], c[3][32];
        sim_row_name(&rows[i], name, sizeof name);
        snprintf(c[0], sizeof c[0], "%.3f", d[i].mean);
        snprintf(c[1], sizeof c[1], "%.3f", d[i].sd);
        snprintf(c[2], sizeof c[2], isnan(d[i].mde) ? "n/a" : "%.3f", d[i].mde);
        cli_table_add(&t, name, c[0], c[1], c[2]);
    }
    cli_table_print(&t, f, "  ");
    cli_table_free(&t);
}

void sim_detect_json(cli_json *j, const sim_cli *s)
{
    sim_row rows[SIM_ROWS_MAX];
    sim_detect d[SIM_ROWS_MAX];
    int nrows = sim_detect_rows(s, rows, d);
    cli_json_key(j, "detectable");
    cli_json_arr(j);
    for (int i = 0; i < nrows; i++) {
        char name[48];
        sim_row_name(&rows[i], name, sizeof name);
        cli_json_obj(j);
        cli_json_key(j, "metric");
        cli_json_str(j, name);
        cli_json_key(j, "mean");
        cli_json_num(j, d[i].mean);
        cli_json_key(j, "sd");
        cli_json_num(j, d[i].sd);
        cli_json_key(j, "mde");
        if (isnan(d[i].mde))
            cli_json_null(j);
        else
            cli_json_num(j, d[i].mde);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
}
