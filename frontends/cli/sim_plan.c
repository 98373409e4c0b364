/* `sim --plan METRIC=EFFECT [--pilot N] [--run]`: how many games a question needs, estimated
 * before the run (docs/metrics.md, "Planning a run"). A pilot of N games (pairs in an A/B run)
 * measures the standard deviation of the metric's per-game value (of B - A when paired); the
 * games needed to detect a true difference of EFFECT at 95% confidence with 80% power follow
 * (fc_stats_pairs_needed). With --run the run then plays them: game i is the same game whether
 * it was played in the pilot or after it, so the pilot's games are the run's first games. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim_cli.h"

int sim_plan_setup(sim_cli *s, cli *c)
{
    s->nplan = cli_opt_count(c, "--plan");
    if (s->nplan == 0) {
        if (cli_flag(c, "--run") || cli_opt(c, "--pilot"))
            return cli_usage("sim: %s needs --plan METRIC=EFFECT", cli_flag(c, "--run") ? "--run" : "--pilot");
        return 0;
    }
    if (s->nplan > SIM_PLAN_MAX)
        return cli_usage("sim: at most %d --plan targets", SIM_PLAN_MAX);
    if (cli_flag(c, "--until-significant"))
        return cli_usage("sim: --plan fixes the number of games before the run; it does not go with "
                         "--until-significant");
    for (int i = 0; i < s->nplan; i++) {
        const char *text = cli_opt_at(c, "--plan", i), *eq = strrchr(text, '=');
        sim_plan_item *p = &s->plan[i];
        char name[64];
        if (!eq || eq == text || (size_t)(eq - text) >= sizeof name)
            return cli_usage("sim: option --plan: expected METRIC=EFFECT (e.g. win_share:1=0.03), found '%s'", text);
        snprintf(name, sizeof name, "%.*s", (int)(eq - text), text);
        int rc = sim_metric_parse(s, name, "--plan", &p->metric, &p->arg);
        if (rc != 0)
            return rc;
        if (!cli_parse_double(eq + 1, 0, 1e12, &p->effect) || !(p->effect > 0))
            return cli_usage("sim: option --plan: the effect in '%s' is not a positive number (the smallest difference "
                             "worth detecting, in the metric's units)",
                             text);
    }
    if (!cli_opt_int(c, "--pilot", 2, 10000000, SIM_PILOT_DEFAULT, &s->pilot))
        return CLI_EXIT_USAGE;
    s->plan_cap = cli_opt(c, "--games") ? s->ngames : SIM_PLAN_CAP;
    if (s->pilot > s->plan_cap)
        s->pilot = s->plan_cap;
    s->ngames = s->pilot;
    s->plan_go = cli_flag(c, "--run");
    return 0;
}

/* The mean and sd of one target over the games played: of B - A in an A/B run, of the values
 * otherwise. */
static int plan_spread(const sim_cli *s, const sim_plan_item *p, double *mean, double *sd)
{
    double *a = sim_values(s, &s->d[0], s->played, p->metric, p->arg);
    double *b = s->ndesigns > 1 ? sim_values(s, &s->d[1], s->played, p->metric, p->arg) : NULL;
    if (!a || (s->ndesigns > 1 && !b)) {
        free(a);
        free(b);
        return cli_fail("out of memory");
    }
    if (b) {
        fc_stats_diff d;
        fc_stats_paired(a, b, (size_t)s->played, &d);
        *mean = d.diff;
        *sd = d.sd;
    } else {
        fc_stats_summary m;
        fc_stats_describe(a, (size_t)s->played, &m);
        *mean = m.mean;
        *sd = m.sd;
    }
    free(a);
    free(b);
    return 0;
}

/* The pilot's mean and sd of one target and the games they ask for. */
static int plan_measure(const sim_cli *s, sim_plan_item *p)
{
    int rc = plan_spread(s, p, &p->mean, &p->sd);
    p->needed = rc == 0 ? fc_stats_pairs_needed(p->sd, p->effect) : 0;
    return rc;
}

/* After --run: what all its games detect, from their own sd. */
static int plan_check(const sim_cli *s, sim_plan_item *p)
{
    double mean;
    int rc = plan_spread(s, p, &mean, &p->run_sd);
    p->run_mde = fc_stats_mde(p->run_sd, (size_t)s->played);
    p->run_needed = fc_stats_pairs_needed(p->run_sd, p->effect);
    return rc;
}

/* Room for games [0, n) of every design, the new ones zeroed. */
static int plan_grow(sim_cli *s, int n)
{
    for (int k = 0; k < s->ndesigns; k++) {
        fc_sim_game *g = realloc(s->d[k].games, (size_t)n * sizeof *g);
        if (!g)
            return cli_fail("out of memory");
        memset(g + s->ngames, 0, (size_t)(n - s->ngames) * sizeof *g);
        s->d[k].games = g;
    }
    s->ngames = n;
    return 0;
}

int sim_plan_play(sim_cli *s)
{
    int rc = sim_run_all(s, false);
    if (rc != 0)
        return rc;
    s->plan_games = s->played;
    for (int i = 0; i < s->nplan; i++) {
        if ((rc = plan_measure(s, &s->plan[i])) != 0)
            return rc;
        if (s->plan[i].needed > s->plan_games)
            s->plan_games = s->plan[i].needed;
    }
    if (!s->plan_go)
        return 0;
    long target = s->plan_games < s->plan_cap ? s->plan_games : s->plan_cap;
    if (target > s->played) {
        cli_runs_planned(s->runs, target * s->ndesigns);
        if ((rc = plan_grow(s, (int)target)) != 0)
            return rc;
        if ((rc = sim_run_all(s, false)) != 0)
            return rc;
    }
    for (int i = 0; i < s->nplan; i++)
        if ((rc = plan_check(s, &s->plan[i])) != 0)
            return rc;
    s->plan_run = true;
    return 0;
}

void sim_plan_print(const sim_cli *s, FILE *f)
{
    bool ab = s->ndesigns > 1;
    const char *games = ab ? "paired games" : "games";
    fprintf(f, "plan (95%% confidence, 80%% power) from a pilot of %d %s:\n", s->pilot, games);
    cli_table t;
    cli_table_init(&t, 5);
    cli_table_add(&t, "metric", "effect", ab ? "B-A (pilot)" : "mean (pilot)", ab ? "sd of B-A" : "sd per game",
                  "games needed");
    for (int i = 0; i < s->nplan; i++) {
        const sim_plan_item *p = &s->plan[i];
        char name[48], c[4][48];
        sim_row r = {(fc_sim_metric)p->metric, p->arg};
        sim_row_name(&r, name, sizeof name);
        snprintf(c[0], sizeof c[0], "%g", p->effect);
        snprintf(c[1], sizeof c[1], ab ? "%+.4f" : "%.4f", p->mean);
        snprintf(c[2], sizeof c[2], "%.4f", p->sd);
        if (p->needed > 0)
            snprintf(c[3], sizeof c[3], "%ld", p->needed);
        else
            snprintf(c[3], sizeof c[3], "n/a (no variation)");
        cli_table_add(&t, name, c[0], c[1], c[2], c[3]);
    }
    cli_table_print(&t, f, "  ");
    cli_table_free(&t);
    /* the sd of n values is itself uncertain by about 1/sqrt(2(n - 1)); the count goes with sd^2 */
    double rel = s->pilot > 1 ? 1 / sqrt(2.0 * (s->pilot - 1)) : 1;
    fprintf(f, "  needed: %ld %s (the largest need, at least the pilot); the pilot's sd is uncertain by about "
               "+-%.0f%%, so the count by about +-%.0f%%\n",
            s->plan_games, games, 100 * rel, 200 * rel);
    if (!s->plan_go)
        fprintf(f, "  --run plays them (the pilot's %d games are the first of them)\n", s->pilot);
    else if (s->plan_games > s->plan_cap)
        fprintf(f, "  played %d %s: capped by --games %d (the table's 'detectable' column says what they can "
                   "detect)\n",
                s->played, games, s->plan_cap);
    else
        fprintf(f, "  played %d %s (--run)\n", s->played, games);
    for (int i = 0; s->plan_run && i < s->nplan; i++) { /* did the pilot's sd hold? */
        const sim_plan_item *p = &s->plan[i];
        char name[48];
        sim_row r = {(fc_sim_metric)p->metric, p->arg};
        sim_row_name(&r, name, sizeof name);
        if (isnan(p->run_mde)) {
            fprintf(f, "  after the run: %s did not vary\n", name);
            continue;
        }
        fprintf(f, "  after the run: %s detectable %.4g (sd %.4f over the %d %s)", name, p->run_mde, p->run_sd,
                s->played, games);
        if (p->run_mde > p->effect)
            fprintf(f, ", above the effect %g: the pilot's sd was low; these games' sd asks for %ld\n", p->effect,
                    p->run_needed);
        else
            fprintf(f, ", within the effect %g\n", p->effect);
    }
}

void sim_plan_json(cli_json *j, const sim_cli *s)
{
    cli_json_key(j, "plan");
    cli_json_obj(j);
    cli_json_key(j, "confidence");
    cli_json_num(j, 0.95);
    cli_json_key(j, "power");
    cli_json_num(j, 0.80);
    cli_json_key(j, "paired");
    cli_json_bool(j, s->ndesigns > 1);
    cli_json_key(j, "pilot");
    cli_json_int(j, s->pilot);
    cli_json_key(j, "targets");
    cli_json_arr(j);
    for (int i = 0; i < s->nplan; i++) {
        const sim_plan_item *p = &s->plan[i];
        char name[48];
        sim_row r = {(fc_sim_metric)p->metric, p->arg};
        sim_row_name(&r, name, sizeof name);
        cli_json_obj(j);
        cli_json_key(j, "metric");
        cli_json_str(j, name);
        cli_json_key(j, "effect");
        cli_json_num(j, p->effect);
        cli_json_key(j, "pilot_mean");
        cli_json_num(j, p->mean);
        cli_json_key(j, "pilot_sd");
        cli_json_num(j, p->sd);
        cli_json_key(j, "games_needed");
        if (p->needed > 0)
            cli_json_int(j, p->needed);
        else
            cli_json_null(j);
        if (s->plan_run) { /* what the run's games detect, from their own sd */
            cli_json_key(j, "run_sd");
            cli_json_num(j, p->run_sd);
            cli_json_key(j, "run_mde");
            if (isnan(p->run_mde))
                cli_json_null(j);
            else
                cli_json_num(j, p->run_mde);
            cli_json_key(j, "run_games_needed");
            if (p->run_needed > 0)
                cli_json_int(j, p->run_needed);
            else
                cli_json_null(j);
        }
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
    cli_json_key(j, "games_needed");
    cli_json_int(j, s->plan_games);
    cli_json_key(j, "run");
    cli_json_bool(j, s->plan_run);
    cli_json_key(j, "capped");
    cli_json_bool(j, s->plan_run && s->plan_games > s->plan_cap);
    cli_json_key(j, "played");
    cli_json_int(j, s->played);
    cli_json_end_obj(j);
}
