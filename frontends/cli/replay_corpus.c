/* `formicary replay --rules F.ini | --variant F.lua | --set k=v RECORD...`: every record
 * re-played under a new rule set made of the record's own parameters and variant with the
 * options layered on top (docs/corpus.md). For each record: the first recorded decision the
 * new rules refuse, with why, or the result under the new rules; --continue-with finishes the
 * games that stopped short. */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formicary/rules_diff.h"
#include "formicary/stats.h"
#include "replay_corpus.h"

#define CORPUS_CONTINUE_STREAM 0x636f6e74696e7565ull /* "continue" */

bool cli_replay_is_corpus(const cli *c)
{
    static const char *const opts[] = {"--corpus",  "--rules", "--variant", "--set",     "--continue-with",
                                       "--csv",     "--json",  "--html",    "--summary", "--max-decisions", "--threads"};
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if (cli_opt_count(c, opts[i]) > 0)
            return true;
    struct stat st;
    return c->npos > 1 || (c->npos == 1 && stat(c->pos[0], &st) == 0 && S_ISDIR(st.st_mode));
}

/* ---- the list of records: files as given, directories as their *.fcr files sorted ---- */

typedef struct corpus_paths {
    char **v;
    int n, cap;
} corpus_paths;

static int paths_add(corpus_paths *p, const char *a, const char *b)
{
    if (p->n == p->cap) {
        int cap = p->cap ? p->cap * 2 : 64;
        char **v = realloc(p->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        p->v = v;
        p->cap = cap;
    }
    size_t need = strlen(a) + (b ? strlen(b) + 2 : 1);
    if (!(p->v[p->n] = malloc(need)))
        return -1;
    snprintf(p->v[p->n], need, b ? "%s/%s" : "%s", a, b);
    p->n++;
    return 0;
}

static int name_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int paths_collect(const cli *c, corpus_paths *p)
{
    for (int i = 0; i < c->npos; i++) {
        struct stat st;
        if (stat(c->pos[i], &st) != 0 || !S_ISDIR(st.st_mode)) {
            if (paths_add(p, c->pos[i], NULL) != 0)
                return cli_fail("out of memory");
            continue; /* a missing file is reported as that record's error */
        }
        DIR *d = opendir(c->pos[i]);
        if (!d)
            return cli_fail("replay: %s: %s", c->pos[i], strerror(errno));
        int first = p->n;
        size_t dl = strlen(c->pos[i]);
        char dir[4096];
        snprintf(dir, sizeof dir, "%.*s", (int)(dl > 1 && c->pos[i][dl - 1] == '/' ? dl - 1 : dl), c->pos[i]);
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            size_t len = strlen(e->d_name);
            if (len > 4 && strcmp(e->d_name + len - 4, ".fcr") == 0 && e->d_name[0] != '.' &&
                paths_add(p, dir, e->d_name) != 0) {
                closedir(d);
                return cli_fail("out of memory");
            }
        }
        closedir(d);
        if (p->n == first)
            return cli_fail("replay: %s: a directory without records (*.fcr)", c->pos[i]);
        qsort(p->v + first, (size_t)(p->n - first), sizeof *p->v, name_cmp);
    }
    return 0;
}

/* ---- the new rule set of one record ---- */

/* The options alone over the schema defaults, one per seat count: which parameters they set
 * (origin not "default"), their values, the new variant. Built once; an error here is an
 * error of the options (an unknown parameter, a bad INI), so it stops the run. */
typedef struct corpus_probes {
    fc_rules *r[FC_MAX_SEATS + 1];
} corpus_probes;

static fc_rules *corpus_probe(const cli *c, corpus_probes *pr, fc_context *ctx, const char *game, int nseats,
                              fc_error *err)
{
    if (nseats < 1 || nseats > FC_MAX_SEATS)
        return NULL;
    /* without --variant, a --set of a variant's parameter waits for the record's variant */
    if (!pr->r[nseats])
        pr->r[nseats] = cli_rules_build(c, ctx, game, nseats, !cli_opt(c, "--variant"), err);
    return pr->r[nseats];
}

/* Parameter i of the new rules: the option's value where the options set it, else the
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
static fc_rules *corpus_build(const cli *c, const fc_rules *orig, const fc_rules *probe, const uint8_t *force,
                              fc_error *err)
{
    const fc_plugin *p = fc_rules_plugin(orig);
    bool new_ruleset = cli_opt(c, "--rules") != NULL, new_variant = cli_opt(c, "--variant") != NULL;
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
     * that variant came from, the record's or the options' */
    for (int i = p->nparams; rc == 0 && i < fc_rules_param_count(var_from); i++) {
        const fc_param_def *d = fc_rules_param_def(var_from, i);
        char text[FC_PARAM_NAME_MAX + 32];
        snprintf(text, sizeof text, "%s=%lld", d->name, (long long)fc_rules_values(var_from)[i].i);
        rc = fc_rules_set(r, text, err);
    }
    /* --set of the record's variant's parameters (the probe left them out) */
    for (int i = 0; rc == 0 && !new_variant && i < cli_opt_count(c, "--set"); i++)
        if (!cli_set_is_game_param(p, cli_opt_at(c, "--set", i)))
            rc = fc_rules_set(r, cli_opt_at(c, "--set", i), err);
    if (rc == 0)
        rc = fc_rules_finish(r, err);
    if (rc != 0) {
        fc_rules_free(r);
        return NULL;
    }
    return r;
}

/* The new rules of a record (docs/corpus.md): every parameter as the options or the record
 * say, checked after finishing; a default left unset that a layer changed (the record's
 * variant) is set explicitly on a second build. */
static fc_rules *corpus_rules(const cli *c, const fc_rules *orig, const fc_rules *probe, fc_error *err)
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

/* Without --variant, a --set the game does not declare must name a parameter of the record's
 * own variant; otherwise the options are wrong and the run stops (said in msg). */
static int corpus_check_sets(const cli *c, const fc_rules *orig, const char *path, char *msg, size_t n)
{
    const fc_plugin *p = fc_rules_plugin(orig);
    for (int k = 0; !cli_opt(c, "--variant") && k < cli_opt_count(c, "--set"); k++) {
        const char *set = cli_opt_at(c, "--set", k);
        size_t len = strcspn(set, "=");
        if (cli_set_is_game_param(p, set))
            continue;
        bool found = false;
        for (int i = p->nparams; !found && i < fc_rules_param_count(orig); i++)
            found = cli_set_names(set, fc_rules_param_def(orig, i)->name);
        if (found)
            continue;
        if (fc_rules_param_count(orig) > p->nparams)
            snprintf(msg, n, "replay: --set: unknown parameter '%.*s': neither %s nor the variant of %s declares it",
                     (int)len, set, p->id, path);
        else
            snprintf(msg, n, "replay: --set: unknown parameter '%.*s' (%s has no such parameter and %s no variant)",
                     (int)len, set, p->id, path);
        return CLI_EXIT_FAIL;
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
static bool corpus_apply(corpus_rec *rec, fc_match *n, int seat, const char *text, size_t i)
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
    rec->status = CORPUS_DIVERGED;
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
static bool corpus_step(corpus_rec *rec, fc_match *o, fc_match *n, const fc_history_entry *h, size_t i)
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

/* --continue-with: the agent in every seat until the game ends or max decisions. */
static int corpus_continue(corpus_rec *rec, fc_match *n, const char *spec, long max, fc_error *err)
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

/* The replay of a corpus over threads: workers take records in increasing order from a shared
 * counter and fill rec[i] only, so the report does not depend on the thread count. The lock
 * guards the counter, the progress bar, the probes and the error that stops the run. */
typedef struct corpus_run {
    corpus *cp;
    const cli *c;
    fc_context *ctx;
    corpus_probes probes;
    long max_decisions;
    pthread_mutex_t lock;
    int next, done;
    bool progress;
    int fatal_at; /* lowest record whose options error stops the run, or -1 */
    char fatal[FC_ERROR_MSG_MAX + 96];
} corpus_run;

/* What a record's replay compares: the new rules from its own (replaced: the recorded variant's
 * name when --variant replaced it unread) and its agents. */
static void corpus_said(corpus_rec *rec, const fc_rules *orig, const fc_rules *nr, const char *replaced,
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

/* One record; a non-zero return is an error of the options (the run stops), said in fatal. */
/* --variant: the record's own variant is replaced, so it is never loaded nor run (docs/corpus.md).
 * The record is read as text (fc_record_moves): its recorded result is the old one and its
 * decisions are applied by their notation to the new rules only. */
static int corpus_one_replaced(corpus_run *run, corpus_rec *rec, char *fatal_msg, size_t fatal_size)
{
    fc_record_moves mv;
    fc_rules *nr = NULL;
    fc_match *n = NULL;
    fc_error e;
    fc_error_clear(&e);
    int fatal = 0;
    rec->status = CORPUS_ERROR;
    if (fc_record_load_moves(run->ctx, rec->path, &mv, &e) != 0) {
        snprintf(rec->error, sizeof rec->error, "%s", e.msg[0] ? e.msg : "invalid record");
        return 0;
    }
    const char *game = fc_rules_plugin(mv.rules)->id;
    rec->nseats = fc_rules_nseats(mv.rules);
    rec->seed = mv.seed;
    rec->decisions = mv.n;
    rec->old_over = mv.finished;
    memcpy(rec->old_score, mv.score, sizeof mv.score);
    memcpy(rec->old_rank, mv.rank, sizeof mv.rank);
    pthread_mutex_lock(&run->lock);
    const fc_rules *probe = strcmp(game, run->cp->game) != 0 ? NULL
                                                             : corpus_probe(run->c, &run->probes, run->ctx, game, rec->nseats, &e);
    pthread_mutex_unlock(&run->lock);
    if (strcmp(game, run->cp->game) != 0) {
        snprintf(rec->error, sizeof rec->error, "a record of %s in a corpus of %s", game, run->cp->game);
    } else if (!probe) {
        snprintf(fatal_msg, fatal_size, "replay: %s (%d seats): %s", game, rec->nseats,
                 e.msg[0] ? e.msg : "cannot build the rules");
        fatal = CLI_EXIT_FAIL;
    } else if (!(nr = corpus_rules(run->c, mv.rules, probe, &e)) ||
               !(n = mv.position ? fc_match_new_from_position(nr, mv.seed, mv.position, &e) : fc_match_new(nr, mv.seed, &e))) {
        snprintf(rec->error, sizeof rec->error, "under the new rules: %.450s", e.msg);
    } else {
        corpus_said(rec, mv.rules, nr, mv.variant, mv.agent);
        fc_match_set_log(n, 0);
        rec->status = CORPUS_LEGAL;
        for (size_t i = 0; i < mv.n && corpus_apply(rec, n, mv.move[i].seat, mv.move[i].text, i); i++) {
        }
        if (run->cp->agent && fc_match_to_move(n) != FC_NOBODY &&
            corpus_continue(rec, n, run->cp->agent, run->max_decisions, &e) != 0) {
            rec->status = CORPUS_ERROR;
            snprintf(rec->error, sizeof rec->error, "continuing with %.60s: %.400s", run->cp->agent, e.msg);
        } else {
            rec->new_over = fc_match_to_move(n) == FC_NOBODY;
            fc_match_scores(n, rec->new_score, rec->new_rank);
        }
    }
    fc_match_free(n);
    corpus_keep_rules(run->cp, &run->lock, rec, &mv.rules, &nr);
    fc_rules_free(nr);
    fc_record_moves_free(&mv);
    return fatal;
}

static int corpus_one(corpus_run *run, corpus_rec *rec, char *fatal_msg, size_t fatal_size)
{
    if (cli_opt(run->c, "--variant"))
        return corpus_one_replaced(run, rec, fatal_msg, fatal_size);
    fc_rules *orig = NULL, *nr = NULL;
    fc_match *loaded = NULL, *o = NULL, *n = NULL;
    fc_record_info info;
    fc_error e;
    fc_error_clear(&e);
    int fatal = 0;
    rec->status = CORPUS_ERROR;
    if (fc_record_load(run->ctx, rec->path, &orig, &loaded, &info, &e) != 0) {
        snprintf(rec->error, sizeof rec->error, "%s", e.msg[0] ? e.msg : "invalid record");
        goto out;
    }
    const char *game = fc_rules_plugin(orig)->id;
    rec->nseats = fc_rules_nseats(orig);
    rec->seed = fc_match_seed(loaded);
    rec->decisions = fc_match_ply(loaded);
    rec->old_over = fc_match_to_move(loaded) == FC_NOBODY;
    fc_match_scores(loaded, rec->old_score, rec->old_rank);
    if (strcmp(game, run->cp->game) != 0) {
        snprintf(rec->error, sizeof rec->error, "a record of %s in a corpus of %s", game, run->cp->game);
        goto out;
    }
    pthread_mutex_lock(&run->lock);
    const fc_rules *probe = corpus_probe(run->c, &run->probes, run->ctx, game, rec->nseats, &e);
    pthread_mutex_unlock(&run->lock);
    if (!probe) {
        snprintf(fatal_msg, fatal_size, "replay: %s (%d seats): %s", game, rec->nseats,
                 e.msg[0] ? e.msg : "cannot build the rules");
        fatal = CLI_EXIT_FAIL;
        goto out;
    }
    if ((fatal = corpus_check_sets(run->c, orig, rec->path, fatal_msg, fatal_size)) != 0)
        goto out;
    nr = corpus_rules(run->c, orig, probe, &e);
    if (!nr || !(o = corpus_start(orig, loaded, &e)) || !(n = corpus_start(nr, loaded, &e))) {
        snprintf(rec->error, sizeof rec->error, "under the new rules: %.450s", e.msg);
        goto out;
    }
    corpus_said(rec, orig, nr, NULL, info.agent);
    rec->status = CORPUS_LEGAL;
    for (size_t i = 0; i < rec->decisions; i++) {
        const fc_history_entry *h = fc_match_history(loaded, i);
        if (!corpus_step(rec, o, n, h, i))
            break;
        if (fc_match_play(o, h->decision, &e) != 0) { /* the record's own rules: cannot happen */
            rec->status = CORPUS_ERROR;
            snprintf(rec->error, sizeof rec->error, "decision %zu: %.400s", i + 1, e.msg);
            goto out;
        }
    }
    if (run->cp->agent && fc_match_to_move(n) != FC_NOBODY &&
        corpus_continue(rec, n, run->cp->agent, run->max_decisions, &e) != 0) {
        rec->status = CORPUS_ERROR;
        snprintf(rec->error, sizeof rec->error, "continuing with %.60s: %.400s", run->cp->agent, e.msg);
        goto out;
    }
    rec->new_over = fc_match_to_move(n) == FC_NOBODY;
    fc_match_scores(n, rec->new_score, rec->new_rank);
out:
    fc_match_free(n);
    fc_match_free(o);
    fc_match_free(loaded);
    corpus_keep_rules(run->cp, &run->lock, rec, &orig, &nr);
    fc_rules_free(nr);
    fc_rules_free(orig);
    return fatal;
}

/* ---- the summary ---- */

bool corpus_compared(const corpus_rec *r) { return r->status != CORPUS_ERROR && r->old_over && r->new_over; }

bool corpus_winners_changed(const corpus_rec *r)
{
    if (!corpus_compared(r))
        return false;
    for (int s = 0; s < r->nseats; s++)
        if ((r->old_rank[s] == 0) != (r->new_rank[s] == 0))
            return true;
    return false;
}

static void corpus_kinds(corpus *cp)
{
    corpus_summary *sm = &cp->sum;
    struct {
        const char *kind;
        int n;
    } all[64];
    int nall = 0;
    for (int i = 0; i < cp->nrec; i++) {
        const corpus_rec *r = &cp->rec[i];
        if (r->status != CORPUS_DIVERGED)
            continue;
        int k = 0;
        while (k < nall && strcmp(all[k].kind, r->kind) != 0)
            k++;
        if (k == nall && nall == 64)
            continue; /* more kinds than anyone reads: the rare ones are dropped */
        if (k == nall) {
            all[k].kind = r->kind;
            all[k].n = 0;
            nall++;
        }
        all[k].n++;
    }
    for (sm->nkinds = 0; sm->nkinds < CORPUS_KINDS; sm->nkinds++) {
        int best = -1;
        for (int k = 0; k < nall; k++) /* first seen wins ties: deterministic */
            if (all[k].n > 0 && (best < 0 || all[k].n > all[best].n))
                best = k;
        if (best < 0)
            break;
        snprintf(sm->kinds[sm->nkinds].kind, sizeof sm->kinds[0].kind, "%s", all[best].kind);
        sm->kinds[sm->nkinds].n = all[best].n;
        all[best].n = 0;
    }
}

static void corpus_summarize(corpus *cp)
{
    corpus_summary *sm = &cp->sum;
    memset(sm, 0, sizeof *sm);
    sm->records = cp->nrec;
    double *at = malloc((size_t)(cp->nrec ? cp->nrec : 1) * sizeof *at);
    double *dv = malloc((size_t)(cp->nrec ? cp->nrec : 1) * sizeof *dv);
    int nat = 0;
    for (int i = 0; i < cp->nrec; i++) {
        const corpus_rec *r = &cp->rec[i];
        sm->maxseats = r->nseats > sm->maxseats ? r->nseats : sm->maxseats;
        sm->errors += r->status == CORPUS_ERROR;
        sm->legal += r->status == CORPUS_LEGAL;
        sm->diverged += r->status == CORPUS_DIVERGED;
        if (r->status == CORPUS_ERROR)
            continue;
        if (r->status == CORPUS_DIVERGED && at)
            at[nat++] = (double)r->at;
        sm->compared += corpus_compared(r);
        sm->winners_changed += corpus_winners_changed(r);
        sm->continued += r->continued;
        sm->timeouts += r->timeout;
        sm->unfinished += !r->new_over;
    }
    fc_stats_summary s;
    fc_stats_describe(at ? at : (double[1]){0}, at ? (size_t)nat : 0, &s);
    sm->at_min = s.min;
    sm->at_median = s.median;
    sm->at_max = s.max;
    for (int seat = 0; seat < sm->maxseats && dv; seat++) {
        int k = 0;
        for (int i = 0; i < cp->nrec; i++) {
            const corpus_rec *r = &cp->rec[i];
            if (corpus_compared(r) && seat < r->nseats)
                dv[k++] = (double)r->new_score[seat] - (double)r->old_score[seat];
        }
        fc_stats_describe(dv, (size_t)k, &s);
        double half = k > 1 ? fc_stats_t975((size_t)k - 1) * s.sd / sqrt((double)k) : 0;
        sm->score_n[seat] = k;
        sm->score_change[seat] = s.mean;
        sm->score_lo[seat] = k > 1 ? s.mean - half : NAN;
        sm->score_hi[seat] = k > 1 ? s.mean + half : NAN;
        sm->score_mde[seat] = fc_stats_mde(s.sd, (size_t)k);
    }
    free(at);
    free(dv);
    corpus_kinds(cp);
    corpus_group_said(cp);
}

/* ---- over threads ---- */

static void corpus_progress(int done, int total)
{
    int width = 40, fill = total ? done * width / total : width;
    fprintf(stderr, "\rreplay [%.*s%*s] %d/%d records", fill, "########################################", width - fill,
            "", done, total);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

static void *corpus_worker(void *arg)
{
    corpus_run *run = arg;
    char msg[sizeof run->fatal];
    for (;;) {
        pthread_mutex_lock(&run->lock);
        int i = run->fatal_at >= 0 || run->next >= run->cp->nrec ? -1 : run->next++;
        pthread_mutex_unlock(&run->lock);
        if (i < 0)
            return NULL;
        msg[0] = '\0';
        int fatal = corpus_one(run, &run->cp->rec[i], msg, sizeof msg);
        pthread_mutex_lock(&run->lock);
        if (fatal && (run->fatal_at < 0 || i < run->fatal_at)) {
            run->fatal_at = i;
            snprintf(run->fatal, sizeof run->fatal, "%s", msg);
        }
        run->done++;
        if (run->progress)
            corpus_progress(run->done, run->cp->nrec);
        pthread_mutex_unlock(&run->lock);
    }
}

/* The corpus's game: that of the first record (in the order given) that loads. */
static void corpus_first_game(corpus_run *run)
{
    for (int i = 0; i < run->cp->nrec && !run->cp->game[0]; i++) {
        fc_rules *r = NULL;
        fc_match *m = NULL;
        fc_record_info info;
        fc_error e;
        fc_error_clear(&e);
        if (cli_opt(run->c, "--variant")) { /* a replaced variant is not run, not even here */
            fc_record_moves mv;
            if (fc_record_load_moves(run->ctx, run->cp->rec[i].path, &mv, &e) == 0)
                snprintf(run->cp->game, sizeof run->cp->game, "%s", fc_rules_plugin(mv.rules)->id);
            fc_record_moves_free(&mv);
        } else if (fc_record_load(run->ctx, run->cp->rec[i].path, &r, &m, &info, &e) == 0) {
            snprintf(run->cp->game, sizeof run->cp->game, "%s", fc_rules_plugin(r)->id);
        }
        fc_match_free(m);
        fc_rules_free(r);
    }
}

static int corpus_replay_all(corpus_run *run, int threads)
{
    run->fatal_at = -1;
    if (pthread_mutex_init(&run->lock, NULL) != 0)
        return cli_fail("replay: cannot create a lock");
    corpus_first_game(run);
    int nt = threads < run->cp->nrec ? threads : run->cp->nrec, started = 0;
    pthread_t tid[256];
    for (int t = 1; t < nt; t++) {
        if (pthread_create(&tid[started], NULL, corpus_worker, run) != 0)
            break; /* fewer threads: the same report, only slower */
        started++;
    }
    corpus_worker(run); /* the calling thread works too */
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&run->lock);
    if (run->fatal_at >= 0) {
        if (run->progress && run->done < run->cp->nrec)
            fputc('\n', stderr);
        return cli_fail("%s", run->fatal);
    }
    return 0;
}

/* ---- the command ---- */

static void corpus_changes(corpus *cp, const cli *c)
{
    size_t len = 0, n = sizeof cp->changes;
    cp->changes[0] = '\0';
    if (cli_opt(c, "--rules"))
        len += (size_t)snprintf(cp->changes + len, n - len, "--rules %s ", cli_opt(c, "--rules"));
    if (cli_opt(c, "--variant") && len < n)
        len += (size_t)snprintf(cp->changes + len, n - len, "--variant %s ", cli_opt(c, "--variant"));
    for (int i = 0; i < cli_opt_count(c, "--set") && len < n; i++)
        len += (size_t)snprintf(cp->changes + len, n - len, "--set %s ", cli_opt_at(c, "--set", i));
    if (len > 0 && len < n)
        cp->changes[len - 1] = '\0';
    else if (len == 0)
        snprintf(cp->changes, n, "the records' own rules");
}

int cli_replay_corpus(cli *c)
{
    if (cli_opt(c, "--ui"))
        return cli_usage("replay: --ui shows one record; it does not go with a corpus (several records or new rules)");
    corpus cp;
    memset(&cp, 0, sizeof cp);
    corpus_run run;
    memset(&run, 0, sizeof run);
    run.cp = &cp;
    run.c = c;
    int maxdec = 0, threads = 1;
    if (!cli_opt_int(c, "--max-decisions", 1, 1000000000, 100000, &maxdec) ||
        !cli_opt_int(c, "--threads", 1, 256, 1, &threads))
        return CLI_EXIT_USAGE;
    run.max_decisions = maxdec;
    cp.c = c;
    cp.threads = threads;
    cp.agent = cli_opt(c, "--continue-with");
    if (cp.agent) {
        fc_error e;
        fc_error_clear(&e);
        fc_agent *a = fc_agent_new(cp.agent, 0, &e);
        if (!a)
            return cli_usage("replay: option --continue-with: %s", e.msg);
        fc_agent_free(a);
    }
    corpus_changes(&cp, c);
    corpus_paths paths = {NULL, 0, 0};
    int rc = paths_collect(c, &paths);
    if (rc == 0 && !(run.ctx = cli_context(c, NULL, 0)))
        rc = CLI_EXIT_FAIL;
    if (rc == 0 && !(cp.rec = calloc((size_t)(paths.n ? paths.n : 1), sizeof *cp.rec)))
        rc = cli_fail("out of memory");
    run.progress = !cli_flag(c, "--quiet") && paths.n > 1 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
    for (int i = 0; rc == 0 && i < paths.n; i++)
        cp.rec[i].path = paths.v[i];
    cp.nrec = paths.n;
    if (rc == 0)
        rc = corpus_replay_all(&run, threads);
    if (rc == 0) {
        corpus_summarize(&cp);
        const char *json = cli_opt(c, "--json"), *csv = cli_opt(c, "--csv"), *html = cli_opt(c, "--html");
        bool to_stdout = json && strcmp(json, "-") == 0;
        if (!cli_flag(c, "--quiet") && !to_stdout)
            corpus_print(&cp, stdout, !cli_flag(c, "--summary"));
        if ((csv && corpus_write_csv(&cp, csv) != 0) || (json && corpus_write_json(&cp, json) != 0) ||
            (html && corpus_write_html(&cp, html) != 0))
            rc = CLI_EXIT_FAIL;
        else if (cp.sum.errors > 0)
            rc = CLI_EXIT_FAIL; /* every record was reported; the status says some could not be read */
        corpus_record(&cp, c, rc == 0 || cp.sum.errors > 0);
    }
    for (int k = 1; k <= FC_MAX_SEATS; k++)
        fc_rules_free(run.probes.r[k]);
    fc_rules_free(cp.first_rules[0]);
    fc_rules_free(cp.first_rules[1]);
    for (int i = 0; i < paths.n; i++)
        free(paths.v[i]);
    free(paths.v);
    free(cp.rec);
    fc_context_free(run.ctx);
    return rc;
}
