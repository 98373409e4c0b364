/* `formicary sensitivity` files: CSV (one row per metric and parameter), JSON, and the HTML page
 * with the ranked table and a tornado chart per metric (sens_cli.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "sens_cli.h"

/* ---- CSV ---- */

static void csv_num(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, ",%.6g", v);
    else
        fputs(",", f);
}

int sens_write_csv(const sens_cli *s, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    FILE *f = o ? fc_outfile_stream(o) : NULL;
    if (!f)
        return CLI_EXIT_FAIL;
    const fc_sens_config *c = &s->cfg;
    const fc_sens_result *r = s->res;
    char text[4096];
    cli_csv_comment(f, "formicary sensitivity %s: method %s, %d games per point, seed %llu%s", s->game,
                    fc_sens_method_name(c->method), c->games, (unsigned long long)c->seed,
                    c->method == FC_SENS_MORRIS ? " (Morris: elementary effects over the whole range)" : "");
    cli_seats_text(s->seat, c->nseats, text, sizeof text);
    cli_csv_comment(f, "agents: %s (seats rotate)", text);
    cli_rules_text(s->base, text, sizeof text);
    cli_csv_comment(f, "base rules: %s", text);
    fputs("metric,rank,parameter,lo,hi,base,baseline,mean_low,effect_low,effect_low_lo,effect_low_hi,mean_high,"
          "effect_high,effect_high_lo,effect_high_hi,mu_star,mu_star_lo,mu_star_hi,mu,mu_lo,mu_hi,sigma,sigma_lo,"
          "sigma_hi,effects,significant\n",
          f);
    for (int m = 0; m < r->nmetrics; m++)
        for (int k = 0; k < r->nparams; k++) {
            int p = r->rank[m * r->nparams + k];
            const fc_sens_cell *x = fc_sens_at(r, p, m);
            fprintf(f, "%s,%d,%s,%lld,%lld,%lld", c->metric[m].name, k + 1, c->param[p].name, (long long)r->low[p],
                    (long long)r->high[p], (long long)c->base[p]);
            const double v[] = {r->baseline[m].value, x->mean_low, x->low.value, x->low.lo, x->low.hi, x->mean_high,
                                x->high.value, x->high.lo, x->high.hi, x->mu_star.value, x->mu_star.lo,
                                x->mu_star.hi, x->mu.value, x->mu.lo, x->mu.hi, x->sigma.value, x->sigma.lo,
                                x->sigma.hi};
            for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
                csv_num(f, v[i]);
            fprintf(f, ",%d,%d\n", x->effects, x->significant ? 1 : 0);
        }
    return cli_finish_output(o);
}

/* ---- JSON ---- */

static void json_est(cli_json *j, const char *key, const fc_sens_est *e)
{
    cli_json_key(j, key);
    cli_json_obj(j);
    const char *k[3] = {"value", "lo", "hi"};
    const double v[3] = {e->value, e->lo, e->hi};
    for (int i = 0; i < 3; i++) {
        cli_json_key(j, k[i]);
        isfinite(v[i]) ? cli_json_num(j, v[i]) : cli_json_null(j);
    }
    cli_json_end_obj(j);
}

static void json_params(cli_json *j, const sens_cli *s)
{
    const fc_sens_result *r = s->res;
    cli_json_key(j, "params");
    cli_json_arr(j);
    for (int p = 0; p < r->nparams; p++) {
        cli_json_obj(j);
        cli_json_key(j, "name");
        cli_json_str(j, s->cfg.param[p].name);
        const char *k[3] = {"lo", "hi", "base"};
        const int64_t v[3] = {r->low[p], r->high[p], s->cfg.base[p]};
        for (int i = 0; i < 3; i++) {
            char text[64];
            sens_value_text(s, p, v[i], text, sizeof text);
            cli_json_key(j, k[i]);
            cli_json_str(j, text);
        }
        cli_json_key(j, "low_refused");
        r->low_error[p][0] ? cli_json_str(j, r->low_error[p]) : cli_json_null(j);
        cli_json_key(j, "high_refused");
        r->high_error[p][0] ? cli_json_str(j, r->high_error[p]) : cli_json_null(j);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
}

static void json_metric(cli_json *j, const sens_cli *s, int m)
{
    const fc_sens_result *r = s->res;
    cli_json_obj(j);
    cli_json_key(j, "metric");
    cli_json_str(j, s->cfg.metric[m].name);
    json_est(j, "baseline", &r->baseline[m]);
    cli_json_key(j, "ranking");
    cli_json_arr(j);
    for (int k = 0; k < r->nparams; k++) {
        int p = r->rank[m * r->nparams + k];
        const fc_sens_cell *x = fc_sens_at(r, p, m);
        cli_json_obj(j);
        cli_json_key(j, "param");
        cli_json_str(j, s->cfg.param[p].name);
        cli_json_key(j, "importance");
        isfinite(x->importance) ? cli_json_num(j, x->importance) : cli_json_null(j);
        cli_json_key(j, "significant");
        cli_json_bool(j, x->significant);
        if (r->method == FC_SENS_OAT) {
            json_est(j, "effect_low", &x->low);
            json_est(j, "effect_high", &x->high);
            cli_json_key(j, "mean_low");
            isfinite(x->mean_low) ? cli_json_num(j, x->mean_low) : cli_json_null(j);
            cli_json_key(j, "mean_high");
            isfinite(x->mean_high) ? cli_json_num(j, x->mean_high) : cli_json_null(j);
        } else {
            json_est(j, "mu_star", &x->mu_star);
            json_est(j, "mu", &x->mu);
            json_est(j, "sigma", &x->sigma);
            cli_json_key(j, "effects");
            cli_json_int(j, x->effects);
        }
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
    cli_json_end_obj(j);
}

int sens_write_json(const sens_cli *s, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    FILE *f = o ? fc_outfile_stream(o) : NULL;
    if (!f)
        return CLI_EXIT_FAIL;
    const fc_sens_config *c = &s->cfg;
    const fc_sens_result *r = s->res;
    cli_json j;
    cli_json_init(&j, f);
    cli_json_obj(&j);
    cli_json_key(&j, "game");
    cli_json_str(&j, s->game);
    cli_json_key(&j, "method");
    cli_json_str(&j, fc_sens_method_name(c->method));
    cli_json_key(&j, "seed");
    cli_json_int(&j, (long long)c->seed);
    const char *ik[9] = {"players", "threads", "games_per_point", "levels", "trajectories", "points", "refused",
                         "games", "opening"};
    const long iv[9] = {c->nseats, c->threads, c->games, c->method == FC_SENS_MORRIS ? c->levels : 0,
                        c->method == FC_SENS_MORRIS ? c->trajectories : 0, r->points, r->invalid, r->games,
                        c->opening};
    for (int i = 0; i < 9; i++) {
        cli_json_key(&j, ik[i]);
        cli_json_int(&j, iv[i]);
    }
    cli_json_key(&j, "seconds");
    cli_json_num(&j, r->seconds);
    cli_rules_json(&j, "rule_set", s->base);
    cli_json_key(&j, "agents_by_seat");
    cli_json_arr(&j);
    for (int k = 0; k < c->nseats; k++) {
        cli_json_obj(&j);
        cli_json_key(&j, "seat");
        cli_json_int(&j, k + 1);
        cli_seat_json_members(&j, &s->seat[k]);
        cli_json_end_obj(&j);
    }
    cli_json_end_arr(&j);
    json_params(&j, s);
    cli_json_key(&j, "metrics");
    cli_json_arr(&j);
    for (int m = 0; m < r->nmetrics; m++)
        json_metric(&j, s, m);
    cli_json_end_arr(&j);
    cli_json_end_obj(&j);
    fputc('\n', f);
    return cli_finish_output(o);
}

/* ---- HTML ---- */

/* The ranked table of metric m (every parameter). */
static int html_table(cli_html *h, const sens_cli *s, int m)
{
    const fc_sens_result *r = s->res;
    bool oat = r->method == FC_SENS_OAT;
    enum { NC = 6 };
    const char **cells = calloc((size_t)(r->nparams + 1) * NC, sizeof *cells);
    char(*buf)[NC][192] = calloc((size_t)r->nparams, sizeof *buf);
    if (!cells || !buf) {
        free(cells);
        free(buf);
        return -1;
    }
    const char *head_oat[NC] = {"rank", "parameter", "base", "low: effect [95%]", "high: effect [95%]", "significant"};
    const char *head_mor[NC] = {"rank", "parameter", "range", "mu* [95%]", "sigma [95%]", "effects"};
    memcpy(cells, oat ? head_oat : head_mor, sizeof head_oat);
    for (int k = 0; k < r->nparams; k++) {
        int p = r->rank[m * r->nparams + k];
        const fc_sens_cell *x = fc_sens_at(r, p, m);
        char lo[48], hi[48], v[32], a[32], b[32];
        sens_value_text(s, p, r->low[p], lo, sizeof lo);
        sens_value_text(s, p, r->high[p], hi, sizeof hi);
        snprintf(buf[k][0], 192, "%d", k + 1);
        const fc_sens_est *e1 = oat ? &x->low : &x->mu_star, *e2 = oat ? &x->high : &x->sigma;
        for (int i = 0; i < 2; i++) {
            const fc_sens_est *e = i ? e2 : e1;
            sens_num(s, m, e->value, v, sizeof v);
            sens_num(s, m, e->lo, a, sizeof a);
            sens_num(s, m, e->hi, b, sizeof b);
            const char *refused = oat ? (i ? r->high_error[p] : r->low_error[p]) : "";
            if (refused[0])
                snprintf(buf[k][2 + i], 192, "%s: refused", i ? hi : lo);
            else if (oat)
                snprintf(buf[k][2 + i], 192, "%s: %s [%s, %s]", i ? hi : lo, v, a, b);
            else
                snprintf(buf[k][2 + i], 192, "%s [%s, %s]", v, a, b);
        }
        if (oat)
            sens_value_text(s, p, s->cfg.base[p], buf[k][1], 192);
        else
            snprintf(buf[k][1], 192, "%s..%s", lo, hi);
        snprintf(buf[k][4], 192, "%s", oat ? (x->significant ? "yes" : "") : "");
        if (!oat)
            snprintf(buf[k][4], 192, "%d", x->effects);
        const char *row[NC] = {buf[k][0], s->cfg.param[p].name, buf[k][1], buf[k][2], buf[k][3], buf[k][4]};
        memcpy(cells + (k + 1) * NC, row, sizeof row);
    }
    cli_html_table(h, NC, r->nparams + 1, cells);
    free(cells);
    free(buf);
    return 0;
}

/* The tornado of metric m: OAT the metric at each end around the baseline; Morris mu* from 0. */
static int html_tornado(cli_html *h, const sens_cli *s, int m)
{
    const fc_sens_result *r = s->res;
    bool oat = r->method == FC_SENS_OAT;
    cli_html_tornado_row *row = calloc((size_t)r->nparams, sizeof *row);
    char(*text)[2][64] = calloc((size_t)r->nparams, sizeof *text);
    if (!row || !text) {
        free(row);
        free(text);
        return -1;
    }
    double base = oat ? r->baseline[m].value : 0;
    for (int k = 0; k < r->nparams; k++) {
        int p = r->rank[m * r->nparams + k];
        const fc_sens_cell *x = fc_sens_at(r, p, m);
        row[k].label = s->cfg.param[p].name;
        if (oat) {
            sens_value_text(s, p, r->low[p], text[k][0], 64);
            sens_value_text(s, p, r->high[p], text[k][1], 64);
            row[k].low_text = text[k][0];
            row[k].high_text = text[k][1];
            row[k].low = base + x->low.value, row[k].low_lo = base + x->low.lo, row[k].low_hi = base + x->low.hi;
            row[k].high = base + x->high.value, row[k].high_lo = base + x->high.lo;
            row[k].high_hi = base + x->high.hi;
        } else {
            char lo[24], hi[24];
            sens_value_text(s, p, r->low[p], lo, sizeof lo);
            sens_value_text(s, p, r->high[p], hi, sizeof hi);
            snprintf(text[k][1], 64, "%s..%s", lo, hi);
            row[k].high_text = text[k][1];
            row[k].low = row[k].low_lo = row[k].low_hi = NAN;
            row[k].high = x->mu_star.value, row[k].high_lo = x->mu_star.lo, row[k].high_hi = x->mu_star.hi;
        }
    }
    char title[256], axis[160];
    const char *mn = s->cfg.metric[m].name;
    if (oat) {
        snprintf(title, sizeof title, "%s: each parameter at its low and high end (baseline dashed, whiskers 95%%)",
                 mn);
        snprintf(axis, sizeof axis, "%s (mean over the games of a point)", mn);
    } else {
        snprintf(title, sizeof title, "%s: mu*, the mean |elementary effect| (whiskers 95%% bootstrap)", mn);
        snprintf(axis, sizeof axis, "mu* of %s (change over the whole range)", mn);
    }
    cli_html_tornado(h, title, axis, row, r->nparams, base, oat ? "low end" : NULL, oat ? "high end" : "mu*");
    free(row);
    free(text);
    return 0;
}

int sens_write_html(const sens_cli *s, const char *path)
{
    const fc_sens_config *c = &s->cfg;
    const fc_sens_result *r = s->res;
    char title[160], rules[4096], seats[4096];
    snprintf(title, sizeof title, "formicary sensitivity: %s", s->game);
    cli_html *h = cli_html_begin(path, title);
    if (!h)
        return CLI_EXIT_FAIL;
    cli_html_heading(h, "Sensitivity");
    cli_rules_text(s->base, rules, sizeof rules);
    cli_seats_text(s->seat, c->nseats, seats, sizeof seats);
    if (c->method == FC_SENS_MORRIS)
        cli_html_text(h, "Elementary effects (Morris): %d trajectories over %d levels, %d parameters, %d games per "
                         "point (the same deals at every point), seed %llu; %d points (%d refused by the game), %ld "
                         "games in %.1f s. Rules: %s. Agents: %s.",
                      c->trajectories, c->levels, c->nparams, c->games, (unsigned long long)c->seed, r->points,
                      r->invalid, r->games, r->seconds, rules, seats);
    else
        cli_html_text(h, "One at a time: %d parameters each at its low and high end, the others at the base values; "
                         "%d games per point (the same deals at every point), seed %llu; %d points (%d refused by the "
                         "game), %ld games in %.1f s. Rules: %s. Agents: %s.",
                      c->nparams, c->games, (unsigned long long)c->seed, r->points, r->invalid, r->games, r->seconds,
                      rules, seats);
    cli_html_text(h, "%s docs/metrics.md, \"Sensitivity\".",
                  c->method == FC_SENS_MORRIS
                      ? "mu* ranks the parameters (mean |effect| scaled to the whole range); a sigma near mu* means "
                        "the effect depends on the other parameters or is not linear."
                      : "An effect is the paired difference from the baseline over the same deals, with its 95% t "
                        "interval; parameters are ranked by the larger |effect| of their two ends.");
    int rc = 0;
    for (int m = 0; rc == 0 && m < c->nmetrics; m++) {
        char head[96], base[64], lo[32], hi[32];
        snprintf(head, sizeof head, "%s", c->metric[m].name);
        cli_html_heading(h, head);
        sens_num(s, m, r->baseline[m].value, base, sizeof base);
        sens_num(s, m, r->baseline[m].lo, lo, sizeof lo);
        sens_num(s, m, r->baseline[m].hi, hi, sizeof hi);
        cli_html_text(h, "Baseline %s [%s, %s].", base, lo, hi);
        rc = html_table(h, s, m);
        if (rc == 0)
            rc = html_tornado(h, s, m);
    }
    if (rc != 0) {
        cli_html_end(h);
        return cli_fail("out of memory");
    }
    return cli_html_end(h);
}
