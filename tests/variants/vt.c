/* Helpers of the variant-library tests (see vt.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vt.h"

#define VT_MAX_DECISIONS 300000L

fc_context *vt_context(void)
{
    fc_context *ctx = fc_context_new();
    assert_non_null(ctx);
    fc_context_add_default_paths(ctx);
    fc_context_scan(ctx);
    return ctx;
}

fc_rules *vt_rules(fc_context *ctx, const char *game, int nseats, const char *variant, const char *set)
{
    fc_error err;
    memset(&err, 0, sizeof err);
    fc_rules *r = fc_rules_new(ctx, game, nseats, &err);
    int rc = r ? 0 : -1;
    if (rc == 0 && variant) {
        char path[1024];
        snprintf(path, sizeof path, "%s/scripts/%s/%s.lua", FC_SOURCE_ROOT, game, variant);
        rc = fc_rules_load_variant(r, path, &err);
    }
    if (rc == 0 && set)
        rc = fc_rules_set(r, set, &err);
    if (rc == 0)
        rc = fc_rules_finish(r, &err);
    if (rc != 0)
        fail_msg("%s/%s: %s", game, variant ? variant : "standard", err.msg);
    return r;
}

/* One step of a random game: a chance outcome or the agent's choice. */
static void vt_step(fc_match *m, fc_agent *a)
{
    fc_error err;
    memset(&err, 0, sizeof err);
    int rc;
    if (fc_match_to_move(m) == FC_CHANCE) {
        rc = fc_match_play_chance(m, &err);
    } else {
        fc_decision d;
        rc = fc_agent_choose(a, m, &d, &err);
        if (rc == 0)
            rc = fc_match_play(m, d, &err);
    }
    if (rc != 0)
        fail_msg("ply %zu: %s", fc_match_ply(m), err.msg);
}

static fc_match *vt_new(const fc_rules *r, uint64_t seed, fc_agent **a)
{
    fc_error err;
    memset(&err, 0, sizeof err);
    fc_match *m = fc_match_new(r, seed, &err);
    if (!m)
        fail_msg("match: %s", err.msg);
    *a = fc_agent_new("random", seed * 7919u + 1u, &err);
    assert_non_null(*a);
    return m;
}

fc_match *vt_play(const fc_rules *r, uint64_t seed, const char *stop)
{
    fc_agent *a;
    fc_match *m = vt_new(r, seed, &a);
    size_t seen = 0;
    for (long n = 0; n < VT_MAX_DECISIONS && fc_match_to_move(m) != FC_NOBODY; n++) {
        vt_step(m, a);
        if (!stop)
            continue;
        for (; seen < fc_match_event_count(m); seen++)
            if (strstr(fc_match_event_get(m, seen)->text, stop)) {
                fc_agent_free(a);
                return m;
            }
    }
    fc_agent_free(a);
    return m;
}

const char *vt_find_event(const fc_match *m, const char *pat, char *buf, size_t n)
{
    buf[0] = '\0';
    for (size_t i = 0; i < fc_match_event_count(m); i++)
        if (strstr(fc_match_event_get(m, i)->text, pat)) {
            snprintf(buf, n, "%s", fc_match_event_get(m, i)->text);
            break;
        }
    return buf;
}

long vt_count_events(const fc_match *m, const char *pat)
{
    long k = 0;
    for (size_t i = 0; i < fc_match_event_count(m); i++)
        k += strstr(fc_match_event_get(m, i)->text, pat) != NULL;
    return k;
}

/* The text of the first legal decision of x missing from y ("" if none). */
static void vt_missing(fc_match *x, fc_match *y, char *buf, size_t n)
{
    const fc_decision *dx, *dy;
    int nx = fc_match_legal(x, &dx, NULL);
    buf[0] = '\0';
    for (int i = 0; i < nx; i++) {
        char tx[128], ty[128];
        fc_match_decision_text(x, dx[i], tx, sizeof tx);
        int ny = fc_match_legal(y, &dy, NULL), found = 0;
        for (int k = 0; k < ny && !found; k++) {
            fc_match_decision_text(y, dy[k], ty, sizeof ty);
            found = strcmp(tx, ty) == 0;
        }
        if (!found) {
            snprintf(buf, n, "%s", tx);
            return;
        }
    }
}

void vt_lockstep(const fc_rules *ra, const fc_rules *rb, uint64_t seed, vt_diff *out)
{
    memset(out, 0, sizeof *out);
    out->ply = -1;
    fc_agent *aa, *ab;
    fc_match *a = vt_new(ra, seed, &aa), *b = vt_new(rb, seed, &ab);
    size_t ev = 0;
    for (long n = 0; n < VT_MAX_DECISIONS; n++) {
        size_t na = fc_match_event_count(a), nb = fc_match_event_count(b);
        for (; ev < na && ev < nb; ev++)
            if (strcmp(fc_match_event_get(a, ev)->text, fc_match_event_get(b, ev)->text) != 0) {
                snprintf(out->event_a, sizeof out->event_a, "%s", fc_match_event_get(a, ev)->text);
                snprintf(out->event_b, sizeof out->event_b, "%s", fc_match_event_get(b, ev)->text);
                break;
            }
        out->to_move_a = fc_match_to_move(a);
        out->to_move_b = fc_match_to_move(b);
        if (out->event_a[0] || out->to_move_a != out->to_move_b) {
            out->ply = n;
            break;
        }
        if (out->to_move_a == FC_NOBODY) {
            int32_t sa[FC_MAX_SEATS], sb[FC_MAX_SEATS];
            int ka[FC_MAX_SEATS], kb[FC_MAX_SEATS];
            memset(sa, 0, sizeof sa), memset(sb, 0, sizeof sb), memset(ka, 0, sizeof ka), memset(kb, 0, sizeof kb);
            fc_match_scores(a, sa, ka);
            fc_match_scores(b, sb, kb);
            out->over = memcmp(sa, sb, sizeof sa) == 0 && memcmp(ka, kb, sizeof ka) == 0 && na == nb;
            if (!out->over)
                out->ply = n;
            break;
        }
        vt_missing(a, b, out->only_a, sizeof out->only_a);
        vt_missing(b, a, out->only_b, sizeof out->only_b);
        if (out->only_a[0] || out->only_b[0]) {
            out->ply = n;
            break;
        }
        vt_step(a, aa);
        vt_step(b, ab);
    }
    fc_agent_free(aa);
    fc_agent_free(ab);
    fc_match_free(a);
    fc_match_free(b);
}

void vt_run_batch(const fc_rules *r, int n, const char *const *pat, int npat, vt_batch *out)
{
    memset(out, 0, sizeof *out);
    int nseats = fc_rules_nseats(r);
    for (int g = 1; g <= n; g++) {
        fc_match *m = vt_play(r, (uint64_t)g, NULL);
        assert_int_equal(fc_match_to_move(m), FC_NOBODY);
        int32_t score[FC_MAX_SEATS];
        int rank[FC_MAX_SEATS];
        fc_match_scores(m, score, rank);
        int32_t lo = score[0], hi = score[0], second = -2147483647;
        int winners = 0;
        for (int s = 0; s < nseats; s++) {
            out->mean_score += score[s];
            lo = score[s] < lo ? score[s] : lo;
            hi = score[s] > hi ? score[s] : hi;
            winners += rank[s] == 0;
        }
        for (int s = 0, skipped = 0; s < nseats; s++) {
            if (score[s] == hi && !skipped) {
                skipped = 1;
                continue;
            }
            second = score[s] > second ? score[s] : second;
        }
        out->mean_min += lo;
        out->mean_max += hi;
        out->mean_margin += hi - second;
        out->mean_rounds += fc_match_round(m);
        out->mean_decisions += (double)fc_match_ply(m);
        out->shared += winners > 1;
        for (int i = 0; i < npat && i < VT_MAX_COUNT; i++)
            out->count[i] += vt_count_events(m, pat[i]);
        fc_match_free(m);
    }
    out->games = n;
    out->mean_score /= (double)n * nseats;
    out->mean_min /= n;
    out->mean_max /= n;
    out->mean_margin /= n;
    out->mean_rounds /= n;
    out->mean_decisions /= n;
}

fc_match *vt_play_to(const fc_rules *r, uint64_t seed, long ply)
{
    fc_agent *a;
    fc_match *m = vt_new(r, seed, &a);
    for (long n = 0; n < ply && fc_match_to_move(m) != FC_NOBODY; n++)
        vt_step(m, a);
    fc_agent_free(a);
    return m;
}

const char *vt_view_text(const fc_match *m, int seat, const char *what, char *buf, size_t n)
{
    fc_view *v = calloc(1, sizeof *v);
    assert_non_null(v);
    fc_match_view(m, seat, v);
    buf[0] = '\0';
    int q, r;
    if (sscanf(what, "%d,%d", &q, &r) == 2) {
        for (int i = 0; i < v->ncells; i++)
            if (v->cells[i].hex.q == q && v->cells[i].hex.r == r)
                snprintf(buf, n, "%s", v->cells[i].label);
    } else {
        int s = -1;
        char key[32];
        if (sscanf(what, "%d:%31s", &s, key) == 2)
            for (int i = 0; i < v->npanel; i++)
                if (v->panel[i].seat == s && strcmp(v->panel[i].key, key) == 0)
                    snprintf(buf, n, "%s", v->panel[i].value);
    }
    free(v);
    return buf;
}

const char *vt_last_event(const fc_match *m)
{
    size_t n = fc_match_event_count(m);
    return n ? fc_match_event_get(m, n - 1)->text : "";
}

int vt_group_setup(void **state)
{
    *state = vt_context();
    return 0;
}

int vt_group_teardown(void **state)
{
    fc_context_free(*state);
    return 0;
}
