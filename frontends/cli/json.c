/* A minimal streaming JSON writer (commas handled by a per-depth flag) and the JSON forms of
 * the legal list, the match state and the view used by the shell protocol and bench. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void cli_json_init(cli_json *j, FILE *f) { memset(j, 0, sizeof *j), j->f = f; }

/* Writes the comma that separates this value from the previous one, if any. */
static void cli_json_pre(cli_json *j)
{
    if (j->after_key) {
        j->after_key = false;
        return;
    }
    if (j->need_comma[j->depth] && j->depth > 0) /* documents at depth 0 stand alone */
        fputc(',', j->f);
    j->need_comma[j->depth] = true;
}

static void cli_json_open(cli_json *j, int ch)
{
    cli_json_pre(j);
    fputc(ch, j->f);
    if (j->depth < 31)
        j->depth++;
    j->need_comma[j->depth] = false;
}

static void cli_json_close(cli_json *j, int ch)
{
    if (j->depth > 0)
        j->depth--;
    fputc(ch, j->f);
}

void cli_json_obj(cli_json *j) { cli_json_open(j, '{'); }
void cli_json_end_obj(cli_json *j) { cli_json_close(j, '}'); }
void cli_json_arr(cli_json *j) { cli_json_open(j, '['); }
void cli_json_end_arr(cli_json *j) { cli_json_close(j, ']'); }

/* A JSON string of any bytes: valid UTF-8 for every input. Invalid UTF-8 becomes U+FFFD (one
 * per byte), controls, DEL and C1 controls \u00XX (nothing for a terminal to act on). */
static void cli_json_raw_str(FILE *f, const char *s)
{
    fputc('"', f);
    size_t len = strlen(s);
    for (size_t i = 0; i < len;) {
        uint32_t cp = 0;
        size_t n = fc_utf8_seq(s + i, len - i, &cp);
        if (n == 0) {
            fputs("\\ufffd", f);
            i++;
            continue;
        }
        switch (cp) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        default:
            if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
                fprintf(f, "\\u%04x", (unsigned)cp);
            else
                fwrite(s + i, 1, n, f);
        }
        i += n;
    }
    fputc('"', f);
}

void cli_json_key(cli_json *j, const char *key)
{
    cli_json_pre(j);
    cli_json_raw_str(j->f, key);
    fputc(':', j->f);
    j->after_key = true;
}

void cli_json_str(cli_json *j, const char *s)
{
    cli_json_pre(j);
    cli_json_raw_str(j->f, s ? s : "");
}

void cli_json_int(cli_json *j, long long v)
{
    cli_json_pre(j);
    fprintf(j->f, "%lld", v);
}

void cli_json_num(cli_json *j, double v)
{
    cli_json_pre(j);
    if (isfinite(v))
        fprintf(j->f, "%.6g", v);
    else
        fputs("null", j->f);
}

void cli_json_bool(cli_json *j, bool v)
{
    cli_json_pre(j);
    fputs(v ? "true" : "false", j->f);
}

void cli_json_null(cli_json *j)
{
    cli_json_pre(j);
    fputs("null", j->f);
}

void cli_json_hex(cli_json *j, fc_hex h)
{
    cli_json_arr(j);
    cli_json_int(j, h.q);
    cli_json_int(j, h.r);
    cli_json_end_arr(j);
}

void cli_json_legal(cli_json *j, fc_match *m)
{
    const fc_decision *legal = NULL;
    const uint32_t *weights = NULL;
    int n = fc_match_to_move(m) == FC_NOBODY ? 0 : fc_match_legal(m, &legal, &weights);
    bool chance = fc_match_to_move(m) == FC_CHANCE;
    cli_json_arr(j);
    for (int i = 0; i < n; i++) {
        char text[256];
        fc_decision_info info;
        memset(&info, 0, sizeof info);
        if (fc_match_decision_text(m, legal[i], text, sizeof text) < 0)
            snprintf(text, sizeof text, "#%u", (unsigned)legal[i]);
        fc_match_decision_describe(m, legal[i], &info);
        cli_json_obj(j);
        cli_json_key(j, "notation");
        cli_json_str(j, text);
        cli_json_key(j, "label");
        cli_json_str(j, info.label[0] ? info.label : text);
        if (info.group[0]) {
            cli_json_key(j, "group");
            cli_json_str(j, info.group);
        }
        if (info.has_hex) {
            cli_json_key(j, "hex");
            cli_json_hex(j, info.hex);
        }
        if (info.nhexes > 0) {
            cli_json_key(j, "hexes");
            cli_json_arr(j);
            for (int h = 0; h < info.nhexes && h < FC_DECISION_MAX_HEXES; h++)
                cli_json_hex(j, info.hexes[h]);
            cli_json_end_arr(j);
        }
        if (info.has_from) { /* the decision's source: a hex, or an item of the view */
            cli_json_key(j, "from");
            cli_json_hex(j, info.from);
        }
        if (info.from_item > 0) {
            cli_json_key(j, "from_item");
            cli_json_int(j, info.from_item);
        }
        if (chance && weights) {
            cli_json_key(j, "weight");
            cli_json_int(j, weights[i]);
        }
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
}

void cli_json_state(cli_json *j, fc_match *m)
{
    const fc_rules *r = fc_match_rules(m);
    const fc_plugin *p = fc_rules_plugin(r);
    int n = fc_rules_nseats(r);
    int who = fc_match_to_move(m);
    const fc_decision *legal = NULL;
    int nlegal = who == FC_NOBODY ? 0 : fc_match_legal(m, &legal, NULL);
    int32_t score[FC_MAX_SEATS] = {0};
    int rank[FC_MAX_SEATS] = {0};
    fc_match_scores(m, score, rank);
    char hash[24];
    snprintf(hash, sizeof hash, "%016" PRIx64, fc_match_state_hash(m));

    cli_json_obj(j);
    cli_json_key(j, "game");
    cli_json_str(j, p->id);
    cli_json_key(j, "seats");
    cli_json_int(j, n);
    cli_json_key(j, "seed");
    cli_json_int(j, (long long)fc_match_seed(m));
    cli_json_key(j, "ply");
    cli_json_int(j, (long long)fc_match_ply(m));
    cli_json_key(j, "to_move");
    cli_json_int(j, who);
    cli_json_key(j, "round");
    cli_json_int(j, fc_match_round(m));
    cli_json_key(j, "legal");
    cli_json_int(j, nlegal);
    cli_json_key(j, "scores");
    cli_json_arr(j);
    for (int i = 0; i < n && i < FC_MAX_SEATS; i++)
        cli_json_int(j, score[i]);
    cli_json_end_arr(j);
    cli_json_key(j, "ranks");
    cli_json_arr(j);
    for (int i = 0; i < n && i < FC_MAX_SEATS; i++)
        cli_json_int(j, rank[i]);
    cli_json_end_arr(j);
    cli_json_key(j, "finished");
    cli_json_bool(j, who == FC_NOBODY);
    cli_json_key(j, "hash");
    cli_json_str(j, hash);
    cli_json_end_obj(j);
}

static const char *const cli_terrain_names[] = {
#define FC_X_NAME(name, text) text,
    FC_TERRAINS(FC_X_NAME)
#undef FC_X_NAME
};

/* Strings in a view are fixed-size fields; never trust them to be terminated. */
static void cli_json_field(cli_json *j, const char *key, const char *s, size_t n)
{
    char buf[256];
    size_t len = strnlen(s, n < sizeof buf ? n : sizeof buf - 1);
    memcpy(buf, s, len);
    buf[len] = 0;
    cli_json_key(j, key);
    cli_json_str(j, buf);
}

static int cli_clamp(int v, int max) { return v < 0 ? 0 : v > max ? max : v; }

/* The board: cells and links. */
static void cli_json_view_board(cli_json *j, const fc_view *v)
{
    cli_json_key(j, "cells");
    cli_json_arr(j);
    for (int i = 0; i < cli_clamp(v->ncells, FC_VIEW_MAX_CELLS); i++) {
        const fc_view_cell *c = &v->cells[i];
        cli_json_obj(j);
        cli_json_key(j, "hex");
        cli_json_hex(j, c->hex);
        cli_json_key(j, "terrain");
        cli_json_str(j, c->terrain < FC_TERRAIN_COUNT ? cli_terrain_names[c->terrain] : "?");
        cli_json_field(j, "terrain_name", c->terrain_name, sizeof c->terrain_name);
        cli_json_key(j, "owner");
        cli_json_int(j, c->owner);
        cli_json_key(j, "region");
        cli_json_int(j, c->region);
        cli_json_field(j, "glyphs", c->glyphs, sizeof c->glyphs);
        cli_json_field(j, "label", c->label, sizeof c->label);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);

    cli_json_key(j, "links");
    cli_json_arr(j);
    for (int i = 0; i < cli_clamp(v->nlinks, FC_VIEW_MAX_LINKS); i++) {
        const fc_view_link *l = &v->links[i];
        cli_json_obj(j);
        cli_json_key(j, "a");
        cli_json_hex(j, l->a);
        cli_json_key(j, "b");
        cli_json_hex(j, l->b);
        cli_json_key(j, "owner");
        cli_json_int(j, l->owner);
        cli_json_field(j, "kind", l->kind, sizeof l->kind);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
}

/* The texts around the board: tracks, the per-seat panel, general text and the legend. */
static void cli_json_view_texts(cli_json *j, const fc_view *v)
{
    cli_json_key(j, "tracks");
    cli_json_arr(j);
    for (int i = 0; i < cli_clamp(v->ntracks, FC_VIEW_MAX_TRACKS); i++) {
        const fc_view_track *t = &v->tracks[i];
        cli_json_obj(j);
        cli_json_field(j, "name", t->name, sizeof t->name);
        cli_json_key(j, "value");
        cli_json_int(j, t->value);
        cli_json_key(j, "max");
        cli_json_int(j, t->max);
        cli_json_field(j, "text", t->text, sizeof t->text);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);

    const fc_view_entry *lists[2] = {v->panel, v->text};
    const int counts[2] = {cli_clamp(v->npanel, FC_VIEW_MAX_PANEL * 4), cli_clamp(v->ntext, FC_VIEW_MAX_TEXT)};
    for (int k = 0; k < 2; k++) {
        cli_json_key(j, k == 0 ? "panel" : "text");
        cli_json_arr(j);
        for (int i = 0; i < counts[k]; i++) {
            const fc_view_entry *e = &lists[k][i];
            cli_json_obj(j);
            cli_json_key(j, "seat");
            cli_json_int(j, e->seat);
            cli_json_field(j, "key", e->key, sizeof e->key);
            cli_json_field(j, "value", e->value, sizeof e->value);
            cli_json_end_obj(j);
        }
        cli_json_end_arr(j);
    }
    cli_json_key(j, "legend");
    cli_json_arr(j);
    for (int i = 0; i < cli_clamp(v->nlegend, FC_VIEW_MAX_LEGEND); i++) {
        cli_json_obj(j);
        cli_json_field(j, "glyph", v->legend[i].glyph, sizeof v->legend[i].glyph);
        cli_json_field(j, "text", v->legend[i].text, sizeof v->legend[i].text);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
}

static void cli_json_view_items(cli_json *j, const fc_view *v);

void cli_json_view(cli_json *j, const fc_view *v)
{
    cli_json_obj(j);
    cli_json_key(j, "seat");
    cli_json_int(j, v->seat);
    cli_json_key(j, "nseats");
    cli_json_int(j, v->nseats);
    cli_json_field(j, "title", v->title, sizeof v->title);
    cli_json_key(j, "seat_names");
    cli_json_arr(j);
    for (int i = 0; i < cli_clamp(v->nseats, 8); i++) {
        char name[24];
        size_t len = strnlen(v->seat_names[i], sizeof name - 1);
        memcpy(name, v->seat_names[i], len);
        name[len] = 0;
        cli_json_str(j, name);
    }
    cli_json_end_arr(j);
    cli_json_view_board(j, v);
    cli_json_view_texts(j, v);
    cli_json_view_items(j, v);
    cli_json_end_obj(j);
}

/* API minor 8: the items off the board (Hive's hands, March of the Ants' drawn tile), as
 * "items" and, for a front end that only prints them, "hands" (a seat's tray as one line,
 * fc_view_items_text, the same text every front end shows) and "pending". */
static void cli_json_view_items(cli_json *j, const fc_view *v)
{
    cli_json_key(j, "items");
    cli_json_arr(j);
    for (int i = 0; i < cli_clamp(v->nitems, FC_VIEW_MAX_ITEMS); i++) {
        const fc_view_item *it = &v->items[i];
        cli_json_obj(j);
        cli_json_key(j, "id");
        cli_json_int(j, it->id);
        cli_json_key(j, "seat");
        cli_json_int(j, it->seat);
        cli_json_key(j, "kind");
        cli_json_str(j, fc_piece_kind_name(it->kind));
        cli_json_key(j, "owner");
        cli_json_int(j, it->owner);
        cli_json_key(j, "count");
        cli_json_int(j, it->count);
        cli_json_field(j, "glyph", it->glyph, sizeof it->glyph);
        cli_json_field(j, "name", it->name, sizeof it->name);
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
    char line[1024];
    cli_json_key(j, "hands");
    cli_json_arr(j);
    for (int s = 0; s < cli_clamp(v->nseats, 8); s++) {
        fc_view_items_text(v, s, line, sizeof line);
        cli_json_str(j, line);
    }
    cli_json_end_arr(j);
    fc_view_items_text(v, -1, line, sizeof line);
    cli_json_key(j, "pending");
    cli_json_str(j, line);
}

fc_outfile *cli_json_report_begin(const char *path, cli_json *j, const char *game)
{
    fc_outfile *o = cli_open_output(path);
    if (!o)
        return NULL;
    cli_json_init(j, fc_outfile_stream(o));
    cli_json_obj(j);
    cli_json_key(j, "game");
    cli_json_str(j, game);
    return o;
}
