/* Learning the games without the rulebook (issue 13), over every game plugin built: the rules
 * text is in the plugin and every rule id and phase topic is found in it, the view carries a
 * legend, decision hexes lie on the map, Marabunta's split labels name every item, Myrmes
 * refuses a winter_food list that disagrees with years, well-formed but illegal decisions are
 * told apart from unreadable ones, and an API minor 2 plugin loads without the new fields. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/context.h"
#include "formicary/match.h"
#include "formicary/rng.h"
#include "formicary/rules.h"
#include "formicary/rules_text.h"
#include "formicary/suggest.h"

/* ---- the finder on a text of its own ---- */

static const char sample[] = "# Game — rules reference\n"
                             "\n"
                             "Intro.\n"
                             "\n"
                             "## Setup\n"
                             "\n"
                             "- **S-01** Each player takes a board.\n"
                             "- **S-02** Shuffle the deck.\n"
                             "\n"
                             "## Rules\n"
                             "\n"
                             "### Phase 2 — Births\n"
                             "\n"
                             "**R-12 Assigning nurses.** Nurses go to tracks.\n"
                             "A second line of R-12.\n"
                             "\n"
                             "| table | of R-12 |\n"
                             "\n"
                             "**R-13 Feeding the brood.** Larvae eat (see R-12).\n"
                             "\n"
                             "### Winter\n"
                             "\n"
                             "**R-24b Cold.** Pay food.\n"
                             "\n"
                             "## Notation and glossary\n"
                             "\n"
                             "| `births L1` | nurses |\n";

static char *span_str(const fc_rules_span *s)
{
    static char buf[1024];
    snprintf(buf, sizeof buf, "%.*s", (int)s->len, s->start);
    return buf;
}

static void test_find_ids(void **state)
{
    (void)state;
    fc_rules_span s;
    assert_int_equal(fc_rules_text_find(sample, "R-12", &s), 0);
    assert_string_equal(span_str(&s), "**R-12 Assigning nurses.** Nurses go to tracks.\nA second line of R-12.\n\n"
                                      "| table | of R-12 |");
    assert_int_equal(fc_rules_text_find(sample, "r12", &s), 0); /* any case, '-' optional */
    assert_int_equal(strncmp(s.start, "**R-12", 6), 0);
    assert_int_equal(fc_rules_text_find(sample, "S-1", &s), 0); /* S-1 = S-01 */
    assert_string_equal(span_str(&s), "- **S-01** Each player takes a board.");
    assert_int_equal(fc_rules_text_find(sample, " R-24b ", &s), 0);
    assert_string_equal(span_str(&s), "**R-24b Cold.** Pay food.");
    assert_int_equal(fc_rules_text_find(sample, "R-24", &s), FC_EUNKNOWN); /* R-24b is another id */
    assert_int_equal(fc_rules_text_find(sample, "R-99", &s), FC_EUNKNOWN);
    assert_null(s.start);
    assert_int_equal(fc_rules_text_ids(sample, NULL, NULL), 5);
}

static void test_find_topics(void **state)
{
    (void)state;
    fc_rules_span s;
    assert_int_equal(fc_rules_text_find(sample, "births", &s), 0); /* a heading word: its whole section */
    assert_int_equal(strncmp(s.start, "### Phase 2 — Births", strlen("### Phase 2 — Births")), 0);
    assert_non_null(strstr(span_str(&s), "R-13"));
    assert_null(strstr(span_str(&s), "Winter"));
    assert_int_equal(fc_rules_text_find(sample, "Phase 2 — Births", &s), 0); /* a phase_topic heading */
    assert_int_equal(strncmp(s.start, "### Phase 2", 11), 0);
    assert_int_equal(fc_rules_text_find(sample, "rules", &s), 0); /* "## Rules" runs to the next "##" */
    assert_non_null(strstr(span_str(&s), "R-24b"));
    assert_null(strstr(span_str(&s), "glossary"));
    assert_int_equal(fc_rules_text_find(sample, "feeding", &s), 0); /* a rule title */
    assert_int_equal(strncmp(s.start, "**R-13", 6), 0);
    assert_int_equal(fc_rules_text_find(sample, "larvae eat", &s), 0); /* a rule's text */
    assert_int_equal(strncmp(s.start, "**R-13", 6), 0);
    assert_int_equal(fc_rules_text_find(sample, "dragons", &s), FC_EUNKNOWN);
    assert_int_equal(fc_rules_text_glossary(sample, &s), 0);
    assert_string_equal(span_str(&s), "## Notation and glossary\n\n| `births L1` | nurses |");
    assert_int_equal(fc_rules_text_glossary("# Game\n\n**R-01 Play.** Go.\n", &s), FC_EUNKNOWN);
}

static void test_suggest(void **state)
{
    (void)state;
    char buf[64];
    assert_int_equal(fc_rules_text_suggest(sample, "R-99", buf, sizeof buf), 0);
    assert_string_equal(buf, "R-24"); /* the nearest R- id by number (printed without its letter) */
    assert_int_equal(fc_rules_text_suggest(sample, "brths", buf, sizeof buf), 0);
    assert_string_equal(buf, "births");
    assert_int_equal(fc_rules_text_suggest(sample, "xyzzyplugh", buf, sizeof buf), FC_EUNKNOWN);
    assert_int_equal(fc_edit_distance("plya", "play"), 1); /* a swap counts once */
    assert_int_equal(fc_edit_distance("MYRMES", "myrmes"), 0);
    assert_int_equal(fc_edit_distance("", "abc"), 3);
    const char *const opts[] = {"--seats", "--set", "--seed"};
    assert_string_equal(fc_suggest("--sets", opts, 3), "--set"); /* equals: the one it extends */
    assert_string_equal(fc_suggest("--sead", opts, 3), "--seed");
    assert_null(fc_suggest("--record", opts, 3));
    assert_null(fc_suggest("", opts, 3));
}

/* Which source lines start a logical line (the front ends join the others before wrapping). */
static void test_line_starts(void **state)
{
    (void)state;
    const char *starts[] = {"", "   ", "# Heading", "### Sub", "| a | b |", "> quote", "- item", "* item", "+ item",
                            "  - nested", "1. first", "12. twelfth"};
    const char *continues[] = {"text that goes on", "-not a list", "3.5 tiles", "12.x", "**R-12** bold start", "word"};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++)
        assert_true(fc_rules_text_line_starts(starts[i], strlen(starts[i])));
    for (size_t i = 0; i < sizeof continues / sizeof continues[0]; i++)
        assert_false(fc_rules_text_line_starts(continues[i], strlen(continues[i])));
    assert_false(fc_rules_text_line_starts("- item", 1)); /* only what len covers counts */
}

static void test_notation_match(void **state)
{
    (void)state;
    static const char *const pats[] = {"births L# S# W# K#", "step #,#", "place * #,#", "play ...", "pass", NULL};
    assert_true(fc_notation_match("births L9 S0 W0 K0", pats));
    assert_true(fc_notation_match("  births   L1 S12 W2 K0 ", pats)); /* runs of blanks */
    assert_false(fc_notation_match("births L2 S0", pats));              /* too few words */
    assert_false(fc_notation_match("births L2 S0 W2 K1 A1", pats));     /* too many */
    assert_false(fc_notation_match("births LX S0 W2 K1", pats));        /* '#' needs digits */
    assert_true(fc_notation_match("step -3,14", pats));
    assert_false(fc_notation_match("step 3,", pats));
    assert_true(fc_notation_match("place PH3L/2 7,4", pats));
    assert_true(fc_notation_match("play", pats));
    assert_true(fc_notation_match("play C12 with 3 ants", pats));
    assert_true(fc_notation_match("pass", pats));
    assert_false(fc_notation_match("pass 1", pats));
    assert_false(fc_notation_match("", pats));
    assert_false(fc_notation_match("stepp 1,2", pats));
}

/* ---- every game plugin ---- */

static fc_context *games(void)
{
    fc_context *ctx = fc_context_new();
    assert_non_null(ctx);
    fc_context_add_path(ctx, LEARN_PLUGINS);
    assert_true(fc_context_scan(ctx) >= 4);
    return ctx;
}

static fc_match *start(fc_context *ctx, const fc_plugin *p, uint64_t seed, fc_rules **rules)
{
    fc_error err;
    *rules = fc_rules_new(ctx, p->id, p->min_seats, &err);
    if (!*rules || fc_rules_finish(*rules, &err) != 0)
        fail_msg("%s: %s", p->id, err.msg);
    fc_match *m = fc_match_new(*rules, seed, &err);
    if (!m)
        fail_msg("%s: %s", p->id, err.msg);
    return m;
}

/* Plays one random legal decision (or the chance outcome); false when the game is over. */
static bool step(fc_match *m, fc_rng *rng)
{
    fc_error err;
    int who = fc_match_to_move(m);
    if (who == FC_NOBODY)
        return false;
    if (who == FC_CHANCE) {
        assert_int_equal(fc_match_play_chance(m, &err), 0);
        return true;
    }
    const fc_decision *legal = NULL;
    int n = fc_match_legal(m, &legal, NULL);
    assert_true(n > 0);
    if (fc_match_play(m, legal[fc_rng_below(rng, (uint32_t)n)], &err) != 0)
        fail_msg("play: %s", err.msg);
    return true;
}

static int plies(void) { return getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER") ? 60 : 600; }

typedef struct idcheck {
    const char *text, *game;
    char seen[400][12];
    int n;
} idcheck;

static void check_id(const char *id, void *ctx)
{
    idcheck *c = ctx;
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->seen[i], id) == 0)
            fail_msg("%s rules: %s is defined twice", c->game, id);
    if (c->n < 400)
        snprintf(c->seen[c->n++], sizeof c->seen[0], "%s", id);
    fc_rules_span s;
    if (fc_rules_text_find(c->text, id, &s) != 0)
        fail_msg("%s rules: %s not found", c->game, id);
    char want[16];
    snprintf(want, sizeof want, "**%s", id);
    char first[200];
    snprintf(first, sizeof first, "%.*s", (int)(s.len < 199 ? s.len : 199), s.start);
    if (!strstr(first, want))
        fail_msg("%s rules: %s found at '%.60s'", c->game, id, first);
}

/* Every game whose docs/rules/<id>.md exists carries it, with a glossary, unique findable ids,
 * and the text of the file byte for byte. */
static void test_rules_text_every_game(void **state)
{
    (void)state;
    fc_context *ctx = games();
    int with_text = 0;
    for (int i = 0; i < fc_context_game_count(ctx); i++) {
        const fc_plugin *p = fc_context_game(ctx, i);
        char path[1024];
        snprintf(path, sizeof path, "%s/docs/rules/%s.md", FC_SOURCE_ROOT, p->id);
        FILE *f = fopen(path, "rb");
        const char *text = fc_plugin_rules_text(p);
        if (!f) {
            continue; /* no reference written for this game yet */
        }
        static char file[1 << 20];
        size_t len = fread(file, 1, sizeof file - 1, f);
        fclose(f);
        file[len] = '\0';
        if (!text)
            fail_msg("%s: docs/rules/%s.md exists but the plugin carries no rules_text", p->id, p->id);
        assert_string_equal(text, file);
        /* the games of issue 13 end with the glossary front ends show (docs/rules/README.md) */
        static const char *const glossary_games[] = {"myrmes", "marabunta", "termity", "marsz"};
        fc_rules_span s;
        for (size_t g = 0; g < sizeof glossary_games / sizeof glossary_games[0]; g++)
            if (!strcmp(p->id, glossary_games[g]) && fc_rules_text_glossary(text, &s) != 0)
                fail_msg("%s rules: no section '## Notation and glossary'", p->id);
        idcheck *c = calloc(1, sizeof *c);
        c->text = text;
        c->game = p->id;
        int n = fc_rules_text_ids(text, check_id, c);
        if (n < 20)
            fail_msg("%s rules: only %d rule ids", p->id, n);
        free(c);
        with_text++;
    }
    assert_true(with_text >= 3); /* myrmes, marabunta, termity (marsz and others as written) */
    fc_context_free(ctx);
}

/* The legend is filled for every game, and every phase topic a game gives during random play
 * is found in its rules text. */
static void test_legend_and_topics(void **state)
{
    (void)state;
    fc_context *ctx = games();
    fc_view *v = malloc(sizeof *v);
    for (int i = 0; i < fc_context_game_count(ctx); i++) {
        const fc_plugin *p = fc_context_game(ctx, i);
        fc_rules *rules;
        fc_match *m = start(ctx, p, 7, &rules);
        const char *text = fc_plugin_rules_text(p);
        fc_rng rng;
        fc_rng_seed(&rng, 11, 0);
        for (int k = 0; k < plies(); k++) {
            if (k % 20 == 0) {
                fc_match_view(m, -1, v);
                if (v->nlegend < 3)
                    fail_msg("%s: legend has %d entries", p->id, v->nlegend);
                for (int e = 0; e < v->nlegend; e++)
                    if (!v->legend[e].glyph[0] || !v->legend[e].text[0])
                        fail_msg("%s: legend entry %d is empty", p->id, e);
            }
            const char *t = fc_match_phase_topic(m);
            fc_rules_span s;
            if (t && text && fc_rules_text_find(text, t, &s) != 0)
                fail_msg("%s: phase topic '%s' not in the rules text", p->id, t);
            if (!step(m, &rng))
                break;
        }
        fc_match_free(m);
        fc_rules_free(rules);
    }
    free(v);
    fc_context_free(ctx);
}

static bool on_map(const fc_view *v, fc_hex h)
{
    for (int c = 0; c < v->ncells; c++)
        if (v->cells[c].hex.q == h.q && v->cells[c].hex.r == h.r)
            return true;
    return false;
}

/* Legend glyphs longer than a map glyph keep their whole name (the field held 7 bytes once,
 * cutting Termity's "last move" to "last mo"). */
static void test_legend_long_glyphs(void **state)
{
    (void)state;
    static const char *const want[][2] = {{"termity", "last move"}, {"termity", "strength"},
                                          {"marabunta", "{..}/{..}"}, {"marabunta", "projected"}};
    fc_context *ctx = games();
    fc_view *v = malloc(sizeof *v);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        fc_error err;
        const fc_plugin *p = fc_context_find(ctx, want[i][0], &err);
        if (!p)
            fail_msg("%s", err.msg);
        fc_rules *rules;
        fc_match *m = start(ctx, p, 1, &rules);
        fc_match_view(m, -1, v);
        bool found = false;
        for (int e = 0; e < v->nlegend; e++)
            found |= strcmp(v->legend[e].glyph, want[i][1]) == 0;
        if (!found)
            fail_msg("%s: no legend entry '%s'", want[i][0], want[i][1]);
        fc_match_free(m);
        fc_rules_free(rules);
    }
    free(v);
    fc_context_free(ctx);
}

/* Termity: while the beaten unit's retreat is chosen (R-30, R-31) the attacker, off the board,
 * stays drawn on the hex it left with a marker, owned by its seat. */
static void test_termity_attacker_visible_in_retreat(void **state)
{
    (void)state;
    fc_context *ctx = games();
    fc_error err;
    const fc_plugin *p = fc_context_find(ctx, "termity", &err);
    assert_non_null(p);
    fc_view *v = malloc(sizeof *v);
    int retreats = 0;
    for (uint64_t seed = 1; seed <= 40 && retreats < 3; seed++) {
        fc_rules *rules;
        fc_match *m = start(ctx, p, seed, &rules);
        fc_rng rng;
        fc_rng_seed(&rng, seed, 2);
        for (int k = 0; k < 4 * plies(); k++) {
            fc_match_view(m, -1, v);
            if (strstr(v->title, ": retreat")) {
                int marked = 0;
                for (int c = 0; c < v->ncells; c++)
                    if (strchr(v->cells[c].glyphs, '!')) {
                        marked++;
                        if (v->cells[c].owner < 0 || !strstr(v->cells[c].label, "off the board"))
                            fail_msg("seed %d: marked cell %d,%d: owner %d, '%s'", (int)seed, v->cells[c].hex.q,
                                     v->cells[c].hex.r, v->cells[c].owner, v->cells[c].label);
                    }
                if (marked != 1)
                    fail_msg("seed %d: %d attackers drawn during the retreat choice", (int)seed, marked);
                retreats++;
            } else {
                for (int c = 0; c < v->ncells; c++)
                    if (strchr(v->cells[c].glyphs, '!'))
                        fail_msg("seed %d: an attacker marked outside a retreat choice", (int)seed);
            }
            if (!step(m, &rng))
                break;
        }
        fc_match_free(m);
        fc_rules_free(rules);
    }
    assert_true(retreats > 0);
    free(v);
    fc_context_free(ctx);
}

/* Decision hexes lie on the map; Myrmes tiles list every hex they cover, Termity attacks their
 * target and attack-from hex; Marabunta's split and choose labels name every die of the group. */
static void test_decision_hexes_and_labels(void **state)
{
    (void)state;
    fc_context *ctx = games();
    fc_view *v = malloc(sizeof *v);
    int places = 0, attacks = 0, splits = 0, long_moves = 0;
    for (int i = 0; i < fc_context_game_count(ctx); i++) {
        const fc_plugin *p = fc_context_game(ctx, i);
        for (uint64_t seed = 1; seed <= 3; seed++) {
            fc_rules *rules;
            fc_match *m = start(ctx, p, seed, &rules);
            fc_rng rng;
            fc_rng_seed(&rng, seed, 1);
            for (int k = 0; k < plies(); k++) {
                const fc_decision *legal = NULL;
                int n = fc_match_to_move(m) == FC_NOBODY ? 0 : fc_match_legal(m, &legal, NULL);
                fc_match_view(m, -1, v);
                for (int d = 0; d < n; d++) {
                    fc_decision_info info;
                    char text[256];
                    fc_match_decision_describe(m, legal[d], &info);
                    fc_match_decision_text(m, legal[d], text, sizeof text);
                    assert_true(info.nhexes <= FC_DECISION_MAX_HEXES);
                    for (int h = 0; h < info.nhexes; h++)
                        if (!on_map(v, info.hexes[h]))
                            fail_msg("%s: '%s' lists %d,%d, not on the map", p->id, text, info.hexes[h].q,
                                     info.hexes[h].r);
                    if (!strcmp(p->id, "myrmes") && !strncmp(text, "place PH", 8)) {
                        int size = text[8] - '0';
                        if (info.nhexes != size)
                            fail_msg("myrmes: '%s' lists %d hexes", text, info.nhexes);
                        places++;
                    }
                    if (!strcmp(p->id, "termity") && !strncmp(text, "to ", 3)) {
                        /* the whole path: hex by hex from the unit to the destination */
                        if (info.nhexes < 2 || !info.has_hex || !fc_hex_eq(info.hexes[info.nhexes - 1], info.hex))
                            fail_msg("termity: '%s' lists %d hexes, not ending at its hex", text, info.nhexes);
                        for (int h = 1; h < info.nhexes; h++)
                            if (fc_hex_distance(info.hexes[h - 1], info.hexes[h]) != 1)
                                fail_msg("termity: '%s': path hexes %d and %d are not neighbours", text, h - 1, h);
                        long_moves += info.nhexes > 2;
                    }
                    if (!strcmp(p->id, "termity") && !strncmp(text, "attack ", 7)) {
                        if (info.nhexes < 2)
                            fail_msg("termity: '%s' lists %d hexes", text, info.nhexes);
                        attacks++;
                    }
                    if (!strcmp(p->id, "marabunta") && (!strncmp(text, "split ", 6) || !strncmp(text, "choose ", 7))) {
                        char items[256];
                        snprintf(items, sizeof items, "%s", strchr(text, ' ') + 1);
                        for (char *save = NULL, *w = strtok_r(items, ",/ ", &save); w; w = strtok_r(NULL, ",/ ", &save))
                            if (strcmp(w, "tile") != 0 && !strstr(info.label, w))
                                fail_msg("marabunta: label '%s' of '%s' lacks %s", info.label, text, w);
                        splits++;
                    }
                }
                if (!step(m, &rng))
                    break;
            }
            fc_match_free(m);
            fc_rules_free(rules);
        }
    }
    assert_true(places > 0);
    assert_true(splits > 0);
    assert_true(long_moves > 0); /* some moves pass other hexes on the way */
    (void)attacks; /* attacks are rare early in random play; counted when they occur */
    free(v);
    fc_context_free(ctx);
}

/* A list parameter that disagrees with another is refused naming both; defaults that adapt are
 * not. */
static void test_params_check(void **state)
{
    (void)state;
    fc_context *ctx = games();
    fc_error err;
    fc_rules *r = fc_rules_new(ctx, "myrmes", 2, &err);
    assert_non_null(r);
    assert_int_equal(fc_rules_set(r, "years=2", &err), 0);
    assert_int_equal(fc_rules_set(r, "winter_food=3", &err), 0);
    assert_int_not_equal(fc_rules_finish(r, &err), 0);
    assert_non_null(strstr(err.msg, "winter_food has 1 amount but years is 2"));
    fc_rules_free(r);
    r = fc_rules_new(ctx, "myrmes", 2, &err);
    assert_int_equal(fc_rules_set(r, "years=2", &err), 0);
    assert_int_equal(fc_rules_set(r, "winter_food=3,4", &err), 0);
    assert_int_equal(fc_rules_finish(r, &err), 0);
    fc_rules_free(r);
    r = fc_rules_new(ctx, "MyRmEs", 2, &err); /* ids are case-insensitive; the default list adapts */
    assert_non_null(r);
    assert_int_equal(fc_rules_set(r, "years=2", &err), 0);
    assert_int_equal(fc_rules_finish(r, &err), 0);
    fc_rules_free(r);
    assert_null(fc_context_find(ctx, "myrmse", &err));
    assert_non_null(strstr(err.msg, "did you mean 'myrmes'?"));
    fc_context_free(ctx);
}

/* "illegal decision 'X' now" for well-formed notation, "cannot read" for the rest. */
static void test_illegal_vs_unreadable(void **state)
{
    (void)state;
    fc_context *ctx = games();
    static const char *const cases[][3] = {
        {"myrmes", "step 7,4", "zzz 1"},
        {"myrmes", "births L3 S3 W4 K4", "births L2 S0"},
        {"marabunta", "write 3,4", "paint 3,4"},
        {"termity", "to 5,5", "fly 5,5"},
        {"hive", "wQ wA1-", "wQ2"},  /* the reference piece is not on the board; a second Queen */
        {"hive", "wG1 -bS1", "wA4"}, /* UHP has three ants */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fc_error err;
        const fc_plugin *p = fc_context_find(ctx, cases[i][0], &err);
        assert_non_null(p);
        fc_rules *rules;
        fc_match *m = start(ctx, p, 1, &rules);
        assert_int_equal(fc_match_play_text(m, cases[i][1], &err), FC_EILLEGAL);
        char want[96];
        snprintf(want, sizeof want, "illegal decision '%s' now", cases[i][1]);
        if (!strstr(err.msg, want))
            fail_msg("%s: '%s'", cases[i][0], err.msg);
        assert_int_equal(fc_match_play_text(m, cases[i][2], &err), FC_EPARSE);
        assert_non_null(strstr(err.msg, "cannot read decision"));
        assert_int_equal(fc_match_ply(m), 0);
        fc_match_free(m);
        fc_rules_free(rules);
    }
    fc_context_free(ctx);
}

/* A plugin built against minor 2 loads, and the core reads none of the minor-3 fields nor
 * minor 13's decision_revealed (the fixture fills them past its struct_size to catch a host
 * that would). */
static void test_old_minor(void **state)
{
    (void)state;
    fc_context *ctx = fc_context_new();
    fc_error err;
    if (fc_context_load(ctx, LEARN_OLD_MINOR, &err) < 0)
        fail_msg("%s", err.msg);
    const fc_plugin *p = fc_context_find(ctx, "old_minor", &err);
    assert_non_null(p);
    assert_null(fc_plugin_rules_text(p));
    fc_rules *rules;
    fc_match *m = start(ctx, p, 1, &rules);
    assert_null(fc_match_phase_topic(m));
    fc_view *v = malloc(sizeof *v);
    fc_match_view(m, -1, v);
    assert_int_equal(v->nlegend, 0);
    const fc_decision *legal = NULL;
    assert_true(fc_match_legal(m, &legal, NULL) > 0);
    fc_decision_info info;
    memset(&info, 0xAB, sizeof info);
    fc_match_decision_describe(m, legal[0], &info);
    assert_int_equal(info.nhexes, 0);
    /* its hidden decision stays hidden: the core does not call decision_revealed (minor 13) */
    assert_int_equal(fc_match_play(m, legal[0], &err), 0);
    assert_int_equal(fc_match_history(m, 0)->audience, FC_SEAT_BIT(0));
    assert_true(fc_match_history(m, 0)->public_at == FC_PLY_HIDDEN);
    free(v);
    fc_match_free(m);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_find_ids),
        cmocka_unit_test(test_find_topics),
        cmocka_unit_test(test_suggest),
        cmocka_unit_test(test_line_starts),
        cmocka_unit_test(test_notation_match),
        cmocka_unit_test(test_rules_text_every_game),
        cmocka_unit_test(test_legend_and_topics),
        cmocka_unit_test(test_legend_long_glyphs),
        cmocka_unit_test(test_decision_hexes_and_labels),
        cmocka_unit_test(test_termity_attacker_visible_in_retreat),
        cmocka_unit_test(test_params_check),
        cmocka_unit_test(test_illegal_vs_unreadable),
        cmocka_unit_test(test_old_minor),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
