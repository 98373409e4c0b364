/* Files of `formicary tune`: every candidate as CSV or JSON, the winner as a rule-set INI that
 * --rules reads, and the HTML report (the front, the candidates, the progress). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "tune_cli.h"


static const char *tune_rel(fc_tune_rel r) { return r == FC_TUNE_EQ ? "=" : r == FC_TUNE_LE ? "<=" : ">="; }

/* A CSV number: empty when not finite (an invalid candidate). */
static void csv_num(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, ",%.6g", v);
    else
        fputs(",", f);
}

/* The commented header of the CSV: what was searched, with which agents and base rules. */
static void tune_csv_header(FILE *f, const tune_cli *t)
{
    const fc_tune_config *c = &t->cfg;
    char text[8192];
    cli_csv_comment(f, "formicary tune %s: one row per candidate; %d players, seed %llu (game i: seeds from (seed, i), "
                       "the same games for every candidate), %ld games played",
                    t->game, c->nseats, (unsigned long long)c->seed, t->res->games);
    cli_seats_text(t->seat, c->nseats, text, sizeof text);
    cli_csv_comment(f, "agents: %s (seats rotate)", text);
    cli_csv_comment(f, "base rules: %s", t->base_text);
    size_t u = 0;
    for (int d = 0; d < c->nparams && u < sizeof text; d++) {
        int w = snprintf(text + u, sizeof text - u, "%s%s=%lld..%lld:%lld", d ? ", " : "", c->param[d].name,
                         (long long)c->param[d].lo, (long long)c->param[d].hi, (long long)c->param[d].step);
        u += w > 0 ? (size_t)w : 0;
    }
    cli_csv_comment(f, "searched: %s", text);
    u = 0;
    for (int i = 0; i < c->ntargets && u < sizeof text; i++) {
        int w = snprintf(text + u, sizeof text - u, "%s%s", i ? ", " : "", c->target[i].text);
        u += w > 0 ? (size_t)w : 0;
    }
    cli_csv_comment(f, "targets: %s", text);
    cli_csv_comment(f, "mde: the smallest true difference of loss from the winner's that the games a candidate shares "
                       "with it detect (95%% confidence, 80%% power; empty: the winner, fewer than 2 games or no "
                       "variation)");
}

int tune_write_csv(const tune_cli *t, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    FILE *f = o ? fc_outfile_stream(o) : NULL;
    if (!f)
        return CLI_EXIT_FAIL;
    const fc_tune_config *c = &t->cfg;
    const fc_tune_result *r = t->res;
    tune_csv_header(f, t);
    fputs("id", f);
    for (int d = 0; d < c->nparams; d++)
        fprintf(f, ",%s", c->param[d].name);
    fputs(",games,evaluations,status,dropped_round,drop_p,front,loss,loss_lo,loss_hi,mde", f);
    for (int i = 0; i < c->ntargets; i++) {
        const char *n = c->target[i].name;
        fprintf(f, ",t%d_%s_value,t%d_%s_lo,t%d_%s_hi,t%d_%s_loss,t%d_%s_met", i + 1, n, i + 1, n, i + 1, n, i + 1, n,
                i + 1, n);
    }
    fputs(",error\n", f);
    for (int j = 0; j < r->ncandidates; j++) {
        const fc_tune_candidate *a = &r->cand[j];
        fprintf(f, "%d", a->id);
        for (int d = 0; d < c->nparams; d++) {
            char v[64];
            tune_value_text(t, d, a->value[d], v, sizeof v);
            fprintf(f, ",%s", v);
        }
        fprintf(f, ",%d,%d,%s,%d", a->games, a->evaluations, tune_status_name(a->status), a->dropped_round);
        csv_num(f, a->status == FC_TUNE_DROPPED ? a->drop_p : NAN);
        fprintf(f, ",%d", a->front ? 1 : 0);
        csv_num(f, a->loss);
        csv_num(f, a->loss_lo);
        csv_num(f, a->loss_hi);
        csv_num(f, a->mde);
        bool ok = a->games > 0 && a->status != FC_TUNE_INVALID;
        for (int i = 0; i < c->ntargets; i++) {
            const fc_tune_estimate *e = &a->est[i];
            csv_num(f, ok ? e->value : NAN);
            csv_num(f, ok ? e->lo : NAN);
            csv_num(f, ok ? e->hi : NAN);
            csv_num(f, ok ? e->loss : NAN);
            fprintf(f, ",%d", ok && e->met ? 1 : 0);
        }
        fputs(",\"", f);
        for (const char *s = a->error; *s; s++)
            fputs(*s == '"' ? "\"\"" : (char[2]){*s, 0}, f);
        fputs("\"\n", f);
    }
    return cli_finish_output(o);
}

static void json_candidate(cli_json *j, const tune_cli *t, const fc_tune_candidate *a)
{
    const fc_tune_config *c = &t->cfg;
    cli_json_obj(j);
    cli_json_key(j, "id");
    cli_json_int(j, a->id);
    cli_json_key(j, "values");
    cli_json_obj(j);
    for (int d = 0; d < c->nparams; d++) {
        cli_json_key(j, c->param[d].name);
        if (c->param[d].def && c->param[d].def->type == FC_PARAM_INT) {
            cli_json_int(j, a->value[d]);
        } else {
            char v[64];
            tune_value_text(t, d, a->value[d], v, sizeof v);
            cli_json_str(j, v);
        }
    }
    cli_json_end_obj(j);
    cli_json_key(j, "games");
    cli_json_int(j, a->games);
    cli_json_key(j, "evaluations");
    cli_json_int(j, a->evaluations);
    cli_json_key(j, "status");
    cli_json_str(j, tune_status_name(a->status));
    if (a->status == FC_TUNE_DROPPED) {
        cli_json_key(j, "dropped_round");
        cli_json_int(j, a->dropped_round);
        cli_json_key(j, "drop_bound");
        cli_json_num(j, a->drop_bound);
        cli_json_key(j, "drop_p");
        cli_json_num(j, a->drop_p);
    }
    if (a->status == FC_TUNE_INVALID) {
        cli_json_key(j, "error");
        cli_json_str(j, a->error);
    }
    cli_json_key(j, "front");
    cli_json_bool(j, a->front);
    cli_json_key(j, "loss");
    cli_json_num(j, a->loss);
    cli_json_key(j, "loss_lo");
    cli_json_num(j, a->loss_lo);
    cli_json_key(j, "loss_hi");
    cli_json_num(j, a->loss_hi);
    cli_json_key(j, "mde");
    cli_json_num(j, a->mde);
    cli_json_key(j, "targets");
    cli_json_arr(j);
    bool ok = a->games > 0 && a->status != FC_TUNE_INVALID;
    for (int i = 0; ok && i < c->ntargets; i++) {
        const fc_tune_estimate *e = &a->est[i];
        cli_json_obj(j);
        cli_json_key(j, "target");
        cli_json_str(j, c->target[i].text);
        cli_json_key(j, "value");
        cli_json_num(j, e->value);
        cli_json_key(j, "lo");
        cli_json_num(j, e->lo);
        cli_json_key(j, "hi");
        cli_json_num(j, e->hi);
        cli_json_key(j, "loss");
        cli_json_num(j, e->loss);
        cli_json_key(j, "met");
        cli_json_bool(j, e->met);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
    cli_json_end_obj(j);
}

static void json_config(cli_json *j, const tune_cli *t)
{
    const fc_tune_config *c = &t->cfg;
    cli_json_key(j, "game");
    cli_json_str(j, t->game);
    cli_json_key(j, "players");
    cli_json_int(j, c->nseats);
    cli_json_key(j, "agents");
    cli_json_arr(j);
    for (int k = 0; k < c->nseats; k++)
        cli_json_str(j, t->spec[k]);
    cli_json_end_arr(j);
    cli_json_key(j, "agents_by_seat"); /* with the tiers they came from */
    cli_json_arr(j);
    for (int k = 0; k < c->nseats; k++) {
        cli_json_obj(j);
        cli_json_key(j, "seat");
        cli_json_int(j, k + 1);
        cli_seat_json_members(j, &t->seat[k]);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
    if (t->base_done) {
        cli_rules_json(j, "rule_set", t->base_done);
    } else {
        cli_json_key(j, "rule_set");
        cli_json_null(j);
    }
    cli_json_key(j, "rules");
    cli_json_str(j, fc_rules_name(t->base));
    cli_json_key(j, "variant");
    cli_json_str(j, fc_rules_variant_name(t->base));
    cli_json_key(j, "seed");
    cli_json_int(j, (long long)c->seed);
    cli_json_key(j, "threads");
    cli_json_int(j, c->threads);
    cli_json_key(j, "budget");
    cli_json_obj(j);
    if (c->budget_games > 0) {
        cli_json_key(j, "games");
        cli_json_int(j, c->budget_games);
    } else {
        cli_json_key(j, "seconds");
        cli_json_num(j, c->budget_seconds);
    }
    cli_json_end_obj(j);
    cli_json_key(j, "deterministic");
    cli_json_bool(j, c->budget_games > 0);
    cli_json_key(j, "params");
    cli_json_arr(j);
    for (int d = 0; d < c->nparams; d++) {
        const fc_tune_param *p = &c->param[d];
        cli_json_obj(j);
        cli_json_key(j, "name");
        cli_json_str(j, p->name);
        cli_json_key(j, "lo");
        cli_json_int(j, p->lo);
        cli_json_key(j, "hi");
        cli_json_int(j, p->hi);
        cli_json_key(j, "step");
        cli_json_int(j, p->step);
        cli_json_key(j, "values");
        cli_json_int(j, p->nvalues);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
}

int tune_write_json(const tune_cli *t, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    FILE *f = o ? fc_outfile_stream(o) : NULL;
    if (!f)
        return CLI_EXIT_FAIL;
    const fc_tune_config *c = &t->cfg;
    const fc_tune_result *r = t->res;
    cli_json j;
    cli_json_init(&j, f);
    cli_json_obj(&j);
    json_config(&j, t);
    cli_json_key(&j, "targets");
    cli_json_arr(&j);
    for (int i = 0; i < c->ntargets; i++) {
        const fc_tune_target *tg = &c->target[i];
        cli_json_obj(&j);
        cli_json_key(&j, "text");
        cli_json_str(&j, tg->text);
        cli_json_key(&j, "metric");
        cli_json_str(&j, tg->name);
        cli_json_key(&j, "relation");
        cli_json_str(&j, tune_rel(tg->rel));
        cli_json_key(&j, "value");
        cli_json_num(&j, tg->value);
        cli_json_key(&j, "scale");
        cli_json_num(&j, tg->scale);
        cli_json_key(&j, "reached");
        cli_json_int(&j, r->reached[i]);
        cli_json_key(&j, "closest");
        if (r->closest[i] >= 0)
            cli_json_int(&j, r->cand[r->closest[i]].id);
        else
            cli_json_null(&j);
        cli_json_end_obj(&j);
    }
    cli_json_end_arr(&j);
    cli_json_key(&j, "games");
    cli_json_int(&j, r->games);
    cli_json_key(&j, "seconds");
    cli_json_num(&j, r->seconds);
    cli_json_key(&j, "race_rounds");
    cli_json_int(&j, r->race_rounds);
    cli_json_key(&j, "winner");
    if (r->winner >= 0)
        json_candidate(&j, t, &r->cand[r->winner]);
    else
        cli_json_null(&j);
    cli_json_key(&j, "candidates");
    cli_json_arr(&j);
    for (int i = 0; i < r->ncandidates; i++)
        json_candidate(&j, t, &r->cand[t->order[i]]);
    cli_json_end_arr(&j);
    cli_json_key(&j, "progress");
    cli_json_arr(&j);
    for (int i = 0; i < r->ntrace; i++) {
        cli_json_obj(&j);
        cli_json_key(&j, "games");
        cli_json_int(&j, r->trace[i].games);
        cli_json_key(&j, "best_loss");
        cli_json_num(&j, r->trace[i].best_loss);
        cli_json_end_obj(&j);
    }
    cli_json_end_arr(&j);
    cli_json_end_obj(&j);
    fputc('\n', f);
    return cli_finish_output(o);
}

/* The file's stem ("out/best.ini" -> "best"), a rule-set name. */
static void tune_stem(const char *path, char *buf, size_t n)
{
    if (strcmp(path, "-") == 0) {
        snprintf(buf, n, "tuned");
        return;
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t len = strcspn(base, ".");
    snprintf(buf, n, "%.*s", (int)(len ? len : strlen(base)), len ? base : "tuned");
    if (!buf[0])
        snprintf(buf, n, "tuned");
}

static int tune_ini_params(FILE *f, const fc_tune_config *c, const fc_rules *rules);

/* tuned_agent_K = SPEC for every seat (formicary/rules.h), which the rule-set reader keeps so a
 * sim with other agents can say so; an INI line holds no control character and fits the reader. */
static int tune_ini_agents(FILE *f, const tune_cli *t)
{
    for (int k = 0; k < t->cfg.nseats; k++) {
        const char *spec = t->seat[k].spec;
        bool bad = strlen(spec) + 20 > 190 || strchr(spec, ';') || strchr(spec, '#');
        for (const unsigned char *u = (const unsigned char *)spec; *u; u++)
            bad |= *u < 0x20 || *u == 0x7f;
        if (bad) {
            char shown[4 * sizeof t->seat[k].spec];
            return cli_fail("tune: option --ini: the agent of seat %d ('%s') cannot be written as an INI line", k + 1,
                            fc_escape(spec, shown, sizeof shown));
        }
        fprintf(f, "tuned_agent_%d = %s\n", k + 1, spec);
    }
    return 0;
}

/* Every parameter that differs from the schema default (the base rule set's and the searched
 * values), so the file alone gives the winner's rules; a variant's hooks cannot go in an INI. */
int tune_write_ini(const tune_cli *t, const char *path)
{
    const fc_tune_config *c = &t->cfg;
    const fc_tune_candidate *w = &t->res->cand[t->res->winner];
    fc_error err;
    fc_error_clear(&err);
    fc_rules *rules = fc_tune_rules(c, w->value, &err);
    if (!rules)
        return cli_fail("tune: option --ini: %s", err.msg);
    fc_outfile *o = cli_open_output(path);
    FILE *f = o ? fc_outfile_stream(o) : NULL;
    if (!f) {
        fc_rules_free(rules);
        return CLI_EXIT_FAIL;
    }
    /* Names and labels come from files and the command line: escaped (formicary/escape.h), so
     * a newline in a variant's name cannot add INI lines; a value cannot be escaped without
     * changing it, so one holding a control character is refused (tune_ini_params). */
    char name[64], label[512], shown[4 * 512];
    tune_stem(path, name, sizeof name);
    tune_label(t, w, label, sizeof label);
    fprintf(f, "; Written by formicary tune (seed %llu, %ld games): the winner %s for", (unsigned long long)c->seed,
            t->res->games, fc_escape(label, shown, sizeof shown));
    for (int i = 0; i < c->ntargets; i++)
        fprintf(f, " %s", fc_escape(c->target[i].text, shown, sizeof shown));
    fputc('\n', f);
    const char *variant = fc_rules_variant_name(rules);
    if (variant && strcmp(variant, "none") != 0)
        fprintf(f, "; tuned under the variant '%s': use it again with --variant (hooks cannot live in an INI)\n",
                fc_escape(variant, shown, sizeof shown));
    char seats[8192];
    cli_seats_text(t->seat, c->nseats, seats, sizeof seats);
    fprintf(f, "; tuned with %d seats (rotating): %s; sim --rules with other agents warns\n", c->nseats, seats);
    fprintf(f, "[ruleset]\nname = %s\n", fc_escape(name, shown, sizeof shown));
    fprintf(f, "description = tuned: %s\ngame = %s\n", fc_escape(label, shown, sizeof shown), t->game);
    int rc = tune_ini_agents(f, t);
    if (rc == 0)
        fputs("\n[params]\n", f);
    if (rc == 0)
        rc = tune_ini_params(f, c, rules);
    fc_rules_free(rules);
    if (rc != 0) {
        fc_outfile_discard(o); /* nothing half-written */
        return rc;
    }
    return cli_finish_output(o);
}

/* The [params] lines of tune_write_ini; CLI_EXIT_FAIL when a value holds a control character. */
static int tune_ini_params(FILE *f, const fc_tune_config *c, const fc_rules *rules)
{
    /* the game's parameters, then the variant's declared ones: with --variant it reads them */
    for (int i = 0; i < fc_rules_param_count(rules); i++) {
        const fc_param_def *d = fc_rules_param_def(rules, i);
        fc_value def;
        char now[FC_PARAM_STR_MAX + 64], was[FC_PARAM_STR_MAX + 64];
        bool tuned = false;
        for (int k = 0; k < c->nparams; k++)
            tuned |= strcmp(c->param[k].name, d->name) == 0;
        if (fc_param_default(d, &def, NULL) != 0 || fc_param_format(d, &fc_rules_values(rules)[i], now, sizeof now) < 0 ||
            fc_param_format(d, &def, was, sizeof was) < 0)
            continue;
        if (!tuned && strcmp(now, was) == 0)
            continue;
        /* a relative file path would be read relative to the new INI's folder: make it absolute */
        char abs[PATH_MAX];
        const char *v = d->type == FC_PARAM_PATH && now[0] && now[0] != '/' && realpath(now, abs) ? abs : now;
        bool control = false;
        for (const unsigned char *u = (const unsigned char *)v; *u; u++)
            control |= *u < 0x20 || *u == 0x7f;
        if (control) {
            char shown[4 * sizeof abs];
            return cli_fail("tune: option --ini: the value of %s ('%s') holds a control character: an INI line "
                            "cannot carry it", d->name, fc_escape(v, shown, sizeof shown));
        }
        fprintf(f, "%s = %s\n", d->name, v);
    }
    return 0;
}

/* ---- HTML ---- */

static void html_table(cli_html *h, const tune_cli *t, int rows)
{
    const fc_tune_config *c = &t->cfg;
    const fc_tune_result *r = t->res;
    int ncols = 5 + c->nparams + c->ntargets;
    int n = rows < r->ncandidates ? rows : r->ncandidates;
    char **cells = calloc((size_t)(n + 1) * (size_t)ncols, sizeof *cells);
    if (!cells)
        return;
    int k = 0;
    cells[k++] = strdup("id");
    for (int d = 0; d < c->nparams; d++)
        cells[k++] = strdup(c->param[d].name);
    cells[k++] = strdup("games");
    for (int i = 0; i < c->ntargets; i++)
        cells[k++] = strdup(c->target[i].text);
    cells[k++] = strdup("loss [95% interval]");
    cells[k++] = strdup("detectable");
    cells[k++] = strdup("status");
    for (int j = 0; j < n; j++) {
        const fc_tune_candidate *a = &r->cand[t->order[j]];
        char buf[160];
        snprintf(buf, sizeof buf, "#%d%s", a->id, a->front ? " (front)" : "");
        cells[k++] = strdup(buf);
        for (int d = 0; d < c->nparams; d++) {
            tune_value_text(t, d, a->value[d], buf, sizeof buf);
            cells[k++] = strdup(buf);
        }
        snprintf(buf, sizeof buf, "%d", a->games);
        cells[k++] = strdup(buf);
        bool ok = a->games > 0 && a->status != FC_TUNE_INVALID;
        for (int i = 0; i < c->ntargets; i++) {
            const fc_tune_estimate *e = &a->est[i];
            if (ok)
                snprintf(buf, sizeof buf, "%.3f [%.3f, %.3f] %s", e->value, e->lo, e->hi, e->met ? "met" : "not met");
            else
                snprintf(buf, sizeof buf, "-");
            cells[k++] = strdup(buf);
        }
        if (ok)
            snprintf(buf, sizeof buf, "%.3f [%.3f, %.3f]", a->loss, a->loss_lo, a->loss_hi);
        else
            snprintf(buf, sizeof buf, "-");
        cells[k++] = strdup(buf);
        snprintf(buf, sizeof buf, t->order[j] == r->winner ? "-" : isnan(a->mde) ? "n/a" : "%.3f", a->mde);
        cells[k++] = strdup(buf);
        if (a->status == FC_TUNE_DROPPED)
            snprintf(buf, sizeof buf, "dropped in round %d (bound %+.3f, Holm p %.4f)", a->dropped_round, a->drop_bound,
                     a->drop_p);
        else if (a->status == FC_TUNE_INVALID)
            snprintf(buf, sizeof buf, "invalid: %.120s", a->error);
        else
            snprintf(buf, sizeof buf, "%s", tune_status_name(a->status));
        cells[k++] = strdup(buf);
    }
    cli_html_table(h, ncols, n + 1, (const char *const *)cells);
    for (int i = 0; i < k; i++)
        free(cells[i]);
    free(cells);
}

/* The candidates on the first two targets' values (one target: its value against the
 * candidate's number), the front marked. */
static void html_front(cli_html *h, const tune_cli *t)
{
    const fc_tune_config *c = &t->cfg;
    const fc_tune_result *r = t->res;
    cli_html_point *pt = calloc((size_t)(r->ncandidates ? r->ncandidates : 1), sizeof *pt);
    char (*lab)[160] = calloc((size_t)(r->ncandidates ? r->ncandidates : 1), sizeof *lab);
    if (!pt || !lab) {
        free(pt);
        free(lab);
        return;
    }
    int n = 0;
    for (int j = 0; j < r->ncandidates; j++) {
        const fc_tune_candidate *a = &r->cand[j];
        if (a->games == 0 || a->status == FC_TUNE_INVALID)
            continue;
        tune_label(t, a, lab[n], sizeof lab[n]);
        pt[n] = (cli_html_point){lab[n], c->ntargets > 1 ? a->est[0].value : a->id,
                                 c->ntargets > 1 ? a->est[1].value : a->est[0].value, a->front};
        n++;
    }
    char title[400], x[128], y[128];
    if (c->ntargets > 1) {
        snprintf(title, sizeof title, "Candidates on %.96s and %.96s (the Pareto front of the target losses in bold)",
                 c->target[0].text, c->target[1].text);
        snprintf(x, sizeof x, "%s", c->target[0].name);
        snprintf(y, sizeof y, "%s", c->target[1].name);
    } else {
        snprintf(title, sizeof title, "Candidates on %.96s (the best in bold)", c->target[0].text);
        snprintf(x, sizeof x, "candidate (order of first evaluation)");
        snprintf(y, sizeof y, "%s", c->target[0].name);
    }
    cli_html_scatter(h, title, x, y, pt, n);
    free(pt);
    free(lab);
}

static void html_progress(cli_html *h, const tune_cli *t)
{
    const fc_tune_result *r = t->res;
    double *x = malloc((size_t)(r->ntrace ? r->ntrace : 1) * sizeof *x);
    double *y = malloc((size_t)(r->ntrace ? r->ntrace : 1) * sizeof *y);
    if (x && y) {
        for (int i = 0; i < r->ntrace; i++) {
            x[i] = (double)r->trace[i].games;
            y[i] = r->trace[i].best_loss;
        }
        cli_html_series s = {"best summed loss", r->ntrace, x, y};
        cli_html_lines(h, "Progress: the best candidate's summed loss", "games played", "summed loss", &s, 1);
    }
    free(x);
    free(y);
}

int tune_write_html(const tune_cli *t, const char *path)
{
    const fc_tune_config *c = &t->cfg;
    const fc_tune_result *r = t->res;
    char title[160];
    snprintf(title, sizeof title, "formicary tune: %s", t->game);
    cli_html *h = cli_html_begin(path, title);
    if (!h)
        return CLI_EXIT_FAIL;
    cli_html_heading(h, "Search");
    char params[512] = "", targets[512] = "";
    size_t u = 0, v = 0;
    for (int d = 0; d < c->nparams && u < sizeof params; d++) {
        int w = snprintf(params + u, sizeof params - u, "%s%s=%lld..%lld:%lld", d ? ", " : "", c->param[d].name,
                         (long long)c->param[d].lo, (long long)c->param[d].hi, (long long)c->param[d].step);
        u += w > 0 ? (size_t)w : 0;
    }
    for (int i = 0; i < c->ntargets && v < sizeof targets; i++) {
        int w = snprintf(targets + v, sizeof targets - v, "%s%s (scale %g)", i ? ", " : "", c->target[i].text,
                         c->target[i].scale);
        v += w > 0 ? (size_t)w : 0;
    }
    char agents[2048];
    cli_seats_text(t->seat, c->nseats, agents, sizeof agents);
    cli_html_text(h, "Game %s with %d players; agents %s (seats rotate). Base rules: %s. Parameters: %s. Targets: %s.",
                  t->game, c->nseats, agents, t->base_text, params, targets);
    if (c->budget_games > 0)
        cli_html_text(h, "Budget %ld games (deterministic for seed %llu): %ld games played, %d candidates, %d race "
                         "rounds, %.2f s.",
                      c->budget_games, (unsigned long long)c->seed, r->games, r->ncandidates, r->race_rounds,
                      r->seconds);
    else
        cli_html_text(h, "Budget %.1f s (the result depends on the machine's speed): %ld games played, %d candidates, "
                         "%d race rounds.",
                      c->budget_seconds, r->games, r->ncandidates, r->race_rounds);
    cli_html_text(h, "Every candidate plays the same games (game i with the seeds of sim game i). A candidate's loss "
                     "per target is its distance outside the target divided by the target's scale; the losses add "
                     "up. Raced candidates are dropped only when a paired bootstrap puts their loss above the "
                     "leader's (one-sided p-value below 0.05 after Holm's adjustment over the round). Intervals "
                     "are 95%% bootstrap percentile intervals (docs/tuning.md). Detectable: the smallest true "
                     "difference of loss from the winner's that the games a candidate shares with it would detect "
                     "(95%% confidence, 80%% power; n/a: fewer than 2 games or no variation).");
    if (r->winner >= 0) {
        char lab[512];
        tune_label(t, &r->cand[r->winner], lab, sizeof lab);
        cli_html_heading(h, "Winner");
        cli_html_text(h, "%s: %d games, summed loss %.3f [%.3f, %.3f].", lab, r->cand[r->winner].games,
                      r->cand[r->winner].loss, r->cand[r->winner].loss_lo, r->cand[r->winner].loss_hi);
    }
    for (int i = 0; i < c->ntargets; i++) {
        if (r->reached[i] > 0)
            cli_html_text(h, "Target %s: met by %d of %d candidates.", c->target[i].text, r->reached[i],
                          r->ncandidates);
        else if (r->closest[i] >= 0)
            cli_html_text(h, "Target %s: not reached; the closest value is %.3f.", c->target[i].text,
                          r->cand[r->closest[i]].est[i].value);
    }
    cli_html_heading(h, "Front");
    html_front(h, t);
    cli_html_heading(h, "Progress");
    html_progress(h, t);
    cli_html_heading(h, "Candidates");
    html_table(h, t, r->ncandidates);
    return cli_html_end(h);
}
