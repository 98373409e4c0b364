/* What a study compared (study.h): seats with their tiers, rule sets and the B design's
 * difference from A, in text, JSON and CSV comments; the records of a corpus folder. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/tiers.h"
#include "study.h"

void cli_seat_from(const char *game, const char *given, const char *spec, cli_seat *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->spec, sizeof out->spec, "%s", spec);
    size_t len = strcspn(given, ":");
    char name[24];
    if (len >= sizeof name)
        return;
    snprintf(name, sizeof name, "%.*s", (int)len, given);
    fc_tiers tiers;
    fc_error err;
    fc_error_clear(&err);
    const fc_tier *t = cli_tiers(game, &tiers, &err) == 0 ? fc_tiers_find(&tiers, name) : NULL;
    bool is_kind = false; /* an agent kind's name is never a tier (tiers.h) */
    for (int i = 0; i < fc_agent_kind_count(); i++)
        is_kind |= strcmp(name, fc_agent_kind_name(i)) == 0;
    if (!t || is_kind)
        return;
    snprintf(out->tier, sizeof out->tier, "%s", t->name);
    out->rated = t->rated;
    out->elo = t->elo;
    out->elo_lo = t->elo_lo;
    out->elo_hi = t->elo_hi;
}

void cli_seat_text(const cli_seat *s, char *buf, size_t n)
{
    char spec[4 * sizeof s->spec];
    fc_escape(s->spec, spec, sizeof spec);
    if (!s->tier[0])
        snprintf(buf, n, "%s", spec);
    else if (s->rated)
        snprintf(buf, n, "%s = %s (Elo %.0f, %.0f..%.0f)", s->tier, spec, s->elo, s->elo_lo, s->elo_hi);
    else
        snprintf(buf, n, "%s = %s", s->tier, spec);
}

void cli_seats_text(const cli_seat *s, int n, char *buf, size_t size)
{
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    for (int k = 0; k < n && len < size; k++) {
        char one[1200];
        cli_seat_text(&s[k], one, sizeof one);
        int w = snprintf(buf + len, size - len, "%s%d %s", k ? ", " : "", k + 1, one);
        if (w < 0)
            break;
        len += (size_t)w;
    }
}

void cli_seat_json_members(cli_json *j, const cli_seat *s)
{
    cli_json_key(j, "agent");
    cli_json_str(j, s->spec);
    if (!s->tier[0])
        return;
    cli_json_key(j, "tier");
    cli_json_str(j, s->tier);
    if (!s->rated)
        return;
    const char *k[3] = {"elo", "elo_lo", "elo_hi"};
    double v[3] = {s->elo, s->elo_lo, s->elo_hi};
    for (int i = 0; i < 3; i++) {
        cli_json_key(j, k[i]);
        cli_json_num(j, v[i]);
    }
}

void cli_rules_text(const fc_rules *r, char *buf, size_t n)
{
    char raw[2048];
    fc_rules_describe(r, raw, sizeof raw);
    fc_escape(raw, buf, n);
}

void cli_design_b_text(const fc_rules *a, const fc_rules *b, char *buf, size_t n)
{
    fc_rules_diff d;
    fc_error err;
    fc_error_clear(&err);
    char raw[2048];
    if (fc_rules_compare(a, b, &d, &err) == 0) {
        int len = snprintf(raw, sizeof raw, "B = ");
        fc_rules_diff_text(&d, raw + len, sizeof raw - (size_t)len);
    } else {
        snprintf(raw, sizeof raw, "B: %s", err.msg);
    }
    fc_rules_diff_free(&d);
    fc_escape(raw, buf, n);
}

static void json_str_member(cli_json *j, const char *key, const char *value)
{
    cli_json_key(j, key);
    cli_json_str(j, value);
}

void cli_rules_json(cli_json *j, const char *key, const fc_rules *r)
{
    fc_rules_diff d;
    cli_json_key(j, key);
    if (fc_rules_compare(NULL, r, &d, NULL) != 0) {
        fc_rules_diff_free(&d);
        cli_json_null(j);
        return;
    }
    char text[2048], hash[20];
    cli_json_obj(j);
    json_str_member(j, "name", d.rules_b);
    json_str_member(j, "variant", fc_rules_variant_name(r));
    json_str_member(j, "variant_file", d.variant_b);
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)d.variant_hash_b);
    json_str_member(j, "variant_hash", hash);
    cli_json_key(j, "hooks");
    cli_json_arr(j);
    for (int h = 0; h < d.plugin->nhooks && h < 64; h++)
        if ((d.hooks_b >> h) & 1u)
            cli_json_str(j, d.plugin->hooks[h].name);
    cli_json_end_arr(j);
    fc_rules_describe(r, text, sizeof text);
    json_str_member(j, "description", text);
    cli_json_key(j, "changed"); /* the values that differ from the game's defaults */
    cli_json_arr(j);
    for (int i = 0; i < d.n; i++) {
        cli_json_obj(j);
        json_str_member(j, "name", d.change[i].name);
        json_str_member(j, "value", d.change[i].b);
        json_str_member(j, "default", d.change[i].a);
        json_str_member(j, "origin", d.change[i].origin_b);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
    cli_json_end_obj(j);
    fc_rules_diff_free(&d);
}

void cli_diff_json(cli_json *j, const char *key, const fc_rules *a, const fc_rules *b)
{
    fc_rules_diff d;
    cli_json_key(j, key);
    if (fc_rules_compare(a, b, &d, NULL) != 0) {
        fc_rules_diff_free(&d);
        cli_json_null(j);
        return;
    }
    char text[2048];
    int len = snprintf(text, sizeof text, "B = ");
    fc_rules_diff_text(&d, text + len, sizeof text - (size_t)len);
    cli_json_obj(j);
    json_str_member(j, "text", text);
    json_str_member(j, "rules_a", d.rules_a);
    json_str_member(j, "rules_b", d.rules_b);
    json_str_member(j, "variant_a", d.variant_a);
    json_str_member(j, "variant_b", d.variant_b);
    cli_json_key(j, "changes");
    cli_json_arr(j);
    for (int i = 0; i < d.n; i++) {
        const fc_rules_change *c = &d.change[i];
        cli_json_obj(j);
        json_str_member(j, "name", c->name);
        cli_json_key(j, "a");
        c->in_a ? cli_json_str(j, c->a) : cli_json_null(j);
        cli_json_key(j, "b");
        c->in_b ? cli_json_str(j, c->b) : cli_json_null(j);
        json_str_member(j, "origin_a", c->origin_a);
        json_str_member(j, "origin_b", c->origin_b);
        cli_json_key(j, "variant_param");
        cli_json_bool(j, c->variant_param);
        cli_json_key(j, "by_variant");
        cli_json_bool(j, c->by_variant);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
    cli_json_end_obj(j);
    fc_rules_diff_free(&d);
}

void cli_csv_comment(FILE *f, const char *fmt, ...)
{
    char raw[4096], shown[4 * sizeof raw];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    fprintf(f, "# %s\n", fc_escape(raw, shown, sizeof shown));
}

void cli_svg_designs(FILE *f, const fc_rules *a, const fc_rules *b, int y, const char *const *colour)
{
    for (int k = 0; k < (b ? 2 : 1); k++) {
        char text[8192];
        if (k == 0)
            cli_rules_text(a, text, sizeof text);
        else
            cli_design_b_text(a, b, text, sizeof text);
        if (strlen(text) > 120) /* one SVG line holds ~120 characters; the CSV/JSON/HTML have it all */
            memcpy(text + 117, "...", 4);
        fprintf(f, "<text x=\"10\" y=\"%d\" fill=\"%s\">%s", y + 16 * k, colour[k], b ? (k ? "" : "A: ") : "rules: ");
        for (const char *p = text; *p; p++)
            fputs(*p == '&' ? "&amp;" : *p == '<' ? "&lt;" : *p == '>' ? "&gt;" : (char[2]){*p, 0}, f);
        fputs("</text>\n", f);
    }
}

/* The canonical spec of an agent (fc_agent_spec), or the text as given when it is not one. */
static void canonical_spec(const char *spec, char *buf, size_t n)
{
    fc_error err;
    fc_agent *a = fc_agent_new(spec, 0, &err);
    snprintf(buf, n, "%s", a ? fc_agent_spec(a) : spec);
    fc_agent_free(a);
}

static int spec_cmp(const void *x, const void *y) { return strcmp((const char *)x, (const char *)y); }

void cli_warn_tuned(const fc_rules *r, const char *const *specs, int nseats)
{
    int nt = fc_rules_tuned_seats(r);
    if (nt == 0)
        return;
    /* seats rotate in tune and (by default) in sim: the same agents in another order are the same */
    char (*tuned)[256] = calloc(FC_MAX_SEATS, 256), (*here)[256] = calloc(FC_MAX_SEATS, 256);
    bool same = tuned && here && nt == nseats;
    for (int k = 0; same && k < nt; k++) {
        canonical_spec(fc_rules_tuned_agent(r, k), tuned[k], 256);
        canonical_spec(specs[k], here[k], 256);
    }
    if (same) {
        qsort(tuned, (size_t)nt, 256, spec_cmp);
        qsort(here, (size_t)nt, 256, spec_cmp);
        for (int k = 0; k < nt; k++)
            same = same && strcmp(tuned[k], here[k]) == 0;
    }
    free(tuned);
    free(here);
    if (same)
        return;
    char was[2048] = "", now[2048] = "";
    for (int k = 0, len = 0; k < nt && len >= 0 && (size_t)len < sizeof was; k++)
        len += snprintf(was + len, sizeof was - (size_t)len, "%s%s", k ? "," : "", fc_rules_tuned_agent(r, k));
    for (int k = 0, len = 0; k < nseats && len >= 0 && (size_t)len < sizeof now; k++)
        len += snprintf(now + len, sizeof now - (size_t)len, "%s%s", k ? "," : "", specs[k]);
    char name[512], a[8192], b[8192];
    fprintf(stderr,
            "formicary: warning: rule set '%s' was tuned with %d seats %s; this run seats %s: its tuned values may "
            "not hold for other agents\n",
            fc_escape(fc_rules_name(r), name, sizeof name), nt, fc_escape(was, a, sizeof a),
            fc_escape(now, b, sizeof b));
}

/* Moved here from cmd_tune.c so sensitivity parses its seats the same way (study.h). */
int cli_agents_parse(const char *cmd, const char *opt, const char *game, const char *text, int nseats,
                     char (*spec)[CLI_AGENT_SPEC_MAX], cli_seat *seat)
{
    int count = 0;
    for (const char *p = text;;) {
        size_t len = strcspn(p, ",");
        const char *eq = memchr(p, '=', len), *colon = memchr(p, ':', len);
        if (len == 0)
            return cli_usage("%s: option %s: empty spec in '%s'", cmd, opt, text);
        if (eq && (!colon || colon > eq) && count > 0) {
            size_t have = strlen(spec[count - 1]);
            if (have + 1 + len >= CLI_AGENT_SPEC_MAX)
                return cli_usage("%s: option %s: spec too long", cmd, opt);
            snprintf(spec[count - 1] + have, CLI_AGENT_SPEC_MAX - have, ",%.*s", (int)len, p);
        } else {
            if (count == nseats)
                return cli_usage("%s: option %s: more specs than the %d players", cmd, opt, nseats);
            if (len >= CLI_AGENT_SPEC_MAX)
                return cli_usage("%s: option %s: spec too long", cmd, opt);
            snprintf(spec[count++], CLI_AGENT_SPEC_MAX, "%.*s", (int)len, p);
        }
        if (!p[len])
            break;
        p += len + 1;
    }
    if (count != 1 && count != nseats)
        return cli_usage("%s: option %s: %d specs for %d players (give one, or one per player)", cmd, opt, count,
                         nseats);
    for (int k = 0; k < count; k++) { /* tiers ("hard") become their agents */
        char resolved[CLI_AGENT_SPEC_MAX];
        fc_error e;
        fc_error_clear(&e);
        if (cli_agent_spec(game, spec[k], resolved, sizeof resolved, &e) < 0)
            return cli_usage("%s: option %s: %s", cmd, opt, e.msg);
        cli_seat_from(game, spec[k], resolved, &seat[k]);
        snprintf(spec[k], CLI_AGENT_SPEC_MAX, "%s", resolved);
    }
    for (int k = count; k < nseats; k++) {
        snprintf(spec[k], CLI_AGENT_SPEC_MAX, "%s", spec[0]);
        seat[k] = seat[0];
    }
    return 0;
}

static int record_name_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Appends dir/name to v (count *n, room *cap); -1 when out of memory. */
static int record_path_add(char ***v, int *n, int *cap, const char *dir, const char *name)
{
    if (*n == *cap) {
        int c = *cap ? *cap * 2 : 64;
        char **w = realloc(*v, (size_t)c * sizeof *w);
        if (!w)
            return -1;
        *v = w;
        *cap = c;
    }
    size_t len = strlen(dir) + strlen(name) + 2;
    if (!((*v)[*n] = malloc(len)))
        return -1;
    snprintf((*v)[(*n)++], len, "%s/%s", dir, name);
    return 0;
}

int cli_record_paths(const char *cmd, const char *opt, const char *dir, char ***paths, int *n)
{
    *paths = NULL;
    *n = 0;
    int cap = 0;
    DIR *d = opendir(dir);
    if (!d)
        return cli_usage("%s: %s %s: %s", cmd, opt, dir, strerror(errno));
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len <= 4 || strcmp(e->d_name + len - 4, ".fcr") != 0 || e->d_name[0] == '.')
            continue;
        if (record_path_add(paths, n, &cap, dir, e->d_name) != 0) {
            closedir(d);
            return cli_fail("out of memory");
        }
    }
    closedir(d);
    if (*n == 0)
        return cli_usage("%s: %s %s: no records (*.fcr) in it", cmd, opt, dir);
    qsort(*paths, (size_t)*n, sizeof **paths, record_name_cmp);
    return 0;
}
