/* The terminal session: terminal set-up and restore (every exit path, fatal signals), the main
 * loop over humans, bots and chance, hot-seat covers, bot pacing, undo, save, load, quit and
 * autosave. Drawing lives in panels.c, map.c and decisions.c. */
#include <curses.h>
#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tty_int.h"

/* The one piece of global state: signal handlers can only talk to the loop through it. */
static volatile sig_atomic_t tty_signal;

static void tty_on_signal(int sig) { tty_signal = sig; }

/* Fatal signals: give the terminal back before dying. */
static void tty_on_fatal(int sig)
{
    endwin();
    signal(sig, SIG_DFL);
    raise(sig);
}

bool tty_interrupted(void) { return tty_signal != 0; }

int tty_key(tty *t, int ms)
{
    (void)t;
    for (;;) {
        if (tty_signal)
            return ERR;
        timeout(ms < 0 || ms > 250 ? 250 : ms); /* wake up to notice signals */
        int ch = getch();
        if (ch != ERR || ms == 0)
            return ch;
        if (ms > 0 && (ms -= 250) <= 0)
            return ERR;
    }
}

double tty_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* mkdir -p for the directory part of path. */
static void tty_mkdirs(const char *path)
{
    char buf[TTY_PATH_MAX];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(buf, 0755);
            *p = '/';
        }
}

static void tty_autosave_path(tty *t, const fc_tty_options *opt)
{
    const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    if (opt && opt->autosave_path)
        snprintf(t->autosave_path, sizeof t->autosave_path, "%s", opt->autosave_path);
    else if (state && state[0] == '/')
        snprintf(t->autosave_path, sizeof t->autosave_path, "%s/formicary/autosave.rec", state);
    else if (home && home[0])
        snprintf(t->autosave_path, sizeof t->autosave_path, "%s/.local/state/formicary/autosave.rec", home);
    else
        snprintf(t->autosave_path, sizeof t->autosave_path, "formicary-autosave.rec");
}

/* Writes the autosave; returns 0 or sets the status message. */
static int tty_autosave(tty *t)
{
    if (fc_match_ply(*t->m) == 0)
        return 0;
    fc_error e;
    fc_error_clear(&e);
    tty_mkdirs(t->autosave_path);
    if (fc_record_save(*t->m, t->labels, t->autosave_path, &e) != 0) {
        tty_msg(t, true, "autosave failed: %s", e.msg);
        return -1;
    }
    return 0;
}

/* Remembers decision d of seat before it is played in m: its notation and who may see it. */
static void tty_note_move_in(tty *t, const fc_match *m, int seat, fc_decision d)
{
    if (t->nmoves == TTY_MOVES) {
        memmove(t->moves, t->moves + 1, (TTY_MOVES - 1) * sizeof t->moves[0]);
        t->nmoves--;
    }
    tty_move *mv = &t->moves[t->nmoves++];
    mv->ply = fc_match_ply(m);
    mv->seat = seat;
    mv->d = d;
    mv->audience = fc_match_decision_audience(m, d);
    if (fc_match_decision_text(m, d, mv->text, sizeof mv->text) < 0)
        snprintf(mv->text, sizeof mv->text, "#%u", (unsigned)d);
}

static void tty_note_move(tty *t, int seat, fc_decision d) { tty_note_move_in(t, *t->m, seat, d); }

static void tty_note_replayed(void *ud, const fc_match *before, size_t i, const fc_history_entry *h)
{
    (void)i;
    tty *t = ud;
    if (h->seat >= 0 && h->seat < t->nseats)
        tty_note_move_in(t, before, h->seat, h->decision);
}

/* After a load (play --load, or o): the record's seat decisions become the ones played here,
 * so the Log pane goes on from the loaded position (as the GUI's list of the last decisions). */
static void tty_note_loaded(tty *t)
{
    t->nmoves = 0;
    fc_error e;
    fc_error_clear(&e);
    fc_match_replay_each(*t->m, tty_note_replayed, t, &e); /* a loaded record replays: no error to show */
}

/* Forgets the moves taken back (after an undo). */
static void tty_trim_moves(tty *t)
{
    size_t ply = fc_match_ply(*t->m);
    while (t->nmoves > 0 && t->moves[t->nmoves - 1].ply >= ply)
        t->nmoves--;
}

static bool tty_dirty(const tty *t) { return t->gen != t->saved_gen && fc_match_ply(*t->m) > 0; }

/* A typed path starting with "~" or "~/": from the home directory. */
static void tty_expand_home(char *path, size_t n)
{
    const char *home = getenv("HOME");
    if (path[0] != '~' || (path[1] && path[1] != '/') || !home || !home[0] || strlen(home) + strlen(path) >= n)
        return;
    memmove(path + strlen(home), path + 1, strlen(path)); /* the rest and its terminator */
    memcpy(path, home, strlen(home));
}

static void tty_save(tty *t)
{
    char path[TTY_PATH_MAX];
    snprintf(path, sizeof path, "%s", t->save_path);
    if (!tty_prompt(t, "Save the record", "file:", path, sizeof path))
        return;
    tty_expand_home(path, sizeof path);
    fc_error e;
    fc_error_clear(&e);
    if (fc_record_save(*t->m, t->labels, path, &e) != 0) {
        tty_msg(t, true, "%s", e.msg);
        return;
    }
    snprintf(t->save_path, sizeof t->save_path, "%s", path);
    t->saved_gen = t->gen;
    tty_msg(t, false, "saved %zu decisions to %s", fc_match_ply(*t->m), path);
}

/* "rules NAME, variant NAME" (or "no variant") for the header. */
static void tty_set_ruleset(tty *t)
{
    const char *v = fc_rules_variant_name(*t->rules);
    bool none = !v || !v[0] || strcmp(v, "none") == 0;
    snprintf(t->ruleset, sizeof t->ruleset, "%s rules, %s%s", fc_rules_name(*t->rules),
             none ? "no variant" : "variant ", none ? "" : v);
}

static void tty_load(tty *t)
{
    char path[TTY_PATH_MAX] = ""; /* starts empty: the file to open is the player's to name */
    if (!tty_prompt(t, "Load a record", "file (~ for home):", path, sizeof path))
        return;
    tty_expand_home(path, sizeof path);
    fc_error e;
    fc_error_clear(&e);
    fc_rules *nr = NULL;
    fc_match *nm = NULL;
    fc_record_info info;
    if (fc_record_load(fc_rules_context(*t->rules), path, &nr, &nm, &info, &e) != 0) {
        tty_msg(t, true, "%s", e.msg);
        return;
    }
    const char *want = fc_rules_plugin(*t->rules)->id, *got = fc_rules_plugin(nr)->id;
    if (strcmp(want, got) != 0 || fc_rules_nseats(nr) != t->nseats) {
        tty_msg(t, true, "%s: a %d-seat %s game; this one is %d-seat %s", path, fc_rules_nseats(nr), got, t->nseats,
                want);
        fc_match_free(nm);
        fc_rules_free(nr);
        return;
    }
    fc_match_free(*t->m);
    fc_rules_free(*t->rules);
    *t->m = nm;
    *t->rules = nr;
    tty_set_ruleset(t);
    t->gen++;
    t->saved_gen = t->gen;
    tty_note_loaded(t);
    t->over_shown = false;
    t->shown_human = -1;
    t->fast = false;
    snprintf(t->save_path, sizeof t->save_path, "%s", path);
    tty_msg(t, false, "loaded %s: %zu decisions", path, fc_match_ply(nm));
}

/* Takes back decisions up to and including the last one a human seat made. */
static int tty_undo(tty *t, fc_error *err)
{
    size_t k = fc_match_ply(*t->m);
    while (k > 0) {
        const fc_history_entry *h = fc_match_history(*t->m, k - 1);
        if (h && h->seat >= 0 && h->seat < t->nseats && !t->agents[h->seat])
            break;
        k--;
    }
    if (k == 0) {
        tty_msg(t, true, "nothing to undo: no human decision yet");
        return 0;
    }
    while (fc_match_ply(*t->m) >= k)
        if (fc_match_undo(*t->m, err) != 0)
            return err->code;
    tty_trim_moves(t);
    t->gen++;
    t->over_shown = false;
    t->fast = false;
    tty_msg(t, false, "undone back to ply %zu", fc_match_ply(*t->m));
    return 0;
}

/* Quit: asks first when the game has unsaved changes. */
static int tty_quit(tty *t)
{
    if (!tty_dirty(t) || t->nhumans == 0) /* bots only: the autosave keeps the record */
        return TTY_QUIT;
    char l3[TTY_PATH_MAX + 40];
    snprintf(l3, sizeof l3, "  q  quit (autosaved to %s)", t->autosave_path);
    const char *lines[] = {"This game has decisions that are not saved.", "", "  s  save, then quit", l3,
                           "  Esc  keep playing"};
    int ch = tty_popup(t, "Quit?", lines, 5, "sqyn\033");
    if (ch == 's') {
        tty_save(t);
        return t->gen == t->saved_gen ? TTY_QUIT : TTY_GO_ON;
    }
    return ch == 'q' || ch == 'y' ? TTY_QUIT : TTY_GO_ON;
}

/* Keys that work whoever is to move. */
static int tty_common_key(tty *t, int ch, fc_error *err)
{
    switch (ch) {
    case '?':
    case KEY_F(1):
        tty_help(t);
        return TTY_GO_ON;
    case 'r':
        tty_rules(t);
        return TTY_GO_ON;
    case 'p':
        t->page = (t->page + 1) % (t->nseats + 1);
        return TTY_GO_ON;
    case 's':
        tty_save(t);
        return TTY_GO_ON;
    case 'o':
        tty_load(t);
        return TTY_GO_ON;
    case 'u':
        return tty_undo(t, err) != 0 ? -1 : TTY_GO_ON;
    case 'q':
        return tty_quit(t);
    case '+':
        t->delay_ms = t->delay_ms + 100 > 5000 ? 5000 : t->delay_ms + 100;
        tty_msg(t, false, "bot delay %d ms", t->delay_ms);
        return TTY_GO_ON;
    case '-':
        t->delay_ms = t->delay_ms - 100 < 0 ? 0 : t->delay_ms - 100;
        tty_msg(t, false, "bot delay %d ms", t->delay_ms);
        return TTY_GO_ON;
    case KEY_RESIZE:
    case ERR:
        return TTY_GO_ON;
    default:
        return TTY_UNHANDLED;
    }
}

static int tty_play_decision(tty *t, int i, fc_error *err)
{
    if (i < 0 || i >= t->ndecs)
        return 0;
    tty_note_move(t, t->mover, t->decs[i].d);
    if (fc_match_play(*t->m, t->decs[i].d, err) != 0)
        return err->code;
    t->gen++;
    t->msg[0] = 0;
    tty_autosave(t);
    return 0;
}

static bool tty_any_hex(const tty *t)
{
    for (int i = 0; i < t->ndecs; i++)
        if (t->decs[i].info.has_hex)
            return true;
    return false;
}

/* A key at a human decision. */
static int tty_human_key(tty *t, int ch, fc_error *err)
{
    bool map = t->focus == TTY_FOCUS_MAP;
    switch (ch) {
    case '\t': /* the selection stays; on the map the cursor goes to the selected decision */
        if (!map && !tty_any_hex(t)) {
            tty_msg(t, true, "no decision concerns a hex: the list keeps the focus");
            return TTY_GO_ON;
        }
        t->focus = t->focus_user = map ? TTY_FOCUS_LIST : TTY_FOCUS_MAP;
        if (t->focus == TTY_FOCUS_MAP) { /* on the map the selection is the decision at the cursor */
            tty_cursor_follow_list(t);
            tty_list_follow_cursor(t);
        }
        return TTY_GO_ON;
    case KEY_LEFT:
    case KEY_RIGHT:
        if (map) {
            tty_map_move(t, ch == KEY_LEFT ? -1 : 1, 0);
            tty_list_follow_cursor(t);
        }
        return TTY_GO_ON;
    case KEY_UP:
    case KEY_DOWN:
        if (map) {
            tty_map_move(t, 0, ch == KEY_UP ? -1 : 1);
            tty_list_follow_cursor(t);
        } else {
            tty_list_move(t, ch == KEY_UP ? -1 : 1);
            tty_cursor_follow_list(t);
        }
        return TTY_GO_ON;
    case KEY_PPAGE:
    case KEY_NPAGE:
        t->focus = t->focus_user = TTY_FOCUS_LIST;
        tty_list_move(t, (ch == KEY_PPAGE ? -1 : 1) * (t->list.h > 2 ? t->list.h - 2 : 1));
        tty_cursor_follow_list(t);
        return TTY_GO_ON;
    case KEY_HOME:
    case KEY_END:
        t->focus = t->focus_user = TTY_FOCUS_LIST;
        t->sel = ch == KEY_HOME ? 0 : t->ndecs - 1;
        tty_list_move(t, 0);
        tty_cursor_follow_list(t);
        return TTY_GO_ON;
    case 'n':
    case 'N':
        tty_map_next_target(t, ch == 'n' ? 1 : -1);
        tty_list_follow_cursor(t);
        return TTY_GO_ON;
    case '\n':
    case '\r':
    case KEY_ENTER:
        if (map)
            return tty_play_decision(t, tty_pick_at_cursor(t), err) != 0 ? -1 : TTY_GO_ON;
        if (t->sel < 0)
            tty_msg(t, true, "no decision selected: Up / Down select one");
        return tty_play_decision(t, t->sel, err) != 0 ? -1 : TTY_GO_ON;
    default:
        return TTY_UNHANDLED;
    }
}

/* Waits out the bot pacing, handling keys meanwhile. */
static int tty_bot_pause(tty *t, fc_error *err)
{
    double end = tty_now_ms() + t->delay_ms;
    for (;;) {
        double left = end - tty_now_ms();
        if (t->fast || left <= 0 || tty_signal)
            return TTY_GO_ON;
        unsigned gen = t->gen;
        int ch = tty_key(t, (int)left + 1);
        if (ch == ERR)
            continue;
        if (ch == ' ') {
            t->fast = true;
            return TTY_GO_ON;
        }
        int rc = tty_common_key(t, ch, err);
        if (rc != TTY_GO_ON && rc != TTY_UNHANDLED)
            return rc;
        if (t->gen != gen) /* undone or loaded: look again */
            return TTY_GO_ON;
        tty_draw_screen(t);
    }
}

static void tty_fill_view(tty *t)
{
    int human = -1;
    for (int s = 0; s < t->nseats; s++)
        if (!t->agents[s])
            human = s;
    if (t->mover >= 0 && t->mover < t->nseats && !t->agents[t->mover])
        t->viewer = t->mover;
    else
        t->viewer = t->nhumans == 1 ? human : -1; /* several humans: nobody's secrets */
    memset(t->view, 0, sizeof *t->view);
    fc_match_view(*t->m, t->viewer, t->view);
    tty_map_ensure_cursor(t);
}

/* The game is over: saved and summed up once, then the map and the common keys. */
static int tty_over_step(tty *t, fc_error *err)
{
    if (!t->over_shown) {
        t->over_shown = true;
        tty_autosave(t);
        if (t->opt && t->opt->record_path) {
            fc_error e;
            if (fc_record_save(*t->m, t->labels, t->opt->record_path, &e) == 0)
                t->saved_gen = t->gen;
            else
                tty_msg(t, true, "%s", e.msg);
        }
        tty_final(t);
    }
    tty_draw_screen(t);
    int ch = tty_key(t, -1);
    if (ch == KEY_LEFT || ch == KEY_RIGHT || ch == KEY_UP || ch == KEY_DOWN) {
        tty_map_move(t, ch == KEY_LEFT ? -1 : ch == KEY_RIGHT ? 1 : 0, ch == KEY_UP ? -1 : ch == KEY_DOWN ? 1 : 0);
        return TTY_GO_ON;
    }
    return tty_common_key(t, ch, err);
}

/* A bot's turn: drawn (at most every 100 ms when fast), paced or polled for keys, then its
 * decision unless a key changed the position under it (undo, load). */
static int tty_bot_step(tty *t, int who, double *last_draw, fc_error *err)
{
    int rc = TTY_GO_ON;
    double now = tty_now_ms();
    if (!t->fast || now - *last_draw > 100) {
        tty_draw_screen(t);
        *last_draw = now;
    }
    if (!t->fast && t->delay_ms > 0) {
        rc = tty_bot_pause(t, err);
    } else {
        int ch = tty_key(t, 0);
        if (ch == ' ')
            t->fast = false; /* space again: back to the paced view */
        else if (ch != ERR)
            rc = tty_common_key(t, ch, err);
    }
    if (rc != TTY_GO_ON && rc != TTY_UNHANDLED)
        return rc;
    if (fc_match_to_move(*t->m) != who || t->mover != who)
        return TTY_GO_ON; /* the position changed under the pause (undo, load) */
    fc_decision d = 0;
    if (fc_agent_choose(t->agents[who], *t->m, &d, err) != 0)
        return -1;
    tty_note_move(t, who, d);
    if (fc_match_play(*t->m, d, err) != 0)
        return -1;
    t->gen++;
    return TTY_GO_ON;
}

static int tty_loop(tty *t, fc_error *err)
{
    double last_draw = 0;
    for (;;) {
        if (tty_signal)
            return TTY_QUIT;
        int who = fc_match_to_move(*t->m), rc = TTY_GO_ON;
        t->mover = who;
        if (who == FC_CHANCE) {
            if (fc_match_play_chance(*t->m, err) != 0)
                return -1;
            t->gen++;
            continue;
        }
        if (who != FC_NOBODY && (who < 0 || who >= t->nseats)) {
            fc_error_set(err, FC_ESTATE, "the game reported seat %d to move (%d seats)", who, t->nseats);
            return -1;
        }
        bool human = who >= 0 && !t->agents[who];
        if (human && t->nhumans > 1 && who != t->shown_human) {
            if (tty_cover(t, who) == ERR)
                continue;
            t->shown_human = who;
        }
        tty_fill_view(t);
        if (tty_decs_refresh(t, err) != 0)
            return -1;
        if (who == FC_NOBODY) {
            rc = tty_over_step(t, err);
        } else if (!human) {
            rc = tty_bot_step(t, who, &last_draw, err);
        } else {
            t->fast = false;
            tty_draw_screen(t);
            int ch = tty_key(t, -1);
            if (ch != ERR)
                t->msg[0] = ch == KEY_RESIZE ? t->msg[0] : 0;
            rc = tty_human_key(t, ch, err);
            if (rc == TTY_UNHANDLED)
                rc = tty_common_key(t, ch, err);
        }
        if (rc < 0)
            return -1;
        if (rc == TTY_QUIT)
            return TTY_QUIT;
    }
}

static void tty_names(tty *t)
{
    fc_match_view(*t->m, -1, t->view);
    for (int s = 0; s < FC_MAX_SEATS; s++) {
        const char *n = s < 8 ? t->view->seat_names[s] : "";
        if (n[0])
            snprintf(t->names[s], sizeof t->names[s], "%.23s", n);
        else
            snprintf(t->names[s], sizeof t->names[s], "Seat %d", s + 1);
    }
}

static void tty_summary(const tty *t, bool interrupted)
{
    int32_t score[FC_MAX_SEATS] = {0};
    int rank[FC_MAX_SEATS] = {0};
    fc_match_scores(*t->m, score, rank);
    bool over = fc_match_to_move(*t->m) == FC_NOBODY;
    printf("%s: %s after %zu decisions:", t->game_name, over ? "final scores" : "scores", fc_match_ply(*t->m));
    for (int s = 0; s < t->nseats; s++)
        printf(" %s %d (#%d)%s", t->names[s], (int)score[s], rank[s] + 1, s + 1 < t->nseats ? "," : "\n");
    if (fc_match_ply(*t->m) > 0 && (interrupted || !over || tty_dirty(t)))
        printf("autosaved to %s\n", t->autosave_path);
    fflush(stdout);
}

/* The parts of the session both playing and watching need: names, the header's rule set. */
static tty *tty_new(fc_match **m, fc_rules **rules, fc_agent *const *agents, const fc_record_seats *labels,
                    const fc_tty_options *opt)
{
    tty *t = calloc(1, sizeof *t);
    if (!t || !(t->view = malloc(sizeof *t->view))) {
        free(t);
        return NULL;
    }
    t->m = m;
    t->rules = rules;
    t->agents = agents;
    t->labels = labels;
    t->opt = opt;
    t->focus_user = -1;
    t->nseats = fc_rules_nseats(*rules);
    for (int s = 0; s < t->nseats; s++)
        t->nhumans += !agents[s];
    const fc_plugin *pl = fc_rules_plugin(*rules);
    snprintf(t->game_name, sizeof t->game_name, "%s", pl && pl->name ? pl->name : "game");
    tty_set_ruleset(t);
    tty_names(t);
    t->delay_ms = opt && opt->bot_delay_ms >= 0 ? opt->bot_delay_ms : TTY_DEFAULT_DELAY;
    t->shown_human = -1;
    return t;
}

static void tty_free(tty *t)
{
    free(t->decs);
    free(t->view);
    free(t);
}

/* Runs the loop (play or replay) in curses with the signal handlers installed; the terminal
 * is restored on every path. Returns the loop's result (TTY_QUIT, 0, -1) or -2 when curses
 * could not start (err set). */
static int tty_session(tty *t, int (*loop)(tty *, fc_error *), void (*after)(tty *, int, fc_error *),
                       fc_error *err)
{
    struct sigaction sa, old[3], fatal;
    static const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = tty_on_signal;
    sigemptyset(&sa.sa_mask);
    memset(&fatal, 0, sizeof fatal);
    fatal.sa_handler = tty_on_fatal;
    sigemptyset(&fatal.sa_mask);
    struct sigaction old_fatal[4];
    static const int fatals[4] = {SIGSEGV, SIGBUS, SIGFPE, SIGABRT};
    tty_signal = 0;
    for (int i = 0; i < 3; i++)
        sigaction(sigs[i], &sa, &old[i]); /* before curses, so it keeps ours */
    for (int i = 0; i < 4; i++)
        sigaction(fatals[i], &fatal, &old_fatal[i]);

    setlocale(LC_ALL, "");
    /* wide characters for ncursesw only: Lua hooks compare strings and format numbers, and
     * must answer the same here as in replay and sim */
    setlocale(LC_COLLATE, "C");
    setlocale(LC_NUMERIC, "C");
    int r;
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (!scr) {
        fc_error_set(err, FC_ESTATE, "cannot start the terminal (TERM=%s)", getenv("TERM") ? getenv("TERM") : "");
        r = -2;
    } else {
        set_term(scr);
        cbreak();
        noecho();
        nonl();
        keypad(stdscr, TRUE);
        curs_set(0);
        set_escdelay(25);
        tty_colours_init(t);
        r = loop(t, err);
        if (after)
            after(t, r, err);
        endwin();
        delscreen(scr);
    }
    for (int i = 0; i < 3; i++)
        sigaction(sigs[i], &old[i], NULL);
    for (int i = 0; i < 4; i++)
        sigaction(fatals[i], &old_fatal[i], NULL);
    return r;
}

/* After the play loop, still in curses: autosave, and the --record file on quit. */
static void tty_play_after(tty *t, int r, fc_error *err)
{
    tty_autosave(t); /* on quit, a signal or an engine error: keep what was played */
    if ((r == TTY_QUIT || tty_signal) && t->opt && t->opt->record_path && fc_match_ply(*t->m) > 0) {
        fc_error e;
        if (fc_record_save(*t->m, t->labels, t->opt->record_path, &e) != 0 && r != -1)
            *err = e, t->save_failed = true;
    }
}

int fc_tty_play(fc_match **m, fc_rules **rules, fc_agent *const *agents, const fc_record_seats *labels,
                const fc_tty_options *opt, fc_error *err)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return fc_error_set(err, FC_ESTATE, "the tty front end needs a terminal (use --ui text)");
    tty *t = tty_new(m, rules, agents, labels, opt);
    if (!t)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    const fc_plugin *pl = fc_rules_plugin(*rules);
    tty_autosave_path(t, opt);
    if (opt && opt->record_path)
        snprintf(t->save_path, sizeof t->save_path, "%s", opt->record_path);
    else
        snprintf(t->save_path, sizeof t->save_path, "%s-%llu.rec", pl ? pl->id : "game",
                 (unsigned long long)fc_match_seed(*m));
    tty_note_loaded(t); /* play --load: the record's decisions are the last ones played */
    int r = tty_session(t, tty_loop, tty_play_after, err), rc = 0;
    if (r == -2)
        rc = err->code;
    else if (tty_signal)
        rc = fc_error_set(err, FC_ESTATE, "interrupted by signal %d; game autosaved to %s", (int)tty_signal,
                          t->autosave_path);
    else if (r < 0 || t->save_failed)
        rc = err->code ? err->code : fc_error_set(err, FC_ESTATE, "tty front end failed");
    else
        tty_summary(t, false);
    tty_free(t);
    return rc;
}

int fc_tty_replay(fc_match **m, fc_rules **rules, const fc_record_seats *labels, fc_error *err)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return fc_error_set(err, FC_ESTATE, "the tty front end needs a terminal (use --ui text)");
    fc_agent *none[FC_MAX_SEATS] = {0};
    tty *t = tty_new(m, rules, none, labels, NULL);
    if (!t)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    t->nhumans = 0;
    t->viewer = -1;
    int rc = tty_replay_open(t, err);
    if (rc == 0) {
        int r = tty_session(t, tty_replay_loop, NULL, err);
        if (r == -2)
            rc = err->code;
        else if (tty_signal)
            rc = fc_error_set(err, FC_ESTATE, "interrupted by signal %d", (int)tty_signal);
        else if (r < 0)
            rc = err->code ? err->code : fc_error_set(err, FC_ESTATE, "tty front end failed");
    }
    tty_replay_close(t);
    tty_free(t);
    return rc;
}
