/* Output of the corpus replay (replay_corpus.h): the text table and summary, CSV (one row per
 * record), JSON (records and summary) and the HTML report (html.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "replay_corpus.h"

static const char *const status_name[3] = {"error", "legal", "diverged"};

/* "12* 10": scores in seat order, the winners marked. */
static void scores_text(const int32_t *score, const int *rank, int n, bool over, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int s = 0; s < n && len < size; s++)
        len += (size_t)snprintf(buf + len, size - len, "%s%d%s", s ? " " : "", (int)score[s],
                                over && rank[s] == 0 ? "*" : "");
    if (!over && len < size)
        snprintf(buf + len, size - len, " (not over)");
}

/* What happened, in a few words: "legal", "diverged", plus "+ continued" / "timeout". */
static void outcome_text(const fc_corpus_rec *r, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s", status_name[r->status],
             r->timeout ? " + timeout" : r->continued ? " + continued" : "");
}

static void print_records(const corpus *cp, FILE *f)
{
    cli_table t;
    cli_table_init(&t, 8);
    cli_table_add(&t, "record", "decisions", "outcome", "at", "decision", "scores", "new scores", "why");
    for (int i = 0; i < cp->r.nrec; i++) {
        const fc_corpus_rec *r = &cp->r.rec[i];
        char dec[24], out[40], at[24], what[FC_CORPUS_TEXT + 64], old[160], neu[160];
        if (r->status == FC_CORPUS_ERROR) {
            cli_table_add(&t, r->path, "", "error", "", "", "", "", r->error);
            continue;
        }
        snprintf(dec, sizeof dec, "%zu", r->decisions);
        outcome_text(r, out, sizeof out);
        snprintf(at, sizeof at, "%zu", r->at);
        char seat[16];
        snprintf(seat, sizeof seat, r->seat == FC_CHANCE ? "chance" : "seat %d", r->seat + 1);
        snprintf(what, sizeof what, "%s '%s' (%s)", seat, r->text, r->kind);
        scores_text(r->old_score, r->old_rank, r->nseats, r->old_over, old, sizeof old);
        scores_text(r->new_score, r->new_rank, r->nseats, r->new_over, neu, sizeof neu);
        bool div = r->status == FC_CORPUS_DIVERGED;
        cli_table_add(&t, r->path, dec, out, div ? at : "", div ? what : "", old, neu,
                      div ? r->reason : fc_corpus_winners_changed(r) ? "winners changed" : "");
    }
    cli_table_print(&t, f, "  ");
    cli_table_free(&t);
}

/* What was compared: the new rules from each record's own (A), and the recorded line-ups; one
 * line per distinct one with its count (the commented header of the CSV uses it too). */
static void print_compared(const corpus *cp, FILE *f, const char *pre)
{
    const fc_corpus_summary *s = &cp->r.sum;
    char shown[4 * FC_CORPUS_SAID];
    const struct fc_corpus_group *g[2] = {s->diffs, s->lineups};
    const int n[2] = {s->ndiffs, s->nlineups}, other[2] = {s->diffs_other, s->lineups_other};
    const char *head[2] = {"compared (A: each record's own rules, B: the new rules)", "recorded agents"};
    for (int k = 0; k < 2; k++) {
        fprintf(f, "%s%s:%s", pre, head[k], n[k] ? "\n" : " none (no record could be read)\n");
        for (int i = 0; i < n[k]; i++)
            fprintf(f, "%s  %s (%d record%s)\n", pre, fc_escape(g[k][i].text, shown, sizeof shown), g[k][i].n,
                    g[k][i].n == 1 ? "" : "s");
        if (other[k] > 0)
            fprintf(f, "%s  and others (%d record%s)\n", pre, other[k], other[k] == 1 ? "" : "s");
    }
}

/* A value printed with 2 decimals, without "-0.00". */
static double two_places(double v) { return fabs(v) < 0.005 ? 0.0 : v; }


/* The detectable score change per seat ("seat 1 +-12.67, seat 2 -"): the smallest true mean
 * change these records detect (fc_corpus_summary.score_mde); false when no seat has one. */
static const char detectable_said[] = "the smallest mean change these records detect, 95% confidence, 80% power";
static bool detectable_text(const fc_corpus_summary *s, char *buf, size_t n)
{
    bool any = false;
    size_t len = 0;
    buf[0] = '\0';
    for (int seat = 0; seat < s->maxseats && len < n; seat++) {
        any = any || isfinite(s->score_mde[seat]);
        int w = isfinite(s->score_mde[seat])
                    ? snprintf(buf + len, n - len, "%sseat %d +-%.2f", seat ? ", " : "", seat + 1, s->score_mde[seat])
                    : snprintf(buf + len, n - len, "%sseat %d -", seat ? ", " : "", seat + 1);
        len += w > 0 ? (size_t)w : 0;
    }
    return any;
}

void corpus_print(const corpus *cp, FILE *f, bool per_record)
{
    const fc_corpus_summary *s = &cp->r.sum;
    fprintf(f, "replay: %d record%s of %s under %s%s%s\n", s->records, s->records == 1 ? "" : "s",
            cp->r.game[0] ? cp->r.game : "?", cp->changes, cp->agent ? ", continued with " : "",
            cp->agent ? cp->agent : "");
    print_compared(cp, f, "");
    if (per_record)
        print_records(cp, f);
    int ok = s->records - s->errors;
    fprintf(f, "summary: %d replayed, %d unreadable\n", ok, s->errors);
    fprintf(f, "  diverged         %d of %d (%.1f%%)", s->diverged, ok, ok ? 100.0 * s->diverged / ok : 0.0);
    if (s->diverged)
        fprintf(f, ", at decision min %.0f / median %.1f / max %.0f", s->at_min, s->at_median, s->at_max);
    fputc('\n', f);
    if (s->nkinds) {
        fprintf(f, "  refused kinds   ");
        for (int k = 0; k < s->nkinds; k++)
            fprintf(f, "%s %s %d", k ? "," : "", s->kinds[k].kind, s->kinds[k].n);
        fputc('\n', f);
    }
    fprintf(f, "  all legal        %d\n", s->legal);
    if (cp->agent)
        fprintf(f, "  continued        %d with %s (%d stopped at --max-decisions)\n", s->continued, cp->agent,
                s->timeouts);
    fprintf(f, "  not over         %d%s\n", s->unfinished, cp->agent ? "" : " (--continue-with AGENT finishes them)");
    fprintf(f, "  winners changed  %d of %d games over in both\n", s->winners_changed, s->compared);
    fprintf(f, "  score change     ");
    for (int seat = 0; seat < s->maxseats; seat++) {
        if (!s->score_n[seat]) {
            fprintf(f, "%sseat %d -", seat ? ", " : "", seat + 1);
            continue;
        }
        fprintf(f, "%sseat %d %+.2f", seat ? ", " : "", seat + 1, two_places(s->score_change[seat]));
        if (isfinite(s->score_lo[seat]))
            fprintf(f, " (%+.2f..%+.2f)", two_places(s->score_lo[seat]), two_places(s->score_hi[seat]));
    }
    fprintf(f, "%s\n", s->maxseats ? "  (new - recorded, mean, 95% CI)" : "-");
    char mde[FC_MAX_SEATS * 24];
    if (detectable_text(s, mde, sizeof mde)) /* what these records could have shown */
        fprintf(f, "  detectable       %s  (%s)\n", mde, detectable_said);
}

/* ---- CSV ---- */

static void csv_str(FILE *f, const char *s)
{
    fputs(",\"", f);
    for (; *s; s++)
        fputs(*s == '"' ? "\"\"" : (char[2]){*s, 0}, f);
    fputc('"', f);
}

int corpus_write_csv(const corpus *cp, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    int ns = cp->r.sum.maxseats;
    char shown[4 * sizeof cp->changes], agent[1024];
    fprintf(f, "# formicary replay %s: one row per record; %d records under %s%s%s\n", cp->r.game[0] ? cp->r.game : "?",
            cp->r.sum.records, fc_escape(cp->changes, shown, sizeof shown), cp->agent ? ", continued with " : "",
            cp->agent ? fc_escape(cp->agent, agent, sizeof agent) : "");
    print_compared(cp, f, "# ");
    char mde[FC_MAX_SEATS * 24];
    if (detectable_text(&cp->r.sum, mde, sizeof mde))
        fprintf(f, "# detectable score change: %s (%s)\n", mde, detectable_said);
    fputs("record,status,error,seats,seed,decisions,diverged_at,seat,decision,kind,reason,continued,timeout,"
          "recorded_over,new_over,winners_changed",
          f);
    const char *cols[5] = {"old_score", "old_rank", "new_score", "new_rank", "score_change"};
    for (int c = 0; c < 5; c++)
        for (int s = 0; s < ns; s++)
            fprintf(f, ",%s_%d", cols[c], s + 1);
    fputc('\n', f);
    for (int i = 0; i < cp->r.nrec; i++) {
        const fc_corpus_rec *r = &cp->r.rec[i];
        bool ok = r->status != FC_CORPUS_ERROR, div = r->status == FC_CORPUS_DIVERGED;
        fputc('"', f);
        for (const char *p = r->path; *p; p++)
            fputs(*p == '"' ? "\"\"" : (char[2]){*p, 0}, f);
        fprintf(f, "\",%s", status_name[r->status]);
        csv_str(f, ok ? "" : r->error);
        fprintf(f, ",%d,%llu,%zu,", r->nseats, (unsigned long long)r->seed, r->decisions);
        if (div)
            fprintf(f, "%zu,%s", r->at, r->seat == FC_CHANCE ? "chance" : "");
        else
            fputc(',', f);
        if (div && r->seat != FC_CHANCE)
            fprintf(f, "%d", r->seat + 1);
        csv_str(f, div ? r->text : "");
        csv_str(f, div ? r->kind : "");
        csv_str(f, div ? r->reason : "");
        fprintf(f, ",%d,%d,%d,%d,%d", r->continued, r->timeout, ok && r->old_over, ok && r->new_over,
                fc_corpus_winners_changed(r));
        const int32_t *sc[2] = {r->old_score, r->new_score};
        const int *rk[2] = {r->old_rank, r->new_rank};
        for (int c = 0; c < 4; c++)
            for (int s = 0; s < ns; s++) {
                if (!ok || s >= r->nseats)
                    fputc(',', f);
                else if (c % 2 == 0)
                    fprintf(f, ",%d", (int)sc[c / 2][s]);
                else
                    fprintf(f, ",%d", rk[c / 2][s] + 1);
            }
        for (int s = 0; s < ns; s++) {
            if (fc_corpus_compared(r) && s < r->nseats)
                fprintf(f, ",%d", (int)(r->new_score[s] - r->old_score[s]));
            else
                fputc(',', f);
        }
        fputc('\n', f);
    }
    return cli_finish_output(o);
}

/* ---- JSON ---- */

static void json_scores(cli_json *j, const char *key, const int32_t *score, int n)
{
    cli_json_key(j, key);
    cli_json_arr(j);
    for (int s = 0; s < n; s++)
        cli_json_int(j, score[s]);
    cli_json_end_arr(j);
}

static void json_ranks(cli_json *j, const char *key, const int *rank, int n)
{
    cli_json_key(j, key);
    cli_json_arr(j);
    for (int s = 0; s < n; s++)
        cli_json_int(j, rank[s] + 1);
    cli_json_end_arr(j);
}

static void json_record(cli_json *j, const fc_corpus_rec *r)
{
    cli_json_obj(j);
    cli_json_key(j, "record");
    cli_json_str(j, r->path);
    cli_json_key(j, "status");
    cli_json_str(j, status_name[r->status]);
    if (r->status == FC_CORPUS_ERROR) {
        cli_json_key(j, "error");
        cli_json_str(j, r->error);
        cli_json_end_obj(j);
        return;
    }
    cli_json_key(j, "difference"); /* the new rules from the record's own */
    cli_json_str(j, r->diff);
    cli_json_key(j, "agents");
    cli_json_str(j, r->agents);
    cli_json_key(j, "seats");
    cli_json_int(j, r->nseats);
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
    cli_json_key(j, "seed"); /* a string: 64 bits do not survive a double */
    cli_json_str(j, seed);
    cli_json_key(j, "decisions");
    cli_json_int(j, (long long)r->decisions);
    if (r->status == FC_CORPUS_DIVERGED) {
        cli_json_key(j, "diverged_at");
        cli_json_int(j, (long long)r->at);
        cli_json_key(j, "seat");
        if (r->seat == FC_CHANCE)
            cli_json_str(j, "chance");
        else
            cli_json_int(j, r->seat + 1);
        const char *k[3] = {"decision", "kind", "reason"};
        const char *v[3] = {r->text, r->kind, r->reason};
        for (int i = 0; i < 3; i++) {
            cli_json_key(j, k[i]);
            cli_json_str(j, v[i]);
        }
    }
    cli_json_key(j, "recorded_over");
    cli_json_bool(j, r->old_over);
    json_scores(j, "recorded_scores", r->old_score, r->nseats);
    json_ranks(j, "recorded_ranks", r->old_rank, r->nseats);
    cli_json_key(j, "continued");
    cli_json_bool(j, r->continued);
    if (r->continued) {
        cli_json_key(j, "continued_decisions");
        cli_json_int(j, r->continued_decisions);
        cli_json_key(j, "timeout");
        cli_json_bool(j, r->timeout);
    }
    cli_json_key(j, "new_over");
    cli_json_bool(j, r->new_over);
    json_scores(j, "new_scores", r->new_score, r->nseats);
    json_ranks(j, "new_ranks", r->new_rank, r->nseats);
    cli_json_key(j, "winners_changed");
    cli_json_bool(j, fc_corpus_winners_changed(r));
    cli_json_end_obj(j);
}

static void json_summary(cli_json *j, const fc_corpus_summary *s)
{
    cli_json_obj(j);
    const char *k[9] = {"records", "unreadable", "all_legal",  "diverged", "compared",
                        "winners_changed", "continued", "not_over", "timeouts"};
    int v[9] = {s->records, s->errors, s->legal, s->diverged, s->compared, s->winners_changed, s->continued,
                s->unfinished, s->timeouts};
    for (int i = 0; i < 9; i++) {
        cli_json_key(j, k[i]);
        cli_json_int(j, v[i]);
    }
    int ok = s->records - s->errors;
    cli_json_key(j, "diverged_share");
    cli_json_num(j, ok ? (double)s->diverged / ok : 0);
    cli_json_key(j, "diverged_at");
    if (s->diverged) {
        cli_json_obj(j);
        const char *ak[3] = {"min", "median", "max"};
        double av[3] = {s->at_min, s->at_median, s->at_max};
        for (int i = 0; i < 3; i++) {
            cli_json_key(j, ak[i]);
            cli_json_num(j, av[i]);
        }
        cli_json_end_obj(j);
    } else {
        cli_json_null(j);
    }
    cli_json_key(j, "refused_kinds");
    cli_json_arr(j);
    for (int i = 0; i < s->nkinds; i++) {
        cli_json_obj(j);
        cli_json_key(j, "kind");
        cli_json_str(j, s->kinds[i].kind);
        cli_json_key(j, "count");
        cli_json_int(j, s->kinds[i].n);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
    cli_json_key(j, "score_change");
    cli_json_arr(j);
    for (int seat = 0; seat < s->maxseats; seat++) {
        cli_json_obj(j);
        cli_json_key(j, "seat");
        cli_json_int(j, seat + 1);
        cli_json_key(j, "games");
        cli_json_int(j, s->score_n[seat]);
        const char *sk[4] = {"mean", "lo", "hi", "mde"};
        double sv[4] = {s->score_n[seat] ? s->score_change[seat] : NAN, s->score_lo[seat], s->score_hi[seat],
                        s->score_mde[seat]};
        for (int i = 0; i < 4; i++) {
            cli_json_key(j, sk[i]);
            cli_json_num(j, sv[i]); /* null when unknown */
        }
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
    cli_json_end_obj(j);
}

/* The most common differences and line-ups with how many records; "others": the rest. */
static void json_groups(cli_json *j, const fc_corpus_summary *s)
{
    const struct fc_corpus_group *g[2] = {s->diffs, s->lineups};
    const int n[2] = {s->ndiffs, s->nlineups}, other[2] = {s->diffs_other, s->lineups_other};
    const char *key[2] = {"compared", "recorded_agents"}, *what[2] = {"text", "agents"};
    for (int k = 0; k < 2; k++) {
        cli_json_key(j, key[k]);
        cli_json_obj(j);
        cli_json_key(j, "groups");
        cli_json_arr(j);
        for (int i = 0; i < n[k]; i++) {
            cli_json_obj(j);
            cli_json_key(j, what[k]);
            cli_json_str(j, g[k][i].text);
            cli_json_key(j, "records");
            cli_json_int(j, g[k][i].n);
            cli_json_end_obj(j);
        }
        cli_json_end_arr(j);
        cli_json_key(j, "others");
        cli_json_int(j, other[k]);
        cli_json_end_obj(j);
    }
}

int corpus_write_json(const corpus *cp, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    cli_json j;
    cli_json_init(&j, f);
    cli_json_obj(&j);
    cli_json_key(&j, "game");
    cli_json_str(&j, cp->r.game);
    cli_json_key(&j, "rules");
    cli_json_obj(&j);
    const char *k[3] = {"rules", "variant", "continue_with"};
    const char *v[3] = {cli_opt(cp->c, "--rules"), cli_opt(cp->c, "--variant"), cp->agent};
    for (int i = 0; i < 3; i++) {
        cli_json_key(&j, k[i]);
        if (v[i])
            cli_json_str(&j, v[i]);
        else
            cli_json_null(&j);
    }
    cli_json_key(&j, "set");
    cli_json_arr(&j);
    for (int i = 0; i < cli_opt_count(cp->c, "--set"); i++)
        cli_json_str(&j, cli_opt_at(cp->c, "--set", i));
    cli_json_end_arr(&j);
    cli_json_end_obj(&j);
    json_groups(&j, &cp->r.sum);
    cli_json_key(&j, "records");
    cli_json_arr(&j);
    for (int i = 0; i < cp->r.nrec; i++)
        json_record(&j, &cp->r.rec[i]);
    cli_json_end_arr(&j);
    cli_json_key(&j, "summary");
    json_summary(&j, &cp->r.sum);
    cli_json_end_obj(&j);
    fputc('\n', f);
    return cli_finish_output(o);
}

/* ---- HTML ---- */

#define HTML_MAX_ROWS 500 /* the page lists this many records; CSV and JSON have them all */

static void html_records(cli_html *h, const corpus *cp)
{
    int n = cp->r.nrec < HTML_MAX_ROWS ? cp->r.nrec : HTML_MAX_ROWS, ncols = 7;
    char *buf = calloc((size_t)(n + 1) * (size_t)ncols, 320);
    const char **cells = calloc((size_t)(n + 1) * (size_t)ncols, sizeof *cells);
    if (!buf || !cells) {
        free(buf);
        free(cells);
        cli_html_text(h, "(out of memory: the table of records is left out)");
        return;
    }
    const char *head[7] = {"record", "outcome", "at", "decision", "recorded scores", "new scores", "why"};
    for (int c = 0; c < ncols; c++)
        cells[c] = head[c];
    for (int i = 0; i < n; i++) {
        const fc_corpus_rec *r = &cp->r.rec[i];
        char *row = buf + (size_t)(i + 1) * (size_t)ncols * 320;
        for (int c = 0; c < ncols; c++)
            cells[(i + 1) * ncols + c] = row + c * 320;
        cells[(i + 1) * ncols] = r->path;
        if (r->status == FC_CORPUS_ERROR) {
            snprintf(row + 320, 320, "error");
            cells[(i + 1) * ncols + 6] = r->error;
            continue;
        }
        outcome_text(r, row + 320, 320);
        bool div = r->status == FC_CORPUS_DIVERGED;
        if (div) {
            snprintf(row + 2 * 320, 320, "%zu", r->at);
            char seat[16];
            snprintf(seat, sizeof seat, r->seat == FC_CHANCE ? "chance" : "seat %d", r->seat + 1);
            snprintf(row + 3 * 320, 320, "%s '%.200s' (%s)", seat, r->text, r->kind);
            cells[(i + 1) * ncols + 6] = r->reason;
        } else if (fc_corpus_winners_changed(r)) {
            snprintf(row + 6 * 320, 320, "winners changed");
        }
        scores_text(r->old_score, r->old_rank, r->nseats, r->old_over, row + 4 * 320, 320);
        scores_text(r->new_score, r->new_rank, r->nseats, r->new_over, row + 5 * 320, 320);
    }
    cli_html_table(h, ncols, n + 1, cells);
    if (n < cp->r.nrec)
        cli_html_text(h, "The first %d of %d records; the CSV and JSON outputs list them all.", n, cp->r.nrec);
    free(cells);
    free(buf);
}

int corpus_write_html(const corpus *cp, const char *path)
{
    const fc_corpus_summary *s = &cp->r.sum;
    char title[160];
    snprintf(title, sizeof title, "formicary replay: %s corpus under new rules", cp->r.game[0] ? cp->r.game : "?");
    cli_html *h = cli_html_begin(path, title);
    if (!h)
        return CLI_EXIT_FAIL;
    cli_html_heading(h, "Summary");
    int ok = s->records - s->errors;
    cli_html_text(h, "%d records of %s replayed under %s%s%s; %d could not be read.", s->records,
                  cp->r.game[0] ? cp->r.game : "?", cp->changes, cp->agent ? ", games that stopped short continued with " : "",
                  cp->agent ? cp->agent : "", s->errors);
    for (int i = 0; i < s->ndiffs; i++)
        cli_html_text(h, "Compared: %s, where A is each record's own rules (%d record%s).", s->diffs[i].text,
                      s->diffs[i].n, s->diffs[i].n == 1 ? "" : "s");
    if (s->diffs_other > 0)
        cli_html_text(h, "Other differences: %d records (see --json).", s->diffs_other);
    for (int i = 0; i < s->nlineups; i++)
        cli_html_text(h, "Recorded agents: %s (%d record%s).", s->lineups[i].text, s->lineups[i].n,
                      s->lineups[i].n == 1 ? "" : "s");
    if (s->lineups_other > 0)
        cli_html_text(h, "Other line-ups: %d records (see --json).", s->lineups_other);
    cli_html_text(h, "Diverged: %d of %d (%.1f%%)%s. All decisions legal: %d. Winners changed in %d of %d games over in "
                     "both versions.",
                  s->diverged, ok, ok ? 100.0 * s->diverged / ok : 0.0, s->diverged ? ", see the chart below" : "",
                  s->legal, s->winners_changed, s->compared);
    if (s->nkinds) {
        char kinds[400];
        size_t len = 0;
        for (int k = 0; k < s->nkinds && len < sizeof kinds; k++)
            len += (size_t)snprintf(kinds + len, sizeof kinds - len, "%s%s (%d)", k ? ", " : "", s->kinds[k].kind,
                                    s->kinds[k].n);
        cli_html_text(h, "Most common refused decisions: %s.", kinds);
    }
    cli_html_est est[FC_MAX_SEATS];
    char labels[FC_MAX_SEATS][32];
    int ne = 0;
    for (int seat = 0; seat < s->maxseats; seat++) {
        if (!s->score_n[seat])
            continue;
        snprintf(labels[ne], sizeof labels[ne], "seat %d (%d games)", seat + 1, s->score_n[seat]);
        est[ne] = (cli_html_est){labels[ne], s->score_change[seat], s->score_lo[seat], s->score_hi[seat]};
        ne++;
    }
    if (ne)
        cli_html_intervals(h, "Score change per seat (new - recorded, mean and 95% interval)", "score change", est, ne,
                           0.0);
    char mde[FC_MAX_SEATS * 24];
    if (detectable_text(s, mde, sizeof mde))
        cli_html_text(h, "Detectable score change: %s (%s): a smaller true change may read as none.", mde,
                      detectable_said);
    double *at = malloc((size_t)(s->diverged ? s->diverged : 1) * sizeof *at);
    int nat = 0;
    for (int i = 0; at && i < cp->r.nrec; i++)
        if (cp->r.rec[i].status == FC_CORPUS_DIVERGED)
            at[nat++] = (double)cp->r.rec[i].at;
    if (nat) {
        cli_html_series ser = {"diverged games", nat, NULL, at};
        cli_html_histograms(h, "Where games diverge", "decision number of the first refused decision", &ser, 1);
    }
    free(at);
    cli_html_heading(h, "Records");
    html_records(h, cp);
    return cli_html_end(h);
}
