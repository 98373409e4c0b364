/* The text front end's board and record viewer: the hex map drawn as text (cli_text_map) and
 * `formicary replay FILE --ui text`, which steps through a record with the board at every ply
 * (cli_text_replay). Commands come line by line from standard input, so it can be scripted. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The screen column of a hex: pointy-top axial, 4 columns per hex, half a hex per row (the same
 * drawing as the tty front end). */
static int text_hex_x(fc_hex h) { return 4 * h.q + 2 * h.r; }

static const char *const text_fill[FC_TERRAIN_COUNT] = {" . ", " , ", " : ", " ^ ", "~~~",
                                                         " * ", " & ", " . ", " # ", "XXX"};

static bool text_marked(const fc_decision_info *mark, fc_hex h)
{
    if (!mark)
        return false;
    if (mark->has_hex && fc_hex_eq(mark->hex, h))
        return true;
    for (int i = 0; i < mark->nhexes && i < FC_DECISION_MAX_HEXES; i++)
        if (fc_hex_eq(mark->hexes[i], h))
            return true;
    return false;
}

/* A seat's name as the view gives it (never trusted to be terminated), else "seat N". */
static const char *text_seat_name(const fc_view *v, int s, char *buf, size_t n)
{
    size_t len = s >= 0 && s < 8 ? strnlen(v->seat_names[s], sizeof v->seat_names[s]) : 0;
    if (len)
        snprintf(buf, n, "%.*s", (int)len, v->seat_names[s]);
    else
        snprintf(buf, n, "seat %d", s + 1);
    return buf;
}

bool cli_text_empty_board(FILE *f, const fc_view *v, bool full)
{
    int nseats = v->nseats < 0 ? 0 : v->nseats > 8 ? 8 : v->nseats;
    char hand[512], name[32];
    bool mine = v->seat >= 0 && v->seat < nseats && fc_view_items_text(v, v->seat, hand, sizeof hand) > 0;
    bool any = mine;
    for (int s = 0; s < nseats && !any; s++)
        any = fc_view_items_text(v, s, hand, sizeof hand) > 0;
    if (v->ncells > 0 || !any)
        return false;
    if (mine)
        fprintf(f, "  no pieces on the board yet; place one from your hand: %s\n", hand);
    else
        fprintf(f, "  no pieces on the board yet; each player places one from their hand\n");
    if (!full)
        return true;
    fprintf(f, "  ("); /* what the glyphs are: each kind of piece once, by the first seat's names */
    int k = 0;
    for (int i = 0; i < v->nitems && i < FC_VIEW_MAX_ITEMS; i++) {
        const fc_view_item *it = &v->items[i];
        if (it->seat == (mine ? v->seat : v->items[0].seat))
            fprintf(f, "%s%.*s %.*s", k++ ? ", " : "", (int)strnlen(it->glyph, sizeof it->glyph), it->glyph,
                    (int)strnlen(it->name, sizeof it->name), it->name);
    }
    fprintf(f, ")\n  hands:");
    for (int s = 0, k2 = 0; s < nseats; s++)
        if (fc_view_items_text(v, s, hand, sizeof hand) > 0)
            fprintf(f, "%s %s %s", k2++ ? " |" : "", text_seat_name(v, s, name, sizeof name), hand);
    fputc('\n', f);
    return true;
}

void cli_text_map(FILE *f, const fc_view *v, const fc_decision_info *mark)
{
    int n = v->ncells < FC_VIEW_MAX_CELLS ? v->ncells : FC_VIEW_MAX_CELLS;
    if (n == 0) {
        if (!cli_text_empty_board(f, v, true)) /* Hive's first move: the hands, not "no map" */
            fprintf(f, "  (this game shows no map)\n");
        return;
    }
    int minx = 0, maxx = 0, miny = 0, maxy = 0;
    for (int i = 0; i < n; i++) {
        int x = text_hex_x(v->cells[i].hex), y = v->cells[i].hex.r;
        if (i == 0 || x < minx)
            minx = x;
        if (i == 0 || x + 4 > maxx)
            maxx = x + 4;
        if (i == 0 || y < miny)
            miny = y;
        if (i == 0 || y > maxy)
            maxy = y;
    }
    int w = maxx - minx + 1;
    char *row = malloc((size_t)w + 1);
    if (!row)
        return;
    for (int y = miny; y <= maxy; y++) {
        memset(row, ' ', (size_t)w);
        row[w] = 0;
        bool any = false;
        for (int i = 0; i < n; i++) {
            const fc_view_cell *c = &v->cells[i];
            if (c->hex.r != y)
                continue;
            any = true;
            char *p = row + text_hex_x(c->hex) - minx;
            size_t g = strnlen(c->glyphs, sizeof c->glyphs);
            if (g == 0)
                memcpy(p + 1, text_fill[c->terrain < FC_TERRAIN_COUNT ? c->terrain : 0], 3);
            else if (g == 1)
                p[2] = c->glyphs[0];
            else
                p[1] = c->glyphs[0], p[2] = c->glyphs[1], p[3] = g == 2 ? ' ' : g > 3 ? '>' : c->glyphs[2];
            for (int k = 1; k <= 3; k++)
                if ((unsigned char)p[k] < 32 || (unsigned char)p[k] > 126)
                    p[k] = '?';
        }
        for (int i = 0; i < n; i++) { /* marks last: a run of marked hexes shares its braces */
            fc_hex h = v->cells[i].hex;
            if (h.r != y || !text_marked(mark, h))
                continue;
            char *p = row + text_hex_x(h) - minx;
            if (p[0] != '}' || !text_marked(mark, fc_hex_make(h.q - 1, h.r)))
                p[0] = '{';
            else
                p[0] = ' ';
            p[4] = '}';
        }
        if (!any)
            continue;
        int len = w;
        while (len > 0 && row[len - 1] == ' ')
            len--;
        fprintf(f, "  %.*s\n", len, row);
    }
    free(row);
}

/* ---- the record viewer ---- */

typedef struct text_replay {
    fc_rules *rules;
    fc_match *m;
    size_t n, at;
    fc_decision *d;
    int *seat;
    uint32_t *audience;
    char (*text)[128];
    int nseats, viewer;
    char names[FC_MAX_SEATS][24];
    fc_view *view;
    FILE *out;
} text_replay;

static bool text_sees(const text_replay *r, uint32_t audience)
{
    return r->viewer >= 0 ? (audience & FC_SEAT_BIT(r->viewer)) != 0 : audience == FC_ALL_SEATS;
}

static const char *text_who(const text_replay *r, int seat)
{
    return seat >= 0 && seat < r->nseats ? r->names[seat] : "chance";
}

/* " (seat N)", 1-based, for a seat's decision. */
static const char *text_seat(int seat)
{
    static const char *const num[FC_MAX_SEATS] = {" (seat 1)", " (seat 2)", " (seat 3)", " (seat 4)",
                                                  " (seat 5)", " (seat 6)", " (seat 7)", " (seat 8)"};
    return seat >= 0 && seat < FC_MAX_SEATS ? num[seat] : "";
}

/* Goes to ply k: forward by playing, back by undo, a longer jump back from a fresh match. */
static int text_goto(text_replay *r, size_t k, fc_error *err)
{
    if (k > r->n)
        k = r->n;
    if (k + 1 < r->at) {
        fc_match *fresh = fc_match_new_at_start(r->m, err);
        if (!fresh)
            return err->code ? err->code : FC_ESTATE;
        fc_match_free(r->m);
        r->m = fresh;
        r->at = 0;
    }
    while (r->at > k) {
        if (fc_match_undo(r->m, err) != 0)
            return err->code;
        r->at--;
    }
    while (r->at < k) {
        if (fc_match_play(r->m, r->d[r->at], err) != 0)
            return err->code;
        r->at++;
    }
    return 0;
}

/* The events the last decision caused that the viewer may see ("  > bids revealed: Red bid
 * 10; Blue bid 6"), seats named as the lines above name them: what a hidden simultaneous
 * choice was shows here once the game reveals it, and not before. */
static void text_last_events(const text_replay *r)
{
    size_t n = fc_match_event_count(r->m), i = n;
    while (i > 0 && fc_match_event_get(r->m, i - 1)->ply + 1 >= r->at)
        i--;
    for (; i < n; i++) {
        const fc_match_event *e = fc_match_event_get(r->m, i);
        char text[sizeof e->text + 64];
        if (e->ply + 1 == r->at && text_sees(r, e->audience))
            fprintf(r->out, "  > %s\n", fc_seat_text(e->text, (const char(*)[24])r->names, r->nseats, text, sizeof text));
    }
}

static void text_show(text_replay *r)
{
    FILE *f = r->out;
    fc_view *v = r->view;
    memset(v, 0, sizeof *v);
    fc_match_view(r->m, r->viewer, v);
    const char *var = fc_rules_variant_name(r->rules);
    char rs[256], vs[256], ns[4 * sizeof r->names[0]]; /* names from the record: escaped */
    fprintf(f, "\n--- ply %zu of %zu | %s, rules %s, %s%s | view of %s ---\n", r->at, r->n,
            fc_rules_plugin(r->rules)->name, fc_escape(fc_rules_name(r->rules), rs, sizeof rs),
            strcmp(var, "none") ? "variant " : "no variant", strcmp(var, "none") ? fc_escape(var, vs, sizeof vs) : "",
            r->viewer < 0 ? "a spectator" : fc_escape(r->names[r->viewer], ns, sizeof ns));
    if (v->title[0])
        fprintf(f, "%.*s\n", (int)sizeof v->title, v->title);
    fc_decision_info next;
    memset(&next, 0, sizeof next);
    bool shown = r->at < r->n && text_sees(r, r->audience[r->at]);
    if (shown) { /* its label with the seats named as the lines name them */
        char label[sizeof next.label];
        fc_match_decision_describe(r->m, r->d[r->at], &next);
        next.label[sizeof next.label - 1] = 0;
        fc_seat_text(next.label, (const char(*)[24])r->names, r->nseats, label, sizeof label);
        memcpy(next.label, label, sizeof label);
    }
    cli_text_map(f, v, shown ? &next : NULL);
    int32_t score[FC_MAX_SEATS] = {0};
    int rank[FC_MAX_SEATS] = {0};
    fc_match_scores(r->m, score, rank);
    for (int s = -1; s < r->nseats; s++) {
        int k = 0;
        if (s >= 0)
            fprintf(f, "  %s (%d pts):", r->names[s], (int)score[s]);
        char items[256]; /* the seat's tray, or the pending items (a drawn tile) */
        if (fc_view_items_text(v, s, items, sizeof items) > 0)
            fprintf(f, "%s %s %s", s < 0 ? "  all:" : "", s < 0 ? "drawn" : "hand", items), k++;
        for (int i = 0; i < v->npanel && i < FC_VIEW_MAX_PANEL * 4; i++) {
            const fc_view_entry *e = &v->panel[i];
            if (e->seat != s)
                continue;
            if (s < 0 && k == 0)
                fprintf(f, "  all:");
            fprintf(f, "%s %.24s %.*s", k++ ? "," : "", e->key, (int)sizeof e->value, e->value);
        }
        if (s >= 0 || k > 0)
            fputc('\n', f);
    }
    for (int i = 0; i < v->ntracks && i < FC_VIEW_MAX_TRACKS; i++)
        fprintf(f, "  %-16.24s %d/%d %.*s\n", v->tracks[i].name, v->tracks[i].value, v->tracks[i].max,
                (int)sizeof v->tracks[i].text, v->tracks[i].text);
    for (int i = 0; i < v->ntext && i < FC_VIEW_MAX_TEXT; i++)
        fprintf(f, "  %.24s: %.*s\n", v->text[i].key, (int)sizeof v->text[i].value, v->text[i].value);
    if (r->at > 0)
        fprintf(f, "last: %zu %s: %s\n", r->at, text_who(r, r->seat[r->at - 1]),
                text_sees(r, fc_match_history_audience(r->m, r->at - 1)) ? r->text[r->at - 1] : "(hidden)");
    if (r->at > 0)
        text_last_events(r);
    if (r->at >= r->n)
        fprintf(f, "end of the record (%s)\n", fc_match_to_move(r->m) == FC_NOBODY ? "game over" : "game not finished");
    else if (shown && next.nhexes > 1)
        fprintf(f, "next: %zu %s%s: %s [%s] (covers %d hexes, marked { })\n", r->at + 1, text_who(r, r->seat[r->at]),
                text_seat(r->seat[r->at]), next.label[0] ? next.label : "", r->text[r->at], next.nhexes);
    else if (shown)
        fprintf(f, "next: %zu %s%s: %s [%s]%s\n", r->at + 1, text_who(r, r->seat[r->at]), text_seat(r->seat[r->at]),
                next.label[0] ? next.label : "", r->text[r->at], next.has_hex ? " (its hex marked { })" : "");
    else
        fprintf(f, "next: %zu %s%s: (hidden from this view)\n", r->at + 1, text_who(r, r->seat[r->at]),
                text_seat(r->seat[r->at]));
}

static void text_help(FILE *f)
{
    fprintf(f, "replay commands:\n"
               "  n, next, Enter   one decision forward        b, back   one decision back\n"
               "  first, last      the start / the end         N         go to ply N (0 = the start)\n"
               "  view S           the view of seat S (1-based; 0 = a spectator: public information)\n"
               "  show             the board again             help      this text\n"
               "  quit             stop\n");
}

/* Reads the record's decisions and their notation (which needs the position before each). */
static int text_open(text_replay *r, fc_match *loaded, fc_error *err)
{
    r->n = fc_match_ply(loaded);
    size_t alloc = r->n ? r->n : 1;
    r->d = malloc(alloc * sizeof *r->d);
    r->seat = malloc(alloc * sizeof *r->seat);
    r->audience = malloc(alloc * sizeof *r->audience);
    r->text = malloc(alloc * sizeof *r->text);
    r->view = malloc(sizeof *r->view);
    if (!r->d || !r->seat || !r->audience || !r->text || !r->view)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    for (size_t i = 0; i < r->n; i++) {
        const fc_history_entry *h = fc_match_history(loaded, i);
        if (!h)
            return fc_error_set(err, FC_ESTATE, "the record has no decision %zu", i + 1);
        r->d[i] = h->decision;
        r->seat[i] = h->seat;
        r->audience[i] = h->audience;
    }
    if (!(r->m = fc_match_new_at_start(loaded, err)))
        return err->code ? err->code : FC_ESTATE;
    for (size_t i = 0; i < r->n; i++) {
        if (fc_match_decision_text(r->m, r->d[i], r->text[i], sizeof r->text[i]) < 0)
            snprintf(r->text[i], sizeof r->text[i], "#%u", (unsigned)r->d[i]);
        if (fc_match_play(r->m, r->d[i], err) != 0)
            return err->code;
    }
    r->at = r->n;
    return text_goto(r, 0, err);
}

/* What a command line asks of the viewer: go to *to, or nothing more (it was answered). */
enum { TEXT_GO, TEXT_ANSWERED, TEXT_QUIT };

/* One command (trimmed): its answer written, or the ply to go to in *to. */
static int text_command(text_replay *r, char *s, size_t *to)
{
    FILE *out = r->out;
    char *end = NULL;
    if (!*s || strcmp(s, "n") == 0 || strcmp(s, "next") == 0) {
        if (r->at >= r->n) {
            fprintf(out, "at the end of the record (b goes back, first to the start)\n");
            return TEXT_ANSWERED;
        }
        *to = r->at + 1;
    } else if (strcmp(s, "b") == 0 || strcmp(s, "back") == 0 || strcmp(s, "p") == 0) {
        if (r->at == 0) {
            fprintf(out, "at the start of the record\n");
            return TEXT_ANSWERED;
        }
        *to = r->at - 1;
    } else if (strcmp(s, "first") == 0) {
        *to = 0;
    } else if (strcmp(s, "last") == 0) {
        *to = r->n;
    } else if (strcmp(s, "show") == 0) {
        text_show(r);
        return TEXT_ANSWERED;
    } else if (strcmp(s, "help") == 0) {
        text_help(out);
        return TEXT_ANSWERED;
    } else if (strcmp(s, "quit") == 0 || strcmp(s, "q") == 0) {
        return TEXT_QUIT;
    } else if (strncmp(s, "view", 4) == 0 && (s[4] == 0 || isspace((unsigned char)s[4]))) {
        int seat = 0;
        if (!cli_parse_int(cli_trim(s + 4), 0, r->nseats, &seat)) {
            fprintf(out, "usage: view S, S a seat 1..%d or 0 for a spectator\n", r->nseats);
            return TEXT_ANSWERED;
        }
        r->viewer = seat - 1;
        text_show(r);
        return TEXT_ANSWERED;
    } else if (isdigit((unsigned char)*s)) {
        unsigned long long k = strtoull(s, &end, 10);
        if (*end || k > r->n) {
            fprintf(out, "error: '%s' is not a ply of this record (0..%zu)\n", s, r->n);
            return TEXT_ANSWERED;
        }
        *to = (size_t)k;
    } else {
        fprintf(out, "error: unknown command '%s' (help lists them)\n", s);
        return TEXT_ANSWERED;
    }
    return TEXT_GO;
}

/* Reads a command line after the prompt: 1, 0 for a line too long (answered and dropped), -1 at
 * the end of the input. */
static int text_read(const text_replay *r, FILE *in, char *line, int n)
{
    fprintf(r->out, "replay %zu/%zu> ", r->at, r->n);
    fflush(r->out);
    if (!fgets(line, n, in)) {
        fputc('\n', r->out);
        return -1;
    }
    if (!strchr(line, '\n') && !feof(in)) { /* too long: drop the rest of the line */
        int c;
        while ((c = fgetc(in)) != EOF && c != '\n')
            ;
        fprintf(r->out, "error: a command is at most %d bytes\n", n - 2);
        return 0;
    }
    return 1;
}

int cli_text_replay(fc_match *loaded, fc_rules *rules, FILE *in, FILE *out)
{
    text_replay r;
    memset(&r, 0, sizeof r);
    r.rules = rules;
    r.out = out;
    r.viewer = -1;
    r.nseats = fc_rules_nseats(rules);
    cli_seat_names(loaded, r.names);
    fc_error err;
    fc_error_clear(&err);
    int rc = CLI_EXIT_OK;
    if (text_open(&r, loaded, &err) != 0) {
        rc = cli_fail("%s", err.msg);
        goto out;
    }
    text_help(out);
    text_show(&r);
    char line[256];
    for (int got; (got = text_read(&r, in, line, (int)sizeof line)) >= 0;) {
        size_t to = r.at;
        int what = got ? text_command(&r, cli_trim(line), &to) : TEXT_ANSWERED;
        if (what == TEXT_QUIT)
            break;
        if (what == TEXT_ANSWERED)
            continue;
        if (text_goto(&r, to, &err) != 0) {
            rc = cli_fail("%s", err.msg);
            break;
        }
        text_show(&r);
    }
out:
    if (r.m)
        fc_match_free(r.m);
    free(r.d);
    free(r.seat);
    free(r.audience);
    free(r.text);
    free(r.view);
    return rc;
}

/* One source line of the rules as plain text: out gets at most len + 1 bytes. */
static void text_rules_line(const char *s, size_t len, char *out)
{
    size_t k = 0, i = 0, lead = 0;
    while (lead < len && s[lead] == ' ')
        lead++;
    bool bullet = lead + 1 < len && (s[lead] == '*' || s[lead] == '-') && s[lead + 1] == ' ';
    for (; i < len; i++) {
        char c = s[i];
        if (c == '`' || (c == '*' && !(bullet && i == lead)))
            continue; /* emphasis and code marks; a "* " bullet stays */
        out[k++] = c;
    }
    out[k] = 0;
}

void cli_text_rules(FILE *f, const char *s, size_t len)
{
    const char *end = s + len;
    char *line = malloc(len + 1);
    if (!line)
        return;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t raw = nl ? (size_t)(nl - s) : (size_t)(end - s), l = raw;
        while (l > 0 && s[l - 1] == '\r')
            l--;
        text_rules_line(s, l, line);
        char *p = line;
        if (*p == '#') { /* a heading: its text, underlined ('=' for # and ##, '-' below) */
            int level = 0;
            while (*p == '#')
                p++, level++;
            p += strspn(p, " ");
            fprintf(f, "%s\n", p);
            for (const unsigned char *u = (const unsigned char *)p; *u; u++)
                if ((*u & 0xC0) != 0x80) /* one mark per character, not per byte */
                    fputc(level <= 2 ? '=' : '-', f);
            fputc('\n', f);
        } else if (*p == '|' && strspn(p, "|-: ") == strlen(p)) { /* a table's rule row */
        } else if (*p == '|') { /* a table row without its outer bars */
            p += strspn(p, "| ");
            size_t k = strlen(p);
            while (k > 0 && (p[k - 1] == '|' || p[k - 1] == ' '))
                p[--k] = 0;
            fprintf(f, "  %s\n", p);
        } else {
            fprintf(f, "%s\n", p);
        }
        s += raw + (nl != NULL);
    }
    free(line);
}
