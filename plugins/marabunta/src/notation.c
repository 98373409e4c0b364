/* Marabunta decision notation (docs/rulings-marabunta.md lists it) and labels for front
 * ends. Parsing matches the text against the legal decisions' notation, so text and code
 * are a bijection in every state by construction. */
#include <stdio.h>
#include <string.h>

#include "marabunta.h"

#define DATA(env) ((const mb_data *)(env)->data)

int mb_item_name(const mb_data *D, int item, char *buf, size_t n)
{
    if (item == mb_tile_item(D))
        return snprintf(buf, n, "tile");
    if (item < 0 || item >= D->ndice)
        return FC_EINVAL;
    return snprintf(buf, n, "%s", D->die_name[item]);
}

/* "pink,blue,tile": the items of mask in item order. */
static int group_text(const mb_data *D, int mask, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < mb_nitems(D); i++) {
        if (!(mask >> i & 1))
            continue;
        char name[MB_NAME];
        mb_item_name(D, i, name, sizeof name);
        int w = snprintf(buf + used, n - used, "%s%s", used ? "," : "", name);
        if (w < 0 || (size_t)w >= n - used)
            return FC_ERANGE;
        used += (size_t)w;
    }
    return (int)used;
}

int mb_decision_text(const void *st, const fc_env *env, fc_decision d, char *buf, size_t n)
{
    const mb_data *D = DATA(env);
    int a = MB_DA(d), b = MB_DB(d), full = (1 << mb_nitems(D)) - 1;
    char g1[96], g2[96];
    if (!buf || n == 0)
        return FC_EINVAL;
    switch (MB_DK(d)) {
    case D_DRAW:
        if (a >= D->ntiles)
            return FC_EINVAL;
        return snprintf(buf, n, "draw %s", D->tile[a].id);
    case D_ROLL:
        if (a >= D->ndice || b >= FACE_KINDS)
            return FC_EINVAL;
        return snprintf(buf, n, "roll %s %s", D->die_name[a], mb_face_names[b]);
    case D_SPLIT: {
        char g3[96];
        int rest = full & ~a & ~b;
        if (a == 0 || a >= full || group_text(D, a, g1, sizeof g1) < 0 ||
            group_text(D, b ? b : full & ~a, g2, sizeof g2) < 0 || (b && (!rest || group_text(D, rest, g3, sizeof g3) < 0)))
            return FC_EINVAL;
        return b ? snprintf(buf, n, "split %s / %s / %s", g1, g2, g3) : snprintf(buf, n, "split %s / %s", g1, g2);
    }
    case D_CHOOSE:
        if (a == 0 || a >= full || group_text(D, a, g1, sizeof g1) < 0)
            return FC_EINVAL;
        return snprintf(buf, n, "choose %s", g1);
    case D_USE:
    case D_IGNORE:
        if (mb_item_name(D, a, g1, sizeof g1) < 0)
            return FC_EINVAL;
        return snprintf(buf, n, "%s %s", MB_DK(d) == D_USE ? "use" : "ignore", g1);
    case D_WRITE:
    case D_CROSS:
        if (a >= D->nhex)
            return FC_EINVAL;
        return snprintf(buf, n, "%s %d,%d%s", MB_DK(d) == D_WRITE ? "write" : "cross", D->hex[a].q, D->hex[a].r,
                        b ? " hill" : "");
    case D_CRATE:
        if (a >= D->ngroups)
            return FC_EINVAL;
        return snprintf(buf, n, "crate %s", D->group_id[a]);
    case D_LEAF:
        if (a >= D->nregions)
            return FC_EINVAL;
        return snprintf(buf, n, "leaf %s", D->region_name[a]);
    case D_ENCORE:
        if (a >= D->ndice)
            return FC_EINVAL;
        return snprintf(buf, n, "encore %s", D->die_name[a]);
    case D_FORFEIT: return snprintf(buf, n, "forfeit");
    case D_COUNTER: return snprintf(buf, n, "counter");
    }
    return FC_EINVAL;
}

/* The shapes of the notation: a text of one of them is well-formed (API minor 3). */
static const char *const mb_verbs[] = {
    "draw *",
    "roll * *",
    "split * / *",
    "split * / * / *",
    "counter",
    "choose *",
    "use *",
    "ignore *",
    "write #,#",
    "write #,# hill",
    "crate *",
    "leaf *",
    "cross #,#",
    "encore *",
    "forfeit",
    NULL,
};

int mb_decision_parse(const void *st, const fc_env *env, const char *text, fc_decision *out)
{
    fc_decision buf[MB_MAX_DECISIONS];
    char t[200];
    int n = mb_legal(st, env, buf, NULL);
    for (int i = 0; i < n; i++)
        if (mb_decision_text(st, env, buf[i], t, sizeof t) > 0 && !strcmp(t, text)) {
            *out = buf[i];
            return 0;
        }
    return fc_notation_match(text, mb_verbs) ? FC_EILLEGAL : FC_EPARSE;
}

/* "pink 2", "blue crate", "T3 A one" ("T3" when short). */
static void item_label(const mb_state *s, const mb_data *D, int item, char *buf, size_t n, int shorter)
{
    if (item == mb_tile_item(D))
        snprintf(buf, n, "%s%s%s", D->tile[s->tile].id, shorter ? "" : " ", shorter ? "" : D->tile[s->tile].name);
    else
        snprintf(buf, n, "%s %s", D->die_name[item], mb_face_names[s->face[item]]);
}

static void group_label(const mb_state *s, const mb_data *D, int mask, char *buf, size_t n, int shorter)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < mb_nitems(D) && used < n; i++)
        if (mask >> i & 1) {
            char it[64];
            item_label(s, D, i, it, sizeof it, shorter);
            int w = snprintf(buf + used, n - used, "%s%s", used ? ", " : "", it);
            if (w < 0)
                return;
            used += (size_t)w;
        }
}

static const char *feature_text(const mb_data *D, int c)
{
    return D->feature[c] == FEAT_COOKIE ? ", cookie" : D->feature[c] == FEAT_CRATE ? ", crate" : "";
}

/* A split: every item of every group, with the tile's full name when the label can hold them
 * all, else its id. */
static void describe_split(const mb_state *s, const mb_data *D, int a, int b, int full, fc_decision_info *out)
{
    for (int pass = 0; pass < 2; pass++) {
        char g[3][160] = {"", "", ""};
        group_label(s, D, a, g[0], sizeof g[0], pass);
        group_label(s, D, b ? b : full & ~a, g[1], sizeof g[1], pass);
        if (b)
            group_label(s, D, full & ~a & ~b, g[2], sizeof g[2], pass);
        int len = snprintf(out->label, sizeof out->label, "offer {%s} / {%s}%s%s%s", g[0], g[1], b ? " / {" : "",
                           g[2], b ? "}" : "");
        if (len >= 0 && (size_t)len < sizeof out->label)
            break;
    }
}

/* A group taken: its items as in describe_split, and what happens to the other. */
static void describe_choose(const mb_state *s, const mb_data *D, int a, fc_decision_info *out)
{
    char x[160];
    for (int pass = 0; pass < 2; pass++) {
        group_label(s, D, a, x, sizeof x, pass);
        int len = snprintf(out->label, sizeof out->label, "take {%s}%s", x,
                           s->phase == PH_PICK ? "; the other group is discarded" : " and resolve it first");
        if (len >= 0 && (size_t)len < sizeof out->label)
            break;
    }
}

/* A value written on cell c: its region and feature, the cookie row's VP, an ant hill spent. */
static void describe_write(const mb_state *s, const fc_env *env, int c, int b, int seat, fc_decision_info *out)
{
    const mb_data *D = DATA(env);
    const mb_task *t = &s->task[s->ntask - 1];
    int vp = D->feature[c] == FEAT_COOKIE && s->seat[seat].cookies < D->ncookies
                 ? mb_cookie_vp(env, s->seat[seat].cookies)
                 : 0;
    snprintf(out->label, sizeof out->label, "write %d at %d,%d (%s%s%s)%s", t->value, D->hex[c].q, D->hex[c].r,
             D->region_name[D->region[c]], feature_text(D, c),
             D->feature[c] == FEAT_COOKIE ? (vp ? ": VP from the cookie row" : ": cookie row") : "",
             b ? ", spends an ant hill" : "");
    out->hex = D->hex[c];
    out->has_hex = 1;
}

void mb_decision_describe(const void *st, const fc_env *env, fc_decision d, fc_decision_info *out)
{
    const mb_state *s = st;
    const mb_data *D = DATA(env);
    int a = MB_DA(d), b = MB_DB(d), seat = s->resolver, full = (1 << mb_nitems(D)) - 1;
    char x[160];
    memset(out, 0, sizeof *out);
    static const char *const groups[D_KINDS] = {"",      "draw",  "roll", "split", "choose", "use",    "ignore",
                                                "write", "crate", "leaf", "cross", "encore", "forfeit", "counter"};
    int k = MB_DK(d);
    snprintf(out->group, sizeof out->group, "%s", k > 0 && k < D_KINDS ? groups[k] : "?");
    if (mb_decision_text(st, env, d, out->label, sizeof out->label) < 0)
        return;
    switch (k) {
    case D_DRAW: snprintf(out->label, sizeof out->label, "reveal tile %s (%s)", D->tile[a].id, D->tile[a].name); break;
    case D_SPLIT: describe_split(s, D, a, b, full, out); break;
    case D_CHOOSE: describe_choose(s, D, a, out); break;
    case D_USE:
    case D_IGNORE:
        item_label(s, D, a, x, 64, 0); /* one item: "orange crate", "T5 Cross out two" */
        snprintf(out->label, sizeof out->label, "%s %.64s", k == D_USE ? "use" : "ignore", x);
        break;
    case D_WRITE: describe_write(s, env, a, b, seat, out); break;
    case D_CROSS:
        snprintf(out->label, sizeof out->label, "cross out %d,%d (%s%s)", D->hex[a].q, D->hex[a].r,
                 D->region_name[D->region[a]], feature_text(D, a));
        out->hex = D->hex[a];
        out->has_hex = 1;
        break;
    case D_CRATE: {
        int done = s->seat[seat].crates[a] + 1;
        const mb_effect *e = &D->abil[D->group_abil[a]];
        snprintf(out->label, sizeof out->label, "cross a crate of %s (%d/%d)%s%s%s", D->group_id[a], done,
                 (int)D->group_crates[a], done == D->group_crates[a] ? ": unlocks " : "",
                 done == D->group_crates[a] ? e->id : "", done == D->group_crates[a] ? "" : "");
        break;
    }
    case D_LEAF:
        snprintf(out->label, sizeof out->label, "colour a circle on the %s leaf (your value %d -> %d)",
                 D->region_name[a], mb_region_value(s, env, a, seat), mb_region_value(s, env, a, seat) + 1);
        break;
    case D_ENCORE:
        snprintf(out->label, sizeof out->label, "repeat the %s die (%s)", D->die_name[a],
                 mb_face_names[s->face[a]]);
        break;
    case D_FORFEIT: snprintf(out->label, sizeof out->label, "forfeit the ability and keep the ant hills"); break;
    case D_COUNTER:
        snprintf(out->label, sizeof out->label, "reject the split and split the items yourself (once per game)");
        break;
    default: break;
    }
}
