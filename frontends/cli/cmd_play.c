/* `formicary play GAME`: a match in the terminal (text UI) with agents and human seats. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "formicary/tiers.h"
#include "formicary/rules_text.h"
#include "formicary/suggest.h"
#include "formicary/rng.h"
#include "formicary/view.h"
#ifdef FC_HAVE_TTY
#include "tty.h"
#endif
#ifdef FC_HAVE_GUI
#include "gui.h"
#endif

const cli_optdef cli_opts_play[] = {
    {"--seats", "S1,S2,...", false, "per seat 'human', a tier (easy, medium, hard, expert) or an agent spec; or N random seats (default: you against medium bots)"},
    {"--seed", "N", false, "match seed (default: time-based, printed)"},
    {"--set", "KEY=VALUE", true, "override one parameter"},
    {"--rules", "F.ini|NAME", false, "rule set: a file, or a shipped one by name (config/GAME/NAME.ini)"},
    {"--variant", "F.lua", false, "Lua variant"},
    {"--position", "FILE", false, "start from the position in FILE (docs/positions.md; `shell` writes them)"},
    {"--load", "FILE", false, "continue the game of a record (--record, a saved or autosaved game): its rules, seed and decisions"},
    {"--record", "F", false, "save the record to F at the end (and on quit)"},
    {"--ui", "text|tty|gui|auto", false, "front end (default auto: tty on a terminal, else text; gui: a window)"},
    {"--bot-delay", "MS", false, "tty: pause after each bot decision (default 400)"},
    {"--quiet", NULL, false, "print only the seed and the final result"},
    {NULL, NULL, false, NULL},
};

#define PLAY_SPEC_MAX 128
#define PLAY_HIDDEN_MAX 64

enum { HUMAN_PLAYED, HUMAN_AGAIN, HUMAN_STOP };

typedef struct play {
    cli *c;
    fc_match *m;
    int nseats;
    char spec[FC_MAX_SEATS][PLAY_SPEC_MAX];
    fc_agent *agent[FC_MAX_SEATS]; /* NULL for a human seat */
    char names[FC_MAX_SEATS][24];
    fc_record_seats labels;
    bool quiet;
    size_t events_seen;
    fc_view *view;
    /* decisions printed as hidden, oldest first, until the game reveals them (play_reveals) */
    struct {
        size_t ply;
        int seat;
        char text[64];
    } hidden[PLAY_HIDDEN_MAX];
    int nhidden;
} play;

fc_match *cli_position_match(const fc_rules *rules, uint64_t seed, const char *path, fc_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fc_error_set(err, FC_EIO, "%s: %s", path, strerror(errno));
        return NULL;
    }
    char *text = malloc(FC_POSITION_MAX + 2);
    size_t len = text ? fread(text, 1, FC_POSITION_MAX + 1, f) : 0;
    int bad = ferror(f);
    fclose(f);
    if (!text || bad) {
        free(text);
        fc_error_set(err, text ? FC_EIO : FC_ENOMEM, "%s: %s", path, text ? "cannot read the file" : "out of memory");
        return NULL;
    }
    text[len] = '\0';
    fc_match *m = NULL;
    if (len > FC_POSITION_MAX)
        fc_error_set(err, FC_ERANGE, "%s: a position is at most %d bytes", path, FC_POSITION_MAX);
    else if (memchr(text, '\0', len))
        fc_error_set(err, FC_EPARSE, "%s: not a text file (NUL byte)", path);
    else if (!(m = fc_match_new_from_position(rules, seed, text, err))) {
        char rest[FC_ERROR_MSG_MAX];
        int line = fc_position_error_line(err->msg, rest, sizeof rest);
        if (line > 0)
            fc_error_set(err, err->code, "%s:%d: %s", path, line, rest);
        else
            fc_error_set(err, err->code, "%s: %s", path, rest);
    }
    free(text);
    return m;
}

/* Splits the seat list on ','; a piece "key=value" with no ':' before its '=' continues the
 * previous spec's options, so "mcts:iters=100,c=0.7,random" is two seats. */
/* "error: MESSAGE" on stdout, escaped: messages carry script and file texts. */
static void play_error(const char *msg)
{
    char shown[4 * FC_ERROR_MSG_MAX];
    printf("error: %s\n", fc_escape(msg, shown, sizeof shown));
}

static int play_parse_seats(const char *text, char spec[FC_MAX_SEATS][PLAY_SPEC_MAX], int *n)
{
    int count = 0;
    if (text[0] >= '0' && text[0] <= '9' && !cli_parse_int(text, 1, FC_MAX_SEATS, &count))
        return cli_usage("play: option --seats: '%s' is not a seat count in 1..%d", text, FC_MAX_SEATS);
    if (count > 0) {
        for (int i = 0; i < count; i++)
            snprintf(spec[i], PLAY_SPEC_MAX, "random");
        *n = count;
        return 0;
    }
    count = 0;
    const char *p = text;
    for (;;) {
        size_t len = strcspn(p, ",");
        const char *eq = memchr(p, '=', len), *colon = memchr(p, ':', len);
        if (len == 0)
            return cli_usage("play: option --seats: empty seat in '%s'", text);
        if (eq && (!colon || colon > eq) && count > 0) {
            size_t have = strlen(spec[count - 1]);
            if (have + 1 + len >= PLAY_SPEC_MAX)
                return cli_usage("play: option --seats: spec too long");
            snprintf(spec[count - 1] + have, PLAY_SPEC_MAX - have, ",%.*s", (int)len, p);
        } else {
            if (count == FC_MAX_SEATS)
                return cli_usage("play: option --seats: more than %d seats", FC_MAX_SEATS);
            if (len >= PLAY_SPEC_MAX)
                return cli_usage("play: option --seats: spec too long");
            snprintf(spec[count++], PLAY_SPEC_MAX, "%.*s", (int)len, p);
        }
        if (!p[len])
            break;
        p += len + 1;
    }
    *n = count;
    return 0;
}

/* Seats played by humans at this terminal (bit per seat). */
static uint32_t play_humans(const play *p)
{
    uint32_t mask = 0;
    for (int i = 0; i < p->nseats; i++)
        if (!p->agent[i])
            mask |= FC_SEAT_BIT(i);
    return mask;
}

static const char *play_who(const play *p, int seat) { return seat == FC_CHANCE ? "chance" : p->names[seat]; }

/* Prints the decisions printed as hidden that the game has now revealed to everyone
 * (fc_match_history_audience), once each, after the events of the decision that revealed
 * them; forgets those taken back. */
static void play_reveals(play *p)
{
    size_t ply = fc_match_ply(p->m);
    int kept = 0;
    for (int i = 0; i < p->nhidden; i++) {
        size_t k = p->hidden[i].ply;
        const fc_history_entry *h = k < ply ? fc_match_history(p->m, k) : NULL;
        if (!h || h->seat != p->hidden[i].seat)
            continue; /* taken back */
        if (fc_match_history_audience(p->m, k) == FC_ALL_SEATS)
            printf("     > revealed: %zu %s: %s\n", k + 1, play_who(p, h->seat), p->hidden[i].text);
        else
            p->hidden[kept++] = p->hidden[i];
    }
    p->nhidden = kept;
}

/* Prints the decision just played. A decision that the game hides from one of the human seats
 * (a simultaneous choice, a private draw), or with no human seat from anyone (the spectator's
 * view, as the tty's and the GUI's), is shown as hidden, and kept for play_reveals. */
static void play_line(play *p, int who, const char *text)
{
    if (p->quiet)
        return;
    size_t ply = fc_match_ply(p->m);
    const fc_history_entry *h = fc_match_history(p->m, ply - 1);
    uint32_t humans = play_humans(p);
    uint32_t aud = fc_match_history_audience(p->m, ply - 1);
    bool shown = !h || (humans ? (aud & humans) == humans : aud == FC_ALL_SEATS);
    printf("%4zu %-9s: %s\n", ply, play_who(p, who), shown ? text : "(hidden until revealed)");
    if (shown)
        return;
    if (p->nhidden == PLAY_HIDDEN_MAX) { /* the oldest will not be named: make room */
        memmove(p->hidden, p->hidden + 1, (PLAY_HIDDEN_MAX - 1) * sizeof p->hidden[0]);
        p->nhidden--;
    }
    p->hidden[p->nhidden].ply = ply - 1;
    p->hidden[p->nhidden].seat = who;
    snprintf(p->hidden[p->nhidden++].text, sizeof p->hidden[0].text, "%s", text);
}

static void play_events(play *p)
{
    size_t n = fc_match_event_count(p->m);
    if (p->events_seen > n) /* after an undo */
        p->events_seen = n;
    for (; p->events_seen < n; p->events_seen++) {
        const fc_match_event *e = fc_match_event_get(p->m, p->events_seen);
        uint32_t humans = play_humans(p);
        /* Public events, and private ones when they are meant for every human here. */
        bool shown = e && (e->audience == FC_ALL_SEATS || (humans && (e->audience & humans) == humans));
        char text[sizeof e->text + 64]; /* seats named as the decisions' lines name them */
        if (shown && !p->quiet)
            printf("     > %s\n", fc_seat_text(e->text, (const char(*)[24])p->names, p->nseats, text, sizeof text));
    }
}

static int play_save(const play *p, const char *path)
{
    fc_error err;
    fc_error_clear(&err);
    if (fc_record_save(p->m, &p->labels, path, &err) != 0)
        return cli_fail("%s", err.msg);
    return 0;
}

static void play_show(play *p, int seat)
{
    fc_view *v = p->view;
    memset(v, 0, sizeof *v);
    fc_match_view(p->m, seat, v);
    printf("\n--- %s to move (ply %zu, round %d) ---\n", p->names[seat], fc_match_ply(p->m), fc_match_round(p->m));
    if (v->title[0])
        printf("%.*s\n", (int)sizeof v->title, v->title);
    cli_text_empty_board(stdout, v, false); /* Hive's first move: say so, the hands follow */
    for (int i = 0; i < v->ntracks && i < FC_VIEW_MAX_TRACKS; i++)
        printf("  %-16.24s %d/%d %.*s\n", v->tracks[i].name, v->tracks[i].value, v->tracks[i].max,
               (int)sizeof v->tracks[i].text, v->tracks[i].text);
    for (int s = -1; s < p->nseats; s++) {
        bool any = false;
        char items[256]; /* the seat's tray, or the pending items (a drawn tile) */
        if (fc_view_items_text(v, s, items, sizeof items) > 0) {
            printf("  %s: %s %s", s < 0 ? "all" : p->names[s], s < 0 ? "drawn" : "hand", items);
            any = true;
        }
        for (int i = 0; i < v->npanel && i < FC_VIEW_MAX_PANEL * 4; i++) {
            const fc_view_entry *e = &v->panel[i];
            if (e->seat != s)
                continue;
            if (!any)
                printf("  %s:", s < 0 ? "all" : p->names[s]);
            printf("%s %.24s %.*s", any ? "," : "", e->key, (int)sizeof e->value, e->value);
            any = true;
        }
        if (any)
            putchar('\n');
    }
    for (int i = 0; i < v->ntext && i < FC_VIEW_MAX_TEXT; i++)
        printf("  %.24s: %.*s\n", v->text[i].key, (int)sizeof v->text[i].value, v->text[i].value);
}

static void play_help(void)
{
    printf("enter the number of a decision or its notation; also:\n"
           "  legal       list the decisions again\n"
           "  map         the board drawn as text, then every hex with something on it\n"
           "  legend      what the map's glyphs and the panels' codes mean\n"
           "  rules [X]   the rules of this phase, or rule/topic X (R-12, births, glossary)\n"
           "  undo        take back your last decision (and the moves since)\n"
           "  save FILE   save the record so far (~/FILE: in your home directory)\n"
           "  position [FILE]  the position as text (docs/positions.md), or written to FILE\n"
           "  help        this text\n"
           "  quit        stop (the record is saved if --record was given)\n");
}

/* The numbered decisions: label (with its cost), notation, and the hexes it covers. */
static void play_list(play *p, const fc_decision *ds, char (*texts)[128], int n)
{
    for (int i = 0; i < n; i++) {
        fc_decision_info info;
        char label[sizeof info.label]; /* seats named as the lines above name them */
        fc_match_decision_describe(p->m, ds[i], &info);
        info.label[sizeof info.label - 1] = 0;
        fc_seat_text(info.label, (const char(*)[24])p->names, p->nseats, label, sizeof label);
        if (label[0] && strcmp(label, texts[i]) != 0)
            printf("  %3d. %s  [%s]", i + 1, label, texts[i]);
        else
            printf("  %3d. %s", i + 1, texts[i]);
        for (int h = 0; h < info.nhexes && h < FC_DECISION_MAX_HEXES; h++)
            printf("%s%d,%d", h ? " " : "  covers ", info.hexes[h].q, info.hexes[h].r);
        putchar('\n');
    }
}

/* `map`: the board drawn as text, then the hexes with something on them (glyphs, owner,
 * label) and how many are empty. */
static void play_map(const play *p)
{
    const fc_view *v = p->view;
    cli_text_map(stdout, v, NULL);
    if (v->ncells == 0)
        return; /* no map, or the empty board and the hands */
    int empty = 0;
    for (int i = 0; i < v->ncells && i < FC_VIEW_MAX_CELLS; i++) {
        const fc_view_cell *c = &v->cells[i];
        if (!c->glyphs[0]) {
            empty++;
            continue;
        }
        bool owned = c->owner >= 0 && c->owner < p->nseats;
        printf("  %4d,%-4d %-7.7s %-10.16s %s%s%.*s\n", c->hex.q, c->hex.r, c->glyphs, c->terrain_name,
               owned ? p->names[c->owner] : "", owned ? ": " : "", (int)sizeof c->label, c->label);
    }
    printf("  (%d hexes with nothing on them; 'legend' explains the glyphs)\n", empty);
}

static void play_legend(const play *p)
{
    const fc_view *v = p->view;
    if (v->nlegend == 0)
        printf("  this game gives no legend\n");
    for (int i = 0; i < v->nlegend && i < FC_VIEW_MAX_LEGEND; i++)
        printf("  %-9.*s %.*s\n", (int)sizeof v->legend[i].glyph, v->legend[i].glyph, (int)sizeof v->legend[i].text, v->legend[i].text);
}

/* `rules [X]`: rule or topic X, else the current phase's rules, else the glossary. */
static void play_rules(const play *p, const char *query)
{
    const char *text = fc_plugin_rules_text(fc_rules_plugin(fc_match_rules(p->m)));
    if (!text) {
        printf("  this game carries no rules text\n");
        return;
    }
    fc_rules_span span;
    const char *topic = *query ? query : fc_match_phase_topic(p->m);
    int rc = topic ? fc_rules_text_find(text, topic, &span) : fc_rules_text_glossary(text, &span);
    if (rc != 0) {
        char hint[64];
        if (fc_rules_text_suggest(text, query, hint, sizeof hint) == 0)
            printf("  no rule or topic '%s'; did you mean '%s'?\n", query, hint);
        else
            printf("  no rule or topic '%s' (try a rule id like R-12, a heading word, or glossary)\n", query);
        return;
    }
    cli_text_rules(stdout, span.start, span.len);
}

/* `position [FILE]`: the current position as text, printed or written to FILE (for
 * `play --position`, `setup` in the shell, `sim --position`). */
static void play_position(const play *p, const char *path)
{
    fc_error err;
    fc_error_clear(&err);
    char *buf = malloc(FC_POSITION_MAX);
    int len = buf ? fc_match_position_write(p->m, buf, FC_POSITION_MAX, &err) : -1;
    if (len < 0) {
        play_error(buf ? err.msg : "out of memory");
    } else if (!*path) {
        fwrite(buf, 1, (size_t)len, stdout);
    } else {
        if (fc_outfile_write(path, buf, (size_t)len, &err) == 0)
            printf("position written to %s\n", path);
        else
            printf("error: %s\n", err.msg);
    }
    free(buf);
}

/* Takes back decisions up to and including the last one made by a human seat. */
static int play_undo(play *p)
{
    size_t n = fc_match_ply(p->m), k = n;
    while (k > 0) {
        const fc_history_entry *h = fc_match_history(p->m, k - 1);
        if (h && h->seat >= 0 && h->seat < p->nseats && !p->agent[h->seat])
            break;
        k--;
    }
    if (k == 0) {
        printf("nothing to undo\n");
        return 0;
    }
    fc_error err;
    fc_error_clear(&err);
    while (fc_match_ply(p->m) >= k)
        if (fc_match_undo(p->m, &err) != 0)
            return cli_fail("undo: %s", err.msg);
    int kept = 0; /* the hidden decisions taken back will not be revealed */
    for (int i = 0; i < p->nhidden; i++)
        if (p->hidden[i].ply < fc_match_ply(p->m))
            p->hidden[kept++] = p->hidden[i];
    p->nhidden = kept;
    printf("undone back to ply %zu\n", fc_match_ply(p->m));
    return 0;
}

/* Reads one input line into line[0..n) without its end ("\n", "\r\n" or a lone "\r", as every
 * reader of the project): 1, 0 at end of input, -1 when the line was longer than n - 1 bytes
 * or held a NUL byte (the whole line is consumed either way, so its rest is never taken for
 * the next command). */
static int play_read_line(char *line, size_t n)
{
    size_t len = 0;
    bool bad = false;
    int c;
    while ((c = getchar()) != EOF && c != '\n' && c != '\r') {
        if (c == '\0' || len + 1 >= n)
            bad = true;
        else
            line[len++] = (char)c;
    }
    if (c == '\r' && (c = getchar()) != '\n' && c != EOF)
        ungetc(c, stdin);
    line[len] = '\0';
    if (c == EOF && len == 0 && !bad)
        return 0;
    return bad ? -1 : 1;
}

/* --load FILE: the record's rules and match, verified (every decision re-played), of game pl;
 * the options that would contradict it are refused. Returns 0, or an exit code after one line. */
static int play_load(cli *c, fc_context *ctx, const fc_plugin *pl, const char *path, fc_rules **rules, fc_match **m)
{
    static const char *const clash[] = {"--seed", "--rules", "--variant", "--set", "--position"};
    for (size_t i = 0; i < sizeof clash / sizeof clash[0]; i++)
        if (cli_opt(c, clash[i]))
            return cli_usage("play: --load takes the rules, variant, seed and start of the record; drop %s", clash[i]);
    fc_error err;
    fc_error_clear(&err);
    fc_record_info info;
    if (fc_record_load(ctx, path, rules, m, &info, &err) != 0)
        return cli_fail("play --load: %s", err.msg);
    const char *got = fc_rules_plugin(*rules)->id;
    if (strcmp(got, pl->id) != 0) {
        fc_match_free(*m);
        fc_rules_free(*rules);
        *m = NULL;
        *rules = NULL;
        return cli_fail("play --load: %s: a record of %s, not %s (formicary play %s --load %s)", path, got, pl->id, got,
                        path);
    }
    return 0;
}

/* The legal decisions now, copied with their notation into *ds and *texts (the caller frees
 * both): their count, or a negative exit status. */
static int human_choices(play *p, int seat, fc_decision **ds, char (**texts)[128])
{
    const fc_decision *legal = NULL;
    int n = fc_match_legal(p->m, &legal, NULL);
    *ds = NULL;
    *texts = NULL;
    if (n <= 0)
        return -cli_fail("no legal decision for %s", p->names[seat]);
    *ds = malloc((size_t)n * sizeof **ds);
    *texts = malloc((size_t)n * sizeof **texts);
    if (!*ds || !*texts)
        return -cli_fail("out of memory");
    memcpy(*ds, legal, (size_t)n * sizeof **ds);
    for (int i = 0; i < n; i++)
        if (fc_match_decision_text(p->m, (*ds)[i], (*texts)[i], sizeof (*texts)[i]) < 0)
            snprintf((*texts)[i], sizeof (*texts)[i], "#%u", (unsigned)(*ds)[i]);
    return n;
}

/* A decision given by its number in the list or its notation. */
static int human_decide(play *p, int seat, const char *s, const fc_decision *ds, char (*texts)[128], int n)
{
    fc_error err;
    fc_error_clear(&err);
    if (isdigit((unsigned char)*s)) {
        int k = 0;
        if (!cli_parse_int(s, 1, n, &k)) {
            printf("choose 1..%d (or help)\n", n);
            return -1;
        }
        if (fc_match_play(p->m, ds[k - 1], &err) != 0) {
            play_error(err.msg);
            return -1;
        }
        play_line(p, seat, texts[k - 1]);
        return HUMAN_PLAYED;
    }
    int found = -1;
    for (int i = 0; i < n && found < 0; i++)
        if (strcmp(texts[i], s) == 0)
            found = i;
    int rc = found >= 0 ? fc_match_play(p->m, ds[found], &err) : fc_match_play_text(p->m, s, &err);
    if (rc != 0) {
        play_error(err.msg[0] ? err.msg : "not a legal decision (try help)");
        return -1;
    }
    play_line(p, seat, found >= 0 ? texts[found] : s);
    return HUMAN_PLAYED;
}

/* One line (trimmed, not empty) of the human's: -1 to read another, else a HUMAN_* result or a
 * negative exit status. */
static int human_line(play *p, int seat, char *s, const fc_decision *ds, char (*texts)[128], int n)
{
    if (strcmp(s, "help") == 0) {
        play_help();
    } else if (strcmp(s, "legal") == 0) {
        play_list(p, ds, texts, n);
    } else if (strcmp(s, "map") == 0) {
        play_map(p);
    } else if (strcmp(s, "legend") == 0) {
        play_legend(p);
    } else if (strncmp(s, "rules", 5) == 0 && (s[5] == 0 || isspace((unsigned char)s[5]))) {
        play_rules(p, cli_trim(s + 5));
    } else if (strncmp(s, "position", 8) == 0 && (s[8] == 0 || isspace((unsigned char)s[8]))) {
        play_position(p, cli_trim(s + 8));
    } else if (strcmp(s, "quit") == 0) {
        printf("game stopped at ply %zu\n", fc_match_ply(p->m));
        return HUMAN_STOP;
    } else if (strcmp(s, "undo") == 0) {
        return play_undo(p) == 0 ? HUMAN_AGAIN : -CLI_EXIT_FAIL;
    } else if (strncmp(s, "save", 4) == 0 && (s[4] == 0 || isspace((unsigned char)s[4]))) {
        char *path = cli_trim(s + 4), home[4096];
        const char *h = getenv("HOME");
        fc_error err;
        fc_error_clear(&err);
        /* "~/F" from the home directory, as the tty's and the GUI's prompts read it */
        if (path[0] == '~' && (!path[1] || path[1] == '/') && h && h[0] &&
            snprintf(home, sizeof home, "%s%s", h, path + 1) < (int)sizeof home)
            path = home;
        if (!*path)
            printf("usage: save FILE\n");
        else if (fc_record_save(p->m, &p->labels, path, &err) != 0)
            play_error(err.msg);
        else
            printf("saved %s\n", path);
    } else {
        return human_decide(p, seat, s, ds, texts, n);
    }
    return -1;
}

/* One human turn: returns HUMAN_PLAYED, HUMAN_AGAIN (after undo), HUMAN_STOP (quit or end of
 * input) or a negative code after printing an error. */
static int play_human(play *p, int seat)
{
    play_show(p, seat);
    fc_decision *ds;
    char(*texts)[128];
    int n = human_choices(p, seat, &ds, &texts);
    if (n < 0) { /* cli_fail's status, positive as it always was here */
        free(ds);
        free(texts);
        return -n;
    }
    play_list(p, ds, texts, n);
    int result = -1;
    char line[1024];
    while (result == -1) {
        printf("%s> ", p->names[seat]);
        fflush(stdout);
        int got = play_read_line(line, sizeof line);
        if (got < 0) {
            printf("error: lines are at most %d bytes of text (no NUL bytes)\n", (int)sizeof line - 1);
            continue;
        }
        if (got == 0) {
            printf("\nend of input: game stopped at ply %zu\n", fc_match_ply(p->m));
            result = HUMAN_STOP;
            break;
        }
        char *s = cli_trim(line);
        if (*s)
            result = human_line(p, seat, s, ds, texts, n);
    }
    free(ds);
    free(texts);
    return result;
}

static void play_final(const play *p)
{
    int32_t score[FC_MAX_SEATS] = {0};
    int rank[FC_MAX_SEATS] = {0};
    fc_match_scores(p->m, score, rank);
    bool over = fc_match_to_move(p->m) == FC_NOBODY;
    printf("%s after %zu decisions:\n", over ? "final scores" : "scores", fc_match_ply(p->m));
    int order[FC_MAX_SEATS];
    for (int i = 0; i < p->nseats; i++)
        order[i] = i;
    for (int i = 1; i < p->nseats; i++) /* insertion sort by rank, then seat */
        for (int j = i; j > 0 && rank[order[j]] < rank[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    for (int i = 0; i < p->nseats; i++) {
        int s = order[i];
        printf("  %d. %-9s %6d  (%s)\n", rank[s] + 1, p->names[s], (int)score[s], p->spec[s]);
    }
}

static int play_run(play *p)
{
    fc_error err;
    fc_error_clear(&err);
    for (;;) {
        int who = fc_match_to_move(p->m);
        if (who == FC_NOBODY)
            break;
        char text[256];
        if (who == FC_CHANCE) {
            if (cli_play_chance(p->m, text, sizeof text, &err) != 0)
                return cli_fail("%s", err.msg);
            play_line(p, who, text);
        } else if (who < 0 || who >= p->nseats) {
            return cli_fail("the game reported seat index %d (0-based) to move with %d seats", who, p->nseats);
        } else if (p->agent[who]) {
            fc_decision d = 0;
            if (fc_agent_choose(p->agent[who], p->m, &d, &err) != 0)
                return cli_fail("%s", err.msg);
            if (fc_match_decision_text(p->m, d, text, sizeof text) < 0)
                snprintf(text, sizeof text, "#%u", (unsigned)d);
            if (fc_match_play(p->m, d, &err) != 0)
                return cli_fail("%s", err.msg);
            play_line(p, who, text);
        } else {
            int rc = play_human(p, who);
            if (rc < 0)
                return -rc;
            if (rc == HUMAN_STOP)
                return CLI_EXIT_OK;
        }
        play_events(p);
        play_reveals(p);
    }
    play_final(p);
    return CLI_EXIT_OK;
}

/* --ui (or the config's play.ui) checked against what is built; *gui and *tty say which front end. */
static int play_pick_ui(cli *c, bool *gui, bool *tty)
{
    char ui_conf[32];
    const char *ui = cli_opt(c, "--ui");
    if (!ui && cli_config_get("play", "ui", ui_conf, sizeof ui_conf))
        ui = ui_conf;
    if (ui && strcmp(ui, "text") != 0 && strcmp(ui, "tty") != 0 && strcmp(ui, "gui") != 0 && strcmp(ui, "auto") != 0)
        return cli_usage("play: option --ui: unknown front end '%s' (known: text, tty, gui, auto)", ui);
    *gui = ui && strcmp(ui, "gui") == 0;
#ifndef FC_HAVE_GUI
    if (*gui)
        return cli_fail("the gui front end is not built (needs SDL2, SDL2_ttf, fontconfig); use --ui tty or text");
#endif
    *tty = ui ? strcmp(ui, "tty") == 0 : false;
#ifdef FC_HAVE_TTY
    if (!ui || strcmp(ui, "auto") == 0)
        *tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    else if (*tty && !(isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)))
        return cli_fail("the tty front end needs a terminal; use --ui text");
#else
    if (*tty)
        return cli_fail("the tty front end is not built (needs ncursesw); use --ui text");
#endif
    return CLI_EXIT_OK;
}

/* Seat i's spec resolved (tier names) into its agent; a human seat is labelled only. */
static int play_seat_agent(play *p, const fc_plugin *pl, int i, uint64_t agent_seed, fc_error *err)
{
    if (strcmp(p->spec[i], "human") == 0) {
        p->labels.agent[i] = "human";
        return CLI_EXIT_OK;
    }
    char resolved[PLAY_SPEC_MAX];
    if (cli_agent_spec(pl->id, p->spec[i], resolved, sizeof resolved, err) < 0)
        return cli_usage("play: option --seats: seat %d: %s", i + 1, err->msg);
    snprintf(p->spec[i], PLAY_SPEC_MAX, "%s", resolved);
    if (!(p->agent[i] = fc_agent_new(p->spec[i], agent_seed, err))) {
        static const char *const human[1] = {"human"};
        if (!strchr(p->spec[i], ':') && fc_suggest(p->spec[i], human, 1))
            return cli_usage("play: option --seats: seat %d: unknown agent '%s'; did you mean 'human'?", i + 1,
                             p->spec[i]);
        return cli_usage("play: option --seats: seat %d: %s", i + 1, err->msg);
    }
    snprintf(p->spec[i], PLAY_SPEC_MAX, "%s", fc_agent_spec(p->agent[i]));
    p->labels.agent[i] = p->spec[i];
    return CLI_EXIT_OK;
}

/* The seats' specs (given, or the user against the game's medium bots, MCTS for a game without
   tiers) made into agents. */
static int play_seats(play *p, const fc_plugin *pl, bool given, int nseats_default, uint64_t seed, fc_error *err)
{
    if (!given) {
        fc_tiers tiers;
        bool tiered = cli_tiers(pl->id, &tiers, err) == 0;
        p->nseats = nseats_default;
        for (int i = 0; i < p->nseats && i < FC_MAX_SEATS; i++)
            snprintf(p->spec[i], PLAY_SPEC_MAX, "%s", i == 0 ? "human" : tiered ? "medium" : "mcts");
    }
    uint64_t agent_seed = fc_hash64(&seed, sizeof seed, 0x6167656e74u); /* "agent" */
    for (int i = 0; i < p->nseats; i++) {
        int rc = play_seat_agent(p, pl, i, agent_seed, err);
        if (rc != CLI_EXIT_OK)
            return rc;
    }
    return CLI_EXIT_OK;
}

/* Failures that would otherwise come late: a bad weights file (not at the agent's first turn), a
   record that cannot be written (not losing the game at its end). */
static int play_check_early(const play *p, const fc_rules *rules, fc_error *err)
{
    for (int i = 0; i < p->nseats; i++)
        if (p->agent[i] && fc_agent_check_rules(p->agent[i], rules, err) != 0)
            return cli_fail("play: seat %d: %s", i + 1, err->msg);
    const char *record = cli_opt(p->c, "--record");
    if (record && fc_outfile_check(record, err) != 0)
        return cli_fail("--record %s", err->msg);
    return CLI_EXIT_OK;
}

/* The text front end: the header, the match, the record saved. */
static int play_text(play *p, const fc_plugin *pl, uint64_t seed, const char *load)
{
    printf("%s: %d seats, seed %llu\n", pl->id, p->nseats, (unsigned long long)seed);
    if (load) { /* the record's events are its past: not printed again */
        printf("continuing %s after %zu decisions%s\n", load, fc_match_ply(p->m),
               fc_match_to_move(p->m) == FC_NOBODY ? " (the game is over)" : "");
        p->events_seen = fc_match_event_count(p->m);
    }
    if (!p->quiet)
        for (int i = 0; i < p->nseats; i++)
            printf("  seat %d %-9s %s\n", i + 1, p->names[i], p->spec[i]);
    play_events(p); /* setup events */
    int rc = play_run(p);
    const char *record = cli_opt(p->c, "--record");
    if (record && rc == CLI_EXIT_OK && play_save(p, record) != 0)
        rc = CLI_EXIT_FAIL;
    return rc;
}

/* The match set up in p (agents, rules, match, view) and played in the chosen front end. */
static int play_setup_and_run(play *p, fc_context *ctx, fc_rules **rules, bool seats_given, uint64_t seed,
                              bool gui, bool tty, int bot_delay)
{
    cli *c = p->c;
    fc_error err;
    fc_error_clear(&err);
    int rc;
    const fc_plugin *pl = fc_context_find(ctx, c->pos[0], &err);
    if (!pl)
        return cli_fail("%s", err.msg);
    const char *load = cli_opt(c, "--load");
    if (load) { /* the record's rules, seed and seat count; p->m is freed by the caller */
        if ((rc = play_load(c, ctx, pl, load, rules, &p->m)) != 0)
            return rc;
        seed = fc_match_seed(p->m);
        int want = fc_rules_nseats(*rules);
        if (seats_given && p->nseats != want)
            return cli_usage("play: --seats gives %d seats; the record %s is a %d-seat game", p->nseats, load, want);
    }
    if ((rc = play_seats(p, pl, seats_given, load ? fc_rules_nseats(*rules) : pl->min_seats, seed, &err)) != 0)
        return rc;
    if (!*rules && !(*rules = cli_rules(c, ctx, pl->id, p->nseats)))
        return CLI_EXIT_FAIL;
    if ((rc = play_check_early(p, *rules, &err)) != 0)
        return rc;
    const char *pos = cli_opt(c, "--position");
    if (!p->m && !(p->m = pos ? cli_position_match(*rules, seed, pos, &err) : fc_match_new(*rules, seed, &err)))
        return cli_fail("%s", err.msg);
    if (!(p->view = malloc(sizeof *p->view)))
        return cli_fail("out of memory");
    cli_seat_names(p->m, p->names);
#ifdef FC_HAVE_GUI
    if (gui) {
        fc_gui_options gopt = {bot_delay, cli_opt(c, "--record"), NULL};
        return fc_gui_play(&p->m, rules, p->agent, &p->labels, &gopt, &err) != 0 ? cli_fail("%s", err.msg)
                                                                                  : CLI_EXIT_OK;
    }
#endif
#ifdef FC_HAVE_TTY
    if (tty) {
        fc_tty_options topt = {bot_delay, cli_opt(c, "--record"), NULL};
        return fc_tty_play(&p->m, rules, p->agent, &p->labels, &topt, &err) != 0 ? cli_fail("%s", err.msg)
                                                                                 : CLI_EXIT_OK;
    }
#endif
    (void)gui;
    (void)tty;
    (void)bot_delay;
    return play_text(p, pl, seed, load);
}

int cli_cmd_play(cli *c)
{
    bool gui = false, tty = false;
    int rc = play_pick_ui(c, &gui, &tty);
    if (rc != CLI_EXIT_OK)
        return rc;
    int bot_delay = -1;
    if (!cli_opt_int(c, "--bot-delay", 0, 60000, -1, &bot_delay))
        return CLI_EXIT_USAGE;
    uint64_t seed = 0;
    if (!cli_opt_u64(c, "--seed", 0, &seed))
        return CLI_EXIT_USAGE;
    if (!cli_opt(c, "--seed"))
        seed = cli_time_seed();

    play *p = calloc(1, sizeof *p);
    if (!p)
        return cli_fail("out of memory");
    p->c = c;
    p->quiet = cli_flag(c, "--quiet");
    char config[512];
    const char *seats = cli_opt(c, "--seats");
    if (!seats && cli_config_get("play", "seats", config, sizeof config))
        seats = config;
    if (seats && (rc = play_parse_seats(seats, p->spec, &p->nseats)) != 0) {
        free(p);
        return rc;
    }
    fc_context *ctx = cli_context(c, NULL, 0);
    if (!ctx) {
        free(p);
        return CLI_EXIT_FAIL;
    }
    fc_rules *rules = NULL;
    rc = play_setup_and_run(p, ctx, &rules, seats != NULL, seed, gui, tty, bot_delay);
    if (p->m)
        fc_match_free(p->m);
    if (rules)
        fc_rules_free(rules);
    for (int i = 0; i < FC_MAX_SEATS; i++)
        fc_agent_free(p->agent[i]);
    free(p->view);
    free(p);
    fc_context_free(ctx);
    return rc;
}
