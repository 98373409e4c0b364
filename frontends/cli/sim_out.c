/* Output of `formicary sim`: CSV (one row per game), JSON (summary) and an SVG chart. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim_cli.h"

/* A quoted CSV field (specs contain commas; quotes are doubled). */
static void sim_csv_str(FILE *f, const char *s)
{
    fputs(",\"", f);
    for (; *s; s++)
        fputs(*s == '"' ? "\"\"" : (char[2]){*s, 0}, f);
    fputc('"', f);
}

double sim_row_mde(const fc_stats_diff *d) { return fc_stats_mde(d->sd, d->n); }

void sim_print_compared(const sim_cli *s, FILE *f, const char *prefix)
{
    char text[8192];
    cli_seats_text(s->seat, s->nseats, text, sizeof text);
    fprintf(f, "%sagents: %s (", prefix, text);
    if (s->cfg.fixed_seats)
        fprintf(f, "fixed seats: agent k sits in seat k)\n");
    else
        fprintf(f, "seats rotate: agent k sits in seat k + i, mod %d, in game i)\n", s->nseats);
    cli_rules_text(s->d[0].rules, text, sizeof text);
    fprintf(f, "%s%s%s\n", prefix, s->ndesigns > 1 ? "A: " : "rules: ", text);
    if (s->ndesigns > 1) {
        cli_design_b_text(s->d[0].rules, s->d[1].rules, text, sizeof text);
        fprintf(f, "%s%s\n", prefix, text);
    }
}

void sim_json_compared(cli_json *j, const sim_cli *s)
{
    cli_json_key(j, "agents_by_seat"); /* the seats of game 1 (they rotate unless fixed_seats) */
    cli_json_arr(j);
    for (int k = 0; k < s->nseats; k++) {
        cli_json_obj(j);
        cli_json_key(j, "seat");
        cli_json_int(j, k + 1);
        cli_seat_json_members(j, &s->seat[k]);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
    if (s->ndesigns > 1)
        cli_diff_json(j, "difference", s->d[0].rules, s->d[1].rules);
}

/* The commented header of the CSV files: what was compared, so a file read alone says it. */
static void sim_csv_header(FILE *f, const sim_cli *s, const char *what)
{
    cli_csv_comment(f, "formicary sim %s: %s; %d seats, %d games%s, seed %llu (game i: seeds from (seed, i)), %s seats, "
                       "max decisions %ld%s%s",
                    s->game, what, s->nseats, s->played, s->ndesigns > 1 ? " per design (paired)" : "",
                    (unsigned long long)s->seed, s->cfg.fixed_seats ? "fixed" : "rotating",
                    s->cfg.max_decisions > 0 ? s->cfg.max_decisions : 100000L, s->cfg.opening ? ", random openings" : "",
                    s->position ? ", from a position" : "");
    char text[8192];
    cli_seats_text(s->seat, s->nseats, text, sizeof text);
    cli_csv_comment(f, "agents: %s", text);
    cli_rules_text(s->d[0].rules, text, sizeof text);
    cli_csv_comment(f, "%s%s", s->ndesigns > 1 ? "A: " : "rules: ", text);
    if (s->ndesigns > 1) {
        cli_design_b_text(s->d[0].rules, s->d[1].rules, text, sizeof text);
        cli_csv_comment(f, "%s", text);
    }
}

int sim_write_csv(const sim_cli *s, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    sim_csv_header(f, s, "one row per game and design");
    fputs("design,rules,variant,variant_hash,params_hash,game,seed", f);
    for (int i = 0; i < s->nseats; i++)
        fprintf(f, ",agent_%d,score_%d,rank_%d", i + 1, i + 1, i + 1);
    fputs(",winners,timeout,rounds,decisions,chance,choice_points,branching,lead_changes,drama,seconds\n", f);
    for (int k = 0; k < s->ndesigns; k++) {
        const design *d = &s->d[k];
        for (int i = 0; i < s->played; i++) {
            const fc_sim_game *g = &d->games[i];
            fputs(d->label, f);
            sim_csv_str(f, fc_rules_name(d->rules));
            sim_csv_str(f, fc_rules_variant_name(d->rules));
            fprintf(f, ",%s,%016llx,%d,%llu", d->variant_hash, (unsigned long long)d->params_hash, g->index,
                    (unsigned long long)g->seed);
            for (int seat = 0; seat < s->nseats; seat++) {
                sim_csv_str(f, s->spec[g->agent_at[seat]]);
                fprintf(f, ",%d,%d", (int)g->score[seat], g->rank[seat] + 1);
            }
            fprintf(f, ",%d,%d,%d,%ld,%ld,%ld,%.4f,%d,%.4f,%.4f\n", g->winners, g->timeout ? 1 : 0, g->rounds,
                    g->decisions, g->chance, g->choice_points, g->branching, g->lead_changes, g->drama, g->seconds);
        }
    }
    return cli_finish_output(o);
}

static void sim_json_summary(cli_json *j, const fc_stats_summary *m)
{
    cli_json_obj(j);
    const char *k[7] = {"mean", "sd", "min", "q1", "median", "q3", "max"};
    double v[7] = {m->mean, m->sd, m->min, m->q1, m->median, m->q3, m->max};
    for (int i = 0; i < 7; i++) {
        cli_json_key(j, k[i]);
        cli_json_num(j, v[i]);
    }
    cli_json_end_obj(j);
}

static void sim_json_share(cli_json *j, double wins, int n)
{
    double lo, hi;
    fc_stats_wilson(wins, n, FC_Z95, &lo, &hi);
    cli_json_obj(j);
    cli_json_key(j, "mean");
    cli_json_num(j, n ? wins / n : 0);
    cli_json_key(j, "lo");
    cli_json_num(j, lo);
    cli_json_key(j, "hi");
    cli_json_num(j, hi);
    cli_json_end_obj(j);
}

/* A design's "agents": each seat's agent with its win share, score and margin (and CPU). */
static void sim_json_agents(cli_json *j, const sim_cli *s, const design *d)
{
    int n = s->played;
    cli_json_key(j, "agents");
    cli_json_arr(j);
    for (int k = 0; k < s->nseats; k++) {
        cli_json_obj(j);
        cli_seat_json_members(j, &s->seat[k]);
        cli_json_key(j, "win_share");
        sim_json_share(j, sim_sum(s, d, FC_SIM_WIN_SHARE, k), n);
        fc_stats_summary sm;
        fc_sim_metric which[2] = {FC_SIM_SCORE, FC_SIM_AGENT_MARGIN};
        for (int w = 0; w < 2; w++) {
            double *v = sim_values(s, d, n, which[w], k);
            fc_stats_describe(v ? v : (double[1]){0}, v ? (size_t)n : 0, &sm);
            free(v);
            cli_json_key(j, w ? "margin" : "score");
            sim_json_summary(j, &sm);
        }
        if (s->cfg.agent_cpu) {
            long nd;
            double cpu = sim_agent_cpu(s, d, k, &nd);
            cli_json_key(j, "cpu_ms_per_decision");
            cli_json_num(j, cpu * 1e3);
            cli_json_key(j, "timed_decisions");
            cli_json_int(j, (int)nd);
        }
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
}

static void sim_json_design(cli_json *j, const sim_cli *s, const design *d)
{
    int n = s->played;
    cli_json_obj(j);
    cli_json_key(j, "design");
    cli_json_str(j, d->label);
    cli_json_key(j, "rules");
    cli_json_str(j, fc_rules_name(d->rules));
    cli_json_key(j, "variant");
    cli_json_str(j, fc_rules_variant_name(d->rules));
    cli_json_key(j, "variant_hash");
    cli_json_str(j, d->variant_hash);
    cli_rules_json(j, "rule_set", d->rules);
    char ph[20];
    snprintf(ph, sizeof ph, "%016llx", (unsigned long long)d->params_hash);
    cli_json_key(j, "params_hash");
    cli_json_str(j, ph);
    sim_json_agents(j, s, d);
    cli_json_key(j, "seats");
    cli_json_arr(j);
    double smin = 1, smax = 0;
    for (int seat = 0; seat < s->nseats; seat++) {
        double w = sim_sum(s, d, FC_SIM_SEAT_WIN, seat);
        smin = n && w / n < smin ? w / n : smin;
        smax = n && w / n > smax ? w / n : smax;
        cli_json_obj(j);
        cli_json_key(j, "seat");
        cli_json_int(j, seat + 1);
        cli_json_key(j, "win_share");
        sim_json_share(j, w, n);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
    cli_json_key(j, "first_player_advantage");
    cli_json_num(j, (n ? sim_sum(s, d, FC_SIM_SEAT_WIN, 0) / n : 0) - 1.0 / s->nseats);
    cli_json_key(j, "balance");
    cli_json_num(j, 1 - (smax - smin));
    const char *counts[3] = {"shared_wins", "draws", "timeouts"};
    for (int i = 0; i < 3; i++) {
        cli_json_key(j, counts[i]);
        cli_json_int(j, sim_count(s, d, i));
    }
    cli_json_key(j, "metrics");
    cli_json_obj(j);
    for (int m = 0; m < SIM_NGAME_METRICS; m++) {
        fc_stats_summary sm;
        double *v = sim_values(s, d, n, sim_game_metrics[m], 0);
        fc_stats_describe(v ? v : (double[1]){0}, v ? (size_t)n : 0, &sm);
        free(v);
        cli_json_key(j, fc_sim_metric_name(sim_game_metrics[m]));
        sim_json_summary(j, &sm);
    }
    cli_json_end_obj(j);
    cli_json_end_obj(j);
}

/* With --until-significant and a stop: the metric, the looks and the look it stopped at. */
static void sim_json_sequential(cli_json *j, const sim_cli *s)
{
    cli_json_key(j, "sequential");
    cli_json_obj(j);
    sim_row r = {(fc_sim_metric)s->seq_metric, s->seq_arg};
    char name[48];
    sim_row_name(&r, name, sizeof name);
    cli_json_key(j, "metric");
    cli_json_str(j, name);
    cli_json_key(j, "looks");
    cli_json_int(j, s->looks);
    cli_json_key(j, "stopped_at_look");
    cli_json_int(j, s->stopped_look);
    cli_json_key(j, "significant");
    cli_json_bool(j, s->seq_result == FC_SEQ_SIGNIFICANT);
    cli_json_end_obj(j);
}

/* An A/B run: the correction, then a row per metric with both designs named and B - A. */
static void sim_json_comparison(cli_json *j, const sim_cli *s)
{
    sim_row rows[2 * FC_MAX_SEATS + 16];
    fc_stats_diff diff[2 * FC_MAX_SEATS + 16];
    double padj[2 * FC_MAX_SEATS + 16];
    int nrows = sim_comparison(s, rows, diff, padj);
    cli_json_key(j, "correction");
    cli_json_str(j, fc_stats_correction_name(s->correction));
    cli_json_key(j, "alpha");
    cli_json_num(j, SIM_ALPHA);
    cli_json_key(j, "comparison");
    cli_json_arr(j);
    for (int i = 0; i < nrows; i++) {
        const fc_stats_diff *df = &diff[i];
        char name[48];
        sim_row_name(&rows[i], name, sizeof name);
        cli_json_obj(j);
        char pa[20], pb[20];
        snprintf(pa, sizeof pa, "%016llx", (unsigned long long)s->d[0].params_hash);
        snprintf(pb, sizeof pb, "%016llx", (unsigned long long)s->d[1].params_hash);
        const char *keys[] = {"metric",  "rules_a",   "variant_a",      "variant_hash_a", "params_hash_a",
                              "rules_b", "variant_b", "variant_hash_b", "params_hash_b"};
        const char *vals[] = {name, fc_rules_name(s->d[0].rules), fc_rules_variant_name(s->d[0].rules),
                              s->d[0].variant_hash, pa, fc_rules_name(s->d[1].rules),
                              fc_rules_variant_name(s->d[1].rules), s->d[1].variant_hash, pb};
        for (int q = 0; q < 9; q++) {
            cli_json_key(j, keys[q]);
            cli_json_str(j, vals[q]);
        }
        const char *nk[] = {"a", "b", "diff", "lo", "hi", "p", "p_adjusted", "sd_diff", "mde"};
        double nv[] = {df->mean_a, df->mean_b, df->diff, df->lo, df->hi, df->p, padj[i], df->sd, sim_row_mde(df)};
        for (int q = 0; q < 9; q++) {
            cli_json_key(j, nk[q]);
            cli_json_num(j, nv[q]);
        }
        cli_json_key(j, "significant"); /* after the correction */
        cli_json_bool(j, padj[i] < SIM_ALPHA);
        cli_json_key(j, "ci_excludes_zero"); /* the unadjusted 95% interval */
        cli_json_bool(j, df->significant);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
    if (s->stopped_look)
        sim_json_sequential(j, s);
}

int sim_write_json(const sim_cli *s, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    cli_json j;
    cli_json_init(&j, f);
    cli_json_obj(&j);
    cli_json_key(&j, "game");
    cli_json_str(&j, s->game);
    cli_json_key(&j, "seats");
    cli_json_int(&j, s->nseats);
    cli_json_key(&j, "games");
    cli_json_int(&j, s->played);
    cli_json_key(&j, "seed");
    cli_json_int(&j, (long long)s->seed);
    cli_json_key(&j, "threads");
    cli_json_int(&j, s->threads);
    cli_json_key(&j, "fixed_seats");
    cli_json_bool(&j, s->cfg.fixed_seats);
    cli_json_key(&j, "opening");
    cli_json_int(&j, s->cfg.opening);
    cli_json_key(&j, "seconds");
    cli_json_num(&j, s->seconds);
    cli_json_key(&j, "games_per_sec");
    cli_json_num(&j, s->seconds > 0 ? s->played * s->ndesigns / s->seconds : 0);
    sim_json_compared(&j, s);
    if (s->nplan)
        sim_plan_json(&j, s);
    cli_json_key(&j, "designs");
    cli_json_arr(&j);
    for (int k = 0; k < s->ndesigns; k++)
        sim_json_design(&j, s, &s->d[k]);
    cli_json_end_arr(&j);
    if (s->ndesigns > 1)
        sim_json_comparison(&j, s);
    else
        sim_detect_json(&j, s);
    cli_json_end_obj(&j);
    fputc('\n', f);
    return cli_finish_output(o);
}

int sim_write_comparison_csv(const sim_cli *s, const char *path)
{
    sim_row rows[2 * FC_MAX_SEATS + 16];
    fc_stats_diff diff[2 * FC_MAX_SEATS + 16];
    double padj[2 * FC_MAX_SEATS + 16];
    int nrows = sim_comparison(s, rows, diff, padj);
    if (nrows < 0)
        return cli_fail("out of memory");
    fc_outfile *o = cli_open_output(path);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    sim_csv_header(f, s, "the A/B comparison, one row per metric (mde: the smallest difference detectable with 80% "
                         "power at 95% confidence)");
    fputs("metric,games,a,b,diff,lo,hi,p,correction,p_adjusted,significant,sd_diff,mde\n", f);
    for (int i = 0; i < nrows; i++) {
        char name[48];
        sim_row_name(&rows[i], name, sizeof name);
        const fc_stats_diff *d = &diff[i];
        double mde = sim_row_mde(d);
        fprintf(f, "%s,%d,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%s,%.6g,%d,%.6g,", name, s->played, d->mean_a, d->mean_b, d->diff,
                d->lo, d->hi, d->p, fc_stats_correction_name(s->correction), padj[i], padj[i] < SIM_ALPHA, d->sd);
        if (isnan(mde)) /* no variation: nothing to say (an empty field) */
            fputc('\n', f);
        else
            fprintf(f, "%.6g\n", mde);
    }
    return cli_finish_output(o);
}

/* Text for SVG/XML: &, < and > escaped (rule-set names come from user files). */
static void sim_xml(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '&')
            fputs("&amp;", f);
        else if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else
            fputc(*s, f);
    }
}

/* SVG: per agent and design, a win-share bar with its Wilson interval (left panel) and a box
 * plot of final scores (right panel). */
int sim_write_svg(const sim_cli *s, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    static const char *const colour[2] = {"#4878a8", "#d8772f"};
    int nd = s->ndesigns, rowh = 22, top = 50, rows = s->nseats * nd;
    int width = 760, height = top + rows * rowh + 44 + 16 * nd, lx = 170, lw = 240, rx = 470, rw = 260;
    fc_stats_summary sc[2][FC_MAX_SEATS];
    double smin = 0, smax = 1;
    for (int k = 0; k < nd; k++)
        for (int a = 0; a < s->nseats; a++) {
            double *v = sim_values(s, &s->d[k], s->played, FC_SIM_SCORE, a);
            fc_stats_describe(v ? v : (double[1]){0}, v ? (size_t)s->played : 0, &sc[k][a]);
            free(v);
            smin = (k || a) && smin < sc[k][a].min ? smin : sc[k][a].min;
            smax = (k || a) && smax > sc[k][a].max ? smax : sc[k][a].max;
        }
    if (smax <= smin)
        smax = smin + 1;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
               "font-size=\"12\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            width, height);
    fprintf(f, "<text x=\"10\" y=\"20\" font-size=\"15\">%s: %d games, seed %llu</text>\n", s->game, s->played,
            (unsigned long long)s->seed);
    fprintf(f, "<text x=\"%d\" y=\"40\">win share (95%% Wilson interval)</text>\n", lx);
    fprintf(f, "<text x=\"%d\" y=\"40\">final score (min, quartiles, max)</text>\n", rx);
    for (int a = 0; a < s->nseats; a++)
        for (int k = 0; k < nd; k++) {
            const design *d = &s->d[k];
            int y = top + (a * nd + k) * rowh;
            double n = s->played, w = sim_sum(s, d, FC_SIM_WIN_SHARE, a), lo, hi;
            fc_stats_wilson(w, n, FC_Z95, &lo, &hi);
            double share = n > 0 ? w / n : 0;
            char label[32];
            snprintf(label, sizeof label, "%.24s", s->spec[a]);
            fprintf(f, "<text x=\"10\" y=\"%d\">%s%s", y + 15, nd > 1 ? d->label : "", nd > 1 ? " " : "");
            sim_xml(f, label);
            fputs("</text>\n", f);
            fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"14\" fill=\"%s\"/>\n", lx, y + 3, share * lw,
                    colour[k]);
            fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", lx + lo * lw,
                    lx + hi * lw, y + 10, y + 10);
            fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\">%.3f</text>\n", lx + lw + 4, y + 14, share);
            const fc_stats_summary *m = &sc[k][a];
#define SX(v) (rx + ((v)-smin) / (smax - smin) * rw)
            fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", SX(m->min), SX(m->max),
                    y + 10, y + 10);
            fprintf(f,
                    "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"14\" fill=\"%s\" stroke=\"black\"/>\n"
                    "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"white\" stroke-width=\"2\"/>\n",
                    SX(m->q1), y + 3, SX(m->q3) - SX(m->q1), colour[k], SX(m->median), SX(m->median), y + 3, y + 17);
#undef SX
        }
    int ay = top + rows * rowh + 10;
    fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", lx, lx + lw, ay, ay);
    fprintf(f, "<text x=\"%d\" y=\"%d\">0</text><text x=\"%d\" y=\"%d\">0.5</text><text x=\"%d\" y=\"%d\">1</text>\n",
            lx, ay + 14, lx + lw / 2 - 8, ay + 14, lx + lw - 6, ay + 14);
    fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", rx, rx + rw, ay, ay);
    fprintf(f, "<text x=\"%d\" y=\"%d\">%g</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%g</text>\n", rx, ay + 14,
            smin, rx + rw, ay + 14, smax);
    cli_svg_designs(f, s->d[0].rules, nd > 1 ? s->d[1].rules : NULL, ay + 36, colour);
    fputs("</svg>\n", f);
    return cli_finish_output(o);
}

/* ---- the command ---- */

