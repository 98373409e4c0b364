/* Corpus replay (formicary/corpus.h, docs/corpus.md): each record re-played under a new rule
 * set made of its own parameters and variant with the config's changes layered on top; the
 * first refused decision with why, or the result under the new rules; an agent may finish the
 * games that stopped short. Records go over the work pool (pool.h), each into its own slot, so
 * the results do not depend on the thread count. The summary is corpus_summary.c's. */
#include "formicary/corpus.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus_sum.h"
#include "formicary/agent.h"
#include "formicary/match.h"
#include "formicary/record.h"
#include "formicary/rng.h"
#include "formicary/rules.h"
#include "formicary/rules_diff.h"
#include "pool.h"

#define CORPUS_CONTINUE_STREAM 0x636f6e74696e7565ull /* "continue" */

/* A replay of the corpus: the lock guards the probes, built on first use by any thread, and the
 * first record's rules (fc_corpus.first_rules). */
typedef struct corpus_run {
    const fc_corpus_config *c;
    fc_corpus *out;
    fc_context *ctx;
    /* the changes alone over the schema defaults, one per seat count: which parameters they set
     * (origin not "default"), their values, the new variant. An error building one is an error
     * of the config (an unknown parameter, a bad INI), so it stops the run. */
    fc_rules *probe[FC_MAX_SEATS + 1];
    pthread_mutex_t lock;
    int *bad_set; /* per record: the set its failure names, or -1 */
} corpus_run;

/* ---- the new rule set of one record ---- */

/* Whether a set (NAME=VALUE) sets parameter `name`, and whether it names one of the game's own. */
static bool corpus_set_names(const char *set, const char *name)
{
    size_t len = strcspn(set, "=");
    return strlen(name) == len && strncmp(name, set, len) == 0;
}

static bool corpus_is_game_param(const fc_plugin *p, const char *set)
{
    for (int i = 0; i < p->nparams; i++)
        if (corpus_set_names(set, p->params[i].name))
            return true;
    return false;
}

static const char *corpus_file(const fc_corpus_config *c, const char *game, bool variant, const char *value,
                               char *buf, size_t n, fc_error *err)
{
    return c->resolve ? c->resolve(c->resolve_ud, game, variant, value, buf, n, err) : value;
}

/* The changes over the schema defaults. Without a new variant, a set of a variant's parameter
 * waits for the record's variant. */
static fc_rules *corpus_probe_build(const fc_corpus_config *c, fc_context *ctx, const char *game, int nseats,
                                    fc_error *err)
{
    const fc_plugin *p = fc_context_find(ctx, game, err);
    fc_rules *r = p ? fc_rules_new(ctx, game, nseats, err) : NULL;
    if (!r)
        return NULL;
    char buf[1024];
    const char *file;
    int rc = 0;
    if (c->rules)
        rc = (file = corpus_file(c, game, false, c->rules, buf, sizeof buf, err)) ? fc_rules_load_ini(r, file, err)
                                                                                   : FC_EINVAL;
    if (rc == 0 && c->variant)
        rc = (file = corpus_file(c, game, true, c->variant, buf, sizeof buf, err)) ? fc_rules_load_variant(r, file, err)
                                                                                    : FC_EINVAL;
    for (int i = 0; rc == 0 && i < c->nsets; i++)
        if (c->variant || corpus_is_game_param(p, c->sets[i]))
            rc = fc_rules_set(r, c->sets[i], err);
    return fc_rules_finish_or_free(r, rc, err);
}

/* The probe of a record's game and seat count; on failure err says it for the run. */
static const fc_rules *corpus_probe(corpus_run *run, const char *game, int nseats, fc_error *err)
{
    fc_error e;
    fc_error_clear(&e);
    pthread_mutex_lock(&run->lock);
    if (nseats >= 1 && nseats <= FC_MAX_SEATS && !run->probe[nseats])
        run->probe[nseats] = corpus_probe_build(run->c, run->ctx, game, nseats, &e);
    const fc_rules *r = nseats >= 1 && nseats <= FC_MAX_SEATS ? run->probe[nseats] : NULL;
    pthread_mutex_unlock(&run->lock);
    if (!r)
        fc_error_set(err, e.code ? e.code : FC_EINVAL, "%s (%d seats): %s", game, nseats,
                     e.msg[0] ? e.msg : "cannot build the rules");
    return r;
}


/* Parameter i of the new rules: the changes' value where they set it, else the
 * recorded one. */
static const fc_rules *corpus_from(const fc_rules *probe, const fc_rules *orig, int i)
{
    return strcmp(fc_rules_origin(probe, i), "default") != 0 ? probe : orig;
}

static void corpus_value(const fc_rules *r, int i, char *buf, size_t n)
{
    const fc_plugin *p = fc_rules_plugin(r);
    if (fc_param_format(&p->params[i], &fc_rules_values(r)[i], buf, n) < 0 && n)
        buf[0] = '\0';
}

static bool corpus_is_default(const fc_rules *r, int i)
{
    const fc_param_def *def = &fc_rules_plugin(r)->params[i];
    fc_value dv;
    fc_error e;
    char a[FC_PARAM_STR_MAX + 8], b[FC_PARAM_STR_MAX + 8];
    if (fc_param_default(def, &dv, &e) != 0 || fc_param_format(def, &dv, a, sizeof a) < 0)
        return false;
    corpus_value(r, i, b, sizeof b);
    return strcmp(a, b) == 0;
}

/* Sets parameter i (and its file text, so finishing opens no file) to its value from `from`. */
static int corpus_param(fc_rules *r, const fc_rules *from, int i, fc_error *err)
{
    const fc_plugin *p = fc_rules_plugin(from);
    char text[FC_PARAM_NAME_MAX + FC_PARAM_STR_MAX + 8];
    int len = snprintf(text, sizeof text, "%s=", p->params[i].name);
    corpus_value(from, i, text + len, sizeof text - (size_t)len);
    int rc = fc_rules_set(r, text, err);
    const char *file = fc_rules_path_text(from, i);
    if (rc == 0 && file)
        rc = fc_rules_set_path_text(r, p->params[i].name, file, err);
    return rc;
}

/* A recorded value equal to the schema default is left to the rule set's own layers rather than
 * set: a game's params_check accepts defaults that adapt to other parameters only when they
 * were not given (winter_food of Myrmes follows years). `force` marks those to set anyway. */
static fc_rules *corpus_build(const fc_corpus_config *c, const fc_rules *orig, const fc_rules *probe, const uint8_t *force,
                              fc_error *err)
{
    const fc_plugin *p = fc_rules_plugin(orig);
    bool new_ruleset = c->rules != NULL, new_variant = c->variant != NULL;
    fc_rules *r = fc_rules_new(fc_rules_context(orig), p->id, fc_rules_nseats(orig), err);
    if (!r)
        return NULL;
    fc_rules_forbid_files(r);
    const fc_rules *name_from = new_ruleset ? probe : orig, *var_from = new_variant ? probe : orig;
    int rc = fc_rules_set_name(r, fc_rules_name(name_from), err);
    if (rc == 0 && fc_rules_variant_text(var_from))
        rc = fc_rules_load_variant_text(r, fc_rules_variant_name(var_from), fc_rules_variant_text(var_from), err);
    for (int i = 0; rc == 0 && i < p->nparams; i++) {
        const fc_rules *from = corpus_from(probe, orig, i);
        if (from == probe || force[i] || !corpus_is_default(orig, i))
            rc = corpus_param(r, from, i, err);
    }
    /* the variant's declared parameters (after the game's, in its order): as in the rules
     * that variant came from, the record's or the changes' */
    for (int i = p->nparams; rc == 0 && i < fc_rules_param_count(var_from); i++) {
        const fc_param_def *d = fc_rules_param_def(var_from, i);
        char text[FC_PARAM_NAME_MAX + 32];
        snprintf(text, sizeof text, "%s=%lld", d->name, (long long)fc_rules_values(var_from)[i].i);
        rc = fc_rules_set(r, text, err);
    }
    /* sets of the record's variant's parameters (the probe left them out) */
    for (int i = 0; rc == 0 && !new_variant && i < c->nsets; i++)
        if (!corpus_is_game_param(p, c->sets[i]))
            rc = fc_rules_set(r, c->sets[i], err);
    return fc_rules_finish_or_free(r, rc, err);
}

/* The new rules of a record (docs/corpus.md): every parameter as the changes or the record
 * say, checked after finishing; a default left unset that a layer changed (the record's
 * variant) is set explicitly on a second build. */
static fc_rules *corpus_rules(const fc_corpus_config *c, const fc_rules *orig, const fc_rules *probe, fc_error *err)
{
    int n = fc_rules_plugin(orig)->nparams;
    uint8_t *force = calloc((size_t)(n > 0 ? n : 1), 1);
    if (!force) {
        fc_error_set(err, FC_ENOMEM, "out of memory");
        return NULL;
    }
    fc_rules *r = corpus_build(c, orig, probe, force, err);
    bool again = false;
    for (int i = 0; r && i < n; i++) {
        char want[FC_PARAM_STR_MAX + 8], got[FC_PARAM_STR_MAX + 8];
        corpus_value(corpus_from(probe, orig, i), i, want, sizeof want);
        corpus_value(r, i, got, sizeof got);
        if (strcmp(want, got) != 0) {
            force[i] = 1;
            again = true;
        }
    }
    if (again) {
        fc_rules_free(r);
        r = corpus_build(c, orig, probe, force, err);
    }
    free(force);
    return r;
}
/* Without a new variant, a set the game does not declare must name a parameter of the record's
 * own variant; otherwise the config is wrong and the run stops (*bad: the set). */
static int corpus_check_sets(const fc_corpus_config *c, const fc_rules *orig, const char *path, int *bad,
                             fc_error *err)
{
    const fc_plugin *p = fc_rules_plugin(orig);
    for (int k = 0; !c->variant && k < c->nsets; k++) {
        const char *set = c->sets[k];
        size_t len = strcspn(set, "=");
        if (corpus_is_game_param(p, set))
            continue;
        bool found = false;
        for (int i = p->nparams; !found && i < fc_rules_param_count(orig); i++)
            found = corpus_set_names(set, fc_rules_param_def(orig, i)->name);
        if (found)
            continue;
        *bad = k;
        if (fc_rules_param_count(orig) > p->nparams)
            return fc_error_set(err, FC_EUNKNOWN, "unknown parameter '%.*s': neither %s nor the variant of %s declares it",
                                (int)len, set, p->id, path);
        return fc_error_set(err, FC_EUNKNOWN, "unknown parameter '%.*s' (%s has no such parameter and %s no variant)",
                            (int)len, set, p->id, path);
    }
    return 0;
}

/* ---- replaying one record ---- */

static fc_match *corpus_start(const fc_rules *r, const fc_match *like, fc_error *err)
{
    const char *pos = fc_match_position(like);
    fc_match *m = pos ? fc_match_new_from_position(r, fc_match_seed(like), pos, err)
                      : fc_match_new(r, fc_match_seed(like), err);
    if (m)
        fc_match_set_log(m, 0);
    return m;
}

static void seat_text(int seat, char *buf, size_t n)
{
    if (seat == FC_CHANCE)
        snprintf(buf, n, "chance");
    else
        snprintf(buf, n, "seat %d", seat + 1);
}

/* Whether a legal decision now has this notation (then the game refused it when applied). */
static bool corpus_listed(fc_match *n, const char *text)
{
    const fc_decision *legal = NULL;
    int k = fc_match_legal(n, &legal, NULL);
    char buf[1024];
    for (int i = 0; i < k; i++)
        if (fc_match_decision_text(n, legal[i], buf, sizeof buf) >= 0 && strcmp(buf, text) == 0)
            return true;
    return false;
}

/* Applies recorded decision i (its seat and notation) to the new match; false (rec filled, the
 * kind from the notation's first word) when the new rules refuse it. */
static bool corpus_apply(fc_corpus_rec *rec, fc_match *n, int seat, const char *text, size_t i)
{
    int who = fc_match_to_move(n);
    fc_error e;
    fc_error_clear(&e);
    if (who == FC_NOBODY) {
        snprintf(rec->reason, sizeof rec->reason, "the game is over under the new rules");
    } else if (who != seat) {
        char a[24], b[24];
        seat_text(seat, a, sizeof a);
        seat_text(who, b, sizeof b);
        snprintf(rec->reason, sizeof rec->reason, "recorded for %s but %s is to move", a, b);
    } else if (fc_match_play_text(n, text, &e) == 0) {
        return true;
    } else if (e.code == FC_EILLEGAL && !corpus_listed(n, text)) {
        int k = fc_match_legal(n, NULL, NULL);
        snprintf(rec->reason, sizeof rec->reason, "not among the %d legal decision%s", k, k == 1 ? "" : "s");
    } else { /* the game (or a variant hook) refused it, or cannot read it: its own words */
        snprintf(rec->reason, sizeof rec->reason, "%s", e.msg);
    }
    rec->status = FC_CORPUS_DIVERGED;
    rec->at = i + 1;
    rec->seat = seat;
    snprintf(rec->text, sizeof rec->text, "%.*s", (int)sizeof rec->text - 1, text);
    if (who == FC_NOBODY)
        snprintf(rec->kind, sizeof rec->kind, "game over");
    else
        snprintf(rec->kind, sizeof rec->kind, "%.*s", (int)strcspn(text, " "), text);
    return false;
}

/* Applies recorded decision i of the replayed record (o: the record's own rules) to the new
 * match; a refused one gets the game's coarse group as its kind. */
static bool corpus_step(fc_corpus_rec *rec, fc_match *o, fc_match *n, const fc_history_entry *h, size_t i)
{
    char text[1024]; /* the whole notation: a cut one would not read back */
    if (fc_match_decision_text(o, h->decision, text, sizeof text) < 0)
        snprintf(text, sizeof text, "#%llu", (unsigned long long)h->decision);
    if (corpus_apply(rec, n, h->seat, text, i))
        return true;
    fc_decision_info info;
    memset(&info, 0, sizeof info);
    fc_match_decision_describe(o, h->decision, &info);
    if (strcmp(rec->kind, "game over") != 0 && info.group[0])
        snprintf(rec->kind, sizeof rec->kind, "%s", info.group);
    return false;
}

/* The continuing agent in every seat until the game ends or max decisions. */
static int corpus_continue(fc_corpus_rec *rec, fc_match *n, const char *spec, long max, fc_error *err)
{
    fc_agent *agent[FC_MAX_SEATS] = {NULL};
    int rc = 0;
    uint64_t seed = fc_match_seed(n) ^ CORPUS_CONTINUE_STREAM;
    for (int k = 0; k < rec->nseats && rc == 0; k++)
        if (!(agent[k] = fc_agent_new(spec, fc_hash64(&k, sizeof k, seed), err)))
            rc = err->code ? err->code : FC_EINVAL;
    rec->continued = true;
    while (rc == 0) {
        int who = fc_match_to_move(n);
        if (who == FC_NOBODY)
            break;
        if (rec->continued_decisions >= max) {
            rec->timeout = true;
            break;
        }
        if (who == FC_CHANCE) {
            rc = fc_match_play_chance(n, err);
        } else if (who < 0 || who >= rec->nseats) {
            rc = fc_error_set(err, FC_EPLUGIN, "the game reported seat %d to move", who);
        } else {
            fc_decision d = 0;
            rc = fc_agent_choose(agent[who], n, &d, err);
            if (rc == 0)
                rc = fc_match_play(n, d, err);
        }
        rec->continued_decisions++;
    }
    for (int k = 0; k < rec->nseats; k++)
        fc_agent_free(agent[k]);
    return rc;
}

/* What a record's replay compares: the new rules from its own (replaced: the recorded variant's
 * name when a new variant replaced it unread) and its agents. */
static void corpus_said(fc_corpus_rec *rec, const fc_rules *orig, const fc_rules *nr, const char *replaced,
                        const char agent[FC_MAX_SEATS][64])
{
    fc_rules_diff d;
    fc_error e;
    fc_error_clear(&e);
    int len = snprintf(rec->diff, sizeof rec->diff, "%s%s%sB = ", replaced && *replaced ? "the recorded variant " : "",
                       replaced && *replaced ? replaced : "", replaced && *replaced ? " replaced unread; " : "");
    if (len > 0 && (size_t)len < sizeof rec->diff) {
        if (fc_rules_compare(orig, nr, &d, &e) == 0)
            fc_rules_diff_text(&d, rec->diff + len, sizeof rec->diff - (size_t)len);
        else
            snprintf(rec->diff + len, sizeof rec->diff - (size_t)len, "? (%.200s)", e.msg);
        fc_rules_diff_free(&d);
    }
    size_t used = 0;
    rec->agents[0] = '\0';
    for (int s = 0; s < rec->nseats; s++)
        snprintf(rec->agent[s], sizeof rec->agent[s], "%s", agent[s]);
    for (int s = 0; s < rec->nseats && used < sizeof rec->agents; s++) {
        int w = snprintf(rec->agents + used, sizeof rec->agents - used, "%s%d %s", s ? ", " : "", s + 1,
                         agent[s][0] ? agent[s] : "unknown");
        used += w > 0 ? (size_t)w : 0;
    }
}
/* ---- one record ---- */

/* The recorded game as a record's own rules and match leave it. */
static void corpus_old(fc_corpus_rec *rec, const fc_rules *r, uint64_t seed, size_t n, bool over)
{
    rec->nseats = fc_rules_nseats(r);
    rec->seed = seed;
    rec->decisions = n;
    rec->old_over = over;
}

/* Keeps the rules of the lowest-numbered record replayed so far (records finish in any order
 * when several threads replay them), taking *orig and *nr when it keeps them. */
static void corpus_keep_rules(corpus_run *run, const fc_corpus_rec *rec, fc_rules **orig, fc_rules **nr)
{
    fc_corpus *out = run->out;
    int i = (int)(rec - out->rec);
    pthread_mutex_lock(&run->lock);
    if (rec->status != FC_CORPUS_ERROR && *orig && *nr && (!out->first_rules[0] || i < out->first)) {
        fc_rules_free(out->first_rules[0]);
        fc_rules_free(out->first_rules[1]);
        out->first_rules[0] = *orig;
        out->first_rules[1] = *nr;
        *orig = *nr = NULL;
        out->first = i;
    }
    pthread_mutex_unlock(&run->lock);
}

/* The end of a record's replay: the agent finishes the game if asked, then the new result. */
static void corpus_finish(const corpus_run *run, fc_corpus_rec *rec, fc_match *n)
{
    fc_error e;
    fc_error_clear(&e);
    const char *agent = run->c->agent;
    if (agent && fc_match_to_move(n) != FC_NOBODY && corpus_continue(rec, n, agent, run->c->max_decisions, &e) != 0) {
        rec->status = FC_CORPUS_ERROR;
        snprintf(rec->error, sizeof rec->error, "continuing with %.60s: %.400s", agent, e.msg);
        return;
    }
    rec->new_over = fc_match_to_move(n) == FC_NOBODY;
    fc_match_scores(n, rec->new_score, rec->new_rank);
}

/* A new variant: the record's own is replaced, so it is never loaded nor run (docs/corpus.md).
 * The record is read as text (fc_record_moves): its recorded result is the old one and its
 * decisions are applied by their notation to the new rules only. A non-zero return is an
 * error of the config (the run stops), said in err. */
static int corpus_one_replaced(corpus_run *run, fc_corpus_rec *rec, fc_error *err)
{
    fc_record_moves mv;
    fc_rules *nr = NULL;
    fc_match *n = NULL;
    fc_error e;
    fc_error_clear(&e);
    int fatal = 0;
    rec->status = FC_CORPUS_ERROR;
    if (fc_record_load_moves(run->ctx, rec->path, &mv, &e) != 0) {
        snprintf(rec->error, sizeof rec->error, "%s", e.msg[0] ? e.msg : "invalid record");
        return 0;
    }
    const char *game = fc_rules_plugin(mv.rules)->id;
    corpus_old(rec, mv.rules, mv.seed, mv.n, mv.finished);
    memcpy(rec->old_score, mv.score, sizeof mv.score);
    memcpy(rec->old_rank, mv.rank, sizeof mv.rank);
    const fc_rules *probe = NULL;
    if (strcmp(game, run->out->game) != 0) {
        snprintf(rec->error, sizeof rec->error, "a record of %s in a corpus of %s", game, run->out->game);
    } else if (!(probe = corpus_probe(run, game, rec->nseats, err))) {
        fatal = err->code;
    } else if (!(nr = corpus_rules(run->c, mv.rules, probe, &e)) ||
               !(n = mv.position ? fc_match_new_from_position(nr, mv.seed, mv.position, &e) : fc_match_new(nr, mv.seed, &e))) {
        snprintf(rec->error, sizeof rec->error, "under the new rules: %.450s", e.msg);
    } else {
        corpus_said(rec, mv.rules, nr, mv.variant, mv.agent);
        fc_match_set_log(n, 0);
        rec->status = FC_CORPUS_LEGAL;
        for (size_t i = 0; i < mv.n && corpus_apply(rec, n, mv.move[i].seat, mv.move[i].text, i); i++) {
        }
        corpus_finish(run, rec, n);
    }
    fc_match_free(n);
    corpus_keep_rules(run, rec, &mv.rules, &nr);
    fc_rules_free(nr);
    fc_record_moves_free(&mv);
    return fatal;
}

/* The recorded decisions of `loaded` (o: a match of the record's own rules) applied to n. */
static void corpus_replay(fc_corpus_rec *rec, const fc_match *loaded, fc_match *o, fc_match *n)
{
    fc_error e;
    fc_error_clear(&e);
    rec->status = FC_CORPUS_LEGAL;
    for (size_t i = 0; i < rec->decisions; i++) {
        const fc_history_entry *h = fc_match_history(loaded, i);
        if (!corpus_step(rec, o, n, h, i))
            break;
        if (fc_match_play(o, h->decision, &e) != 0) { /* the record's own rules: cannot happen */
            rec->status = FC_CORPUS_ERROR;
            snprintf(rec->error, sizeof rec->error, "decision %zu: %.400s", i + 1, e.msg);
            return;
        }
    }
}

/* One record: non-zero on an error of the config (the run stops), said in err. */
static int corpus_one(corpus_run *run, int index, fc_error *err)
{
    fc_corpus_rec *rec = &run->out->rec[index];
    if (run->c->variant)
        return corpus_one_replaced(run, rec, err);
    fc_rules *orig = NULL, *nr = NULL;
    fc_match *loaded = NULL, *o = NULL, *n = NULL;
    fc_record_info info;
    fc_error e;
    fc_error_clear(&e);
    int fatal = 0;
    rec->status = FC_CORPUS_ERROR;
    if (fc_record_load(run->ctx, rec->path, &orig, &loaded, &info, &e) != 0) {
        snprintf(rec->error, sizeof rec->error, "%s", e.msg[0] ? e.msg : "invalid record");
        goto out;
    }
    const char *game = fc_rules_plugin(orig)->id;
    corpus_old(rec, orig, fc_match_seed(loaded), fc_match_ply(loaded), fc_match_to_move(loaded) == FC_NOBODY);
    fc_match_scores(loaded, rec->old_score, rec->old_rank);
    if (strcmp(game, run->out->game) != 0) {
        snprintf(rec->error, sizeof rec->error, "a record of %s in a corpus of %s", game, run->out->game);
        goto out;
    }
    const fc_rules *probe = corpus_probe(run, game, rec->nseats, err);
    if (!probe || (fatal = corpus_check_sets(run->c, orig, rec->path, &run->bad_set[index], err)) != 0) {
        fatal = err->code;
        goto out;
    }
    nr = corpus_rules(run->c, orig, probe, &e);
    if (!nr || !(o = corpus_start(orig, loaded, &e)) || !(n = corpus_start(nr, loaded, &e))) {
        snprintf(rec->error, sizeof rec->error, "under the new rules: %.450s", e.msg);
        goto out;
    }
    corpus_said(rec, orig, nr, NULL, info.agent);
    corpus_replay(rec, loaded, o, n);
    if (rec->status != FC_CORPUS_ERROR)
        corpus_finish(run, rec, n);
out:
    fc_match_free(n);
    fc_match_free(o);
    fc_match_free(loaded);
    corpus_keep_rules(run, rec, &orig, &nr);
    fc_rules_free(nr);
    fc_rules_free(orig);
    return fatal;
}

/* ---- the corpus ---- */

static int corpus_item(void *ud, int index, fc_error *err) { return corpus_one(ud, index, err); }

static void corpus_finished(void *ud, int index, int rc, int done, int total)
{
    (void)index;
    (void)rc;
    const corpus_run *run = ud;
    if (run->c->progress)
        run->c->progress(run->c->progress_ud, done, total);
}

/* The corpus's game: that of the first record (in the order given) that loads. */
static void corpus_first_game(corpus_run *run)
{
    fc_corpus *out = run->out;
    for (int i = 0; i < out->nrec && !out->game[0]; i++) {
        fc_rules *r = NULL;
        fc_match *m = NULL;
        fc_record_info info;
        fc_error e;
        fc_error_clear(&e);
        if (run->c->variant) { /* a replaced variant is not run, not even here */
            fc_record_moves mv;
            if (fc_record_load_moves(run->ctx, out->rec[i].path, &mv, &e) == 0)
                snprintf(out->game, sizeof out->game, "%s", fc_rules_plugin(mv.rules)->id);
            fc_record_moves_free(&mv);
        } else if (fc_record_load(run->ctx, out->rec[i].path, &r, &m, &info, &e) == 0) {
            snprintf(out->game, sizeof out->game, "%s", fc_rules_plugin(r)->id);
        }
        fc_match_free(m);
        fc_rules_free(r);
    }
}

static int corpus_replay_all(corpus_run *run, fc_error *err)
{
    if (pthread_mutex_init(&run->lock, NULL) != 0)
        return fc_error_set(err, FC_ESTATE, "cannot create a lock");
    corpus_first_game(run);
    fc_pool pool = {.count = run->out->nrec, .threads = run->c->threads, .item = corpus_item, .ud = run,
                    .finished = corpus_finished, .finished_ud = run};
    fc_error e;
    fc_error_clear(&e);
    int rc = fc_pool_run(&pool, &run->out->failed_at, &e);
    pthread_mutex_destroy(&run->lock);
    if (rc != 0) {
        if (run->out->failed_at >= 0)
            run->out->failed_set = run->bad_set[run->out->failed_at];
        fc_error_set(err, rc, "%s", e.msg);
    }
    return rc;
}

int fc_corpus_run(fc_context *ctx, const fc_corpus_config *c, const char *const *paths, int n, fc_corpus *out,
                  fc_error *err)
{
    memset(out, 0, sizeof *out);
    out->failed_at = out->failed_set = -1;
    if (!ctx || !c || n < 0 || (n > 0 && !paths))
        return fc_error_set(err, FC_EINVAL, "no corpus to replay");
    if (c->threads < 1 || c->threads > 1024)
        return fc_error_set(err, FC_ERANGE, "%d threads, expected 1..1024", c->threads);
    corpus_run run = {.c = c, .out = out, .ctx = ctx};
    out->rec = calloc((size_t)(n ? n : 1), sizeof *out->rec);
    run.bad_set = malloc((size_t)(n ? n : 1) * sizeof *run.bad_set);
    if (!out->rec || !run.bad_set) {
        free(run.bad_set);
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    for (int i = 0; i < n; i++) {
        out->rec[i].path = paths[i];
        run.bad_set[i] = -1;
    }
    out->nrec = n;
    int rc = corpus_replay_all(&run, err);
    if (rc == 0)
        fc_corpus_summarize(out);
    for (int k = 1; k <= FC_MAX_SEATS; k++)
        fc_rules_free(run.probe[k]);
    free(run.bad_set);
    return rc;
}

void fc_corpus_free(fc_corpus *out)
{
    if (!out)
        return;
    free(out->rec);
    out->rec = NULL;
    fc_rules_free(out->first_rules[0]);
    fc_rules_free(out->first_rules[1]);
    out->first_rules[0] = out->first_rules[1] = NULL;
    out->nrec = 0;
}
