/* A corpus replay in the runs database (docs/runs.md), written whole once the corpus is
 * replayed: the recorded agents as seats rows, one games row per record as recorded (design A)
 * and one under the new rules (design B, for every record that could be replayed), each with
 * the record's file and what became of it, then the summary's counts, score changes and most
 * common differences. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "replay_corpus.h"
#include "study.h"

#define CORPUS_RUNS_CHUNK 256   /* records per transaction */
#define CORPUS_RUNS_AGENTS 64   /* distinct agent labels kept as seats rows */
#define CORPUS_RUNS_NOTE 1024

/* The recorded agents: distinct labels in order of first appearance; past the last row but
 * one, every new label shares the last row. */
typedef struct corpus_agents {
    int n;
    const char *label[CORPUS_RUNS_AGENTS];
} corpus_agents;

/* The seats row (0-based) of a label, added when new. */
static int corpus_agent_row(corpus_agents *a, const char *label)
{
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->label[i], label) == 0)
            return i;
    if (a->n == CORPUS_RUNS_AGENTS - 1)
        a->label[a->n++] = "(other agents: more labels than kept; see the records)";
    if (a->n == CORPUS_RUNS_AGENTS)
        return CORPUS_RUNS_AGENTS - 1;
    a->label[a->n] = label;
    return a->n++;
}

static const char *corpus_agent_label(const fc_corpus_rec *r, int seat)
{
    return r->agent[seat][0] ? r->agent[seat] : "unknown";
}

/* What became of a record: "legal", "diverged at decision 57: seat 2 'split 3' (split): why",
 * "error: why", and whether the agent continued it. */
static void corpus_note(const corpus *cp, const fc_corpus_rec *r, char *buf, size_t n)
{
    if (r->status == FC_CORPUS_ERROR) {
        snprintf(buf, n, "error: %s", r->error);
        return;
    }
    int len = snprintf(buf, n, "legal");
    if (r->status == FC_CORPUS_DIVERGED) {
        char seat[16];
        snprintf(seat, sizeof seat, r->seat == FC_CHANCE ? "chance" : "seat %d", r->seat + 1);
        len = snprintf(buf, n, "diverged at decision %zu: %s '%s' (%s): %s", r->at, seat, r->text, r->kind, r->reason);
    }
    if (r->continued && len >= 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, r->timeout ? "; continued with %s to the decision limit" : "; continued with %s",
                 cp->agent ? cp->agent : "?");
}

/* Record i as a games row: as recorded, or as replayed under the new rules (the decisions
 * applied, the agent's after them, the scores reached). */
static void corpus_game(const fc_corpus_rec *r, int i, bool replayed, corpus_agents *ag, const char *note,
                        fc_sim_game *g, fc_run_game_note *nt)
{
    memset(g, 0, sizeof *g);
    g->index = i;
    g->seed = r->seed;
    const int32_t *score = replayed ? r->new_score : r->old_score;
    const int *rank = replayed ? r->new_rank : r->old_rank;
    bool over = replayed ? r->new_over : r->old_over;
    for (int s = 0; s < r->nseats && s < FC_MAX_SEATS; s++) {
        g->agent_at[s] = corpus_agent_row(ag, corpus_agent_label(r, s));
        g->score[s] = score[s];
        g->rank[s] = rank[s];
        g->winners += over && rank[s] == 0;
    }
    size_t applied = r->status == FC_CORPUS_DIVERGED && r->at > 0 ? r->at - 1 : r->decisions;
    g->decisions = replayed ? (long)applied + r->continued_decisions : (long)r->decisions;
    g->timeout = replayed && r->timeout;
    *nt = (fc_run_game_note){r->path, note, !over, true, r->nseats == 0};
}

/* The games rows of design A (every record) or B (every record replayed), in chunks of
 * records with one seat count. */
static void corpus_record_rows(cli_runs *runs, const corpus *cp, corpus_agents *ag, bool replayed)
{
    fc_sim_game *g = calloc(CORPUS_RUNS_CHUNK, sizeof *g);
    fc_run_game_note *nt = calloc(CORPUS_RUNS_CHUNK, sizeof *nt);
    char(*text)[CORPUS_RUNS_NOTE] = calloc(CORPUS_RUNS_CHUNK, sizeof *text);
    int n = 0, seats = 0;
    for (int i = 0; g && nt && text && i <= cp->r.nrec; i++) {
        const fc_corpus_rec *r = i < cp->r.nrec ? &cp->r.rec[i] : NULL;
        bool skip = r && replayed && r->status == FC_CORPUS_ERROR;
        if (n > 0 && (!r || (!skip && (r->nseats != seats || n == CORPUS_RUNS_CHUNK)))) {
            cli_runs_games_noted(runs, replayed ? "B" : "A", g, nt, n, seats);
            n = 0;
        }
        if (!r || skip)
            continue;
        seats = r->nseats;
        corpus_note(cp, r, text[n], sizeof text[n]);
        corpus_game(r, i, replayed, ag, text[n], &g[n], &nt[n]);
        n++;
    }
    free(g);
    free(nt);
    free(text);
}

/* The summary figures: counts, score changes per seat, the most common differences. */
static void corpus_record_metrics(cli_runs *runs, const fc_corpus_summary *s)
{
    const struct {
        const char *name;
        int v;
    } counts[] = {{"records", s->records},       {"errors", s->errors},       {"legal", s->legal},
                  {"diverged", s->diverged},     {"compared", s->compared},   {"winners_changed", s->winners_changed},
                  {"continued", s->continued},   {"unfinished", s->unfinished}, {"timeouts", s->timeouts}};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        cli_runs_metric(runs, "", counts[i].name, counts[i].v, NAN, NAN, NAN, NULL);
    for (int k = 0; k < s->maxseats; k++) {
        char name[32];
        snprintf(name, sizeof name, "score_change:%d", k + 1);
        if (s->score_n[k] > 0)
            cli_runs_metric(runs, "", name, s->score_change[k], s->score_lo[k], s->score_hi[k], NAN, NULL);
        snprintf(name, sizeof name, "mde:score_change:%d", k + 1);
        if (s->score_n[k] > 0 && isfinite(s->score_mde[k])) /* the smallest change these records detect */
            cli_runs_metric(runs, "", name, s->score_mde[k], NAN, NAN, NAN, NULL);
    }
    for (int i = 0; i < s->ndiffs; i++) {
        char name[32];
        snprintf(name, sizeof name, "difference:%d", i + 1);
        cli_runs_metric(runs, "", name, s->diffs[i].n, NAN, NAN, NAN, s->diffs[i].text);
    }
}

/* Designs A and B: the rules of the first record replayed, as recorded and under the new rules
 * (every parameter, the variant's text); the records' differences are figures (difference:N). */
static void corpus_record_designs(cli_runs *runs, const corpus *cp)
{
    if (!cp->r.first_rules[0])
        return;
    const fc_corpus_rec *r = &cp->r.rec[cp->r.first];
    char text[8192];
    cli_rules_text(cp->r.first_rules[0], text, sizeof text);
    size_t len = strlen(text);
    snprintf(text + len, sizeof text - len, " (%s as recorded, the first record replayed)", r->path);
    cli_runs_design(runs, "A", cp->r.first_rules[0], text);
    snprintf(text, sizeof text, "%s (%s under the new rules)", r->diff, r->path);
    cli_runs_design(runs, "B", cp->r.first_rules[1], text);
}

void corpus_record(const corpus *cp, const cli *c, bool complete)
{
    cli_runs *runs =
        cli_runs_begin(c, "replay", cp->r.game[0] ? cp->r.game : "?", cp->r.sum.maxseats, 0, cp->threads, cp->r.nrec);
    if (!runs)
        return;
    corpus_agents ag = {0};
    for (int i = 0; i < cp->r.nrec; i++)
        for (int s = 0; s < cp->r.rec[i].nseats && s < FC_MAX_SEATS; s++)
            corpus_agent_row(&ag, corpus_agent_label(&cp->r.rec[i], s));
    for (int k = 0; k < ag.n; k++)
        cli_runs_seat(runs, k + 1, ag.label[k], NULL);
    corpus_record_designs(runs, cp);
    corpus_record_rows(runs, cp, &ag, false);
    corpus_record_rows(runs, cp, &ag, true);
    if (complete)
        corpus_record_metrics(runs, &cp->r.sum);
    cli_runs_end(runs, complete, cp->r.nrec);
}
