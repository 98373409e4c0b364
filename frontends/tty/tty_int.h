/* Private state of the terminal front end, shared by its files: the session (tty.c), the
 * layout and panels (panels.c), the hex map (map.c), the decision list (decisions.c), dialogs
 * (dialog.c), the help, legend and rules panes (help.c, rules.c) and the replay viewer
 * (replay.c). */
#ifndef FORMICARY_TTY_INT_H
#define FORMICARY_TTY_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "formicary/game.h"
#include "tty.h"

#define TTY_DEFAULT_DELAY 400
#define TTY_PATH_MAX 512
#define TTY_MIN_COLS 60
#define TTY_MIN_LINES 16

/* Colour pairs: terrain classes, owner cells (on the seat colour), seat text, UI parts. */
enum {
    TTY_PAIR_TERRAIN = 1,                                 /* + fc_terrain_class */
    TTY_PAIR_OWNER = TTY_PAIR_TERRAIN + FC_TERRAIN_COUNT, /* + seat */
    TTY_PAIR_SEAT = TTY_PAIR_OWNER + FC_MAX_SEATS,        /* + seat */
    TTY_PAIR_HEADER = TTY_PAIR_SEAT + FC_MAX_SEATS,
    TTY_PAIR_TITLE,
    TTY_PAIR_SELECT,
    TTY_PAIR_ERROR,
    TTY_PAIR_OK,
    TTY_PAIR_DIM,
    TTY_PAIR_NAMED, /* + a terrain named after a colour (map.c: Marabunta's "pink" .. "yellow") */
    TTY_PAIR_COUNT = TTY_PAIR_NAMED + 16
};

typedef struct tty_rect {
    int y, x, h, w;
} tty_rect;

/* One legal decision as the list shows it. */
typedef struct tty_dec {
    fc_decision d;
    fc_decision_info info;
    char text[64]; /* notation */
} tty_dec;

/* A decision played in this session, for the "recent moves" shown while bots play. */
typedef struct tty_move {
    size_t ply; /* ply before it */
    int seat;
    fc_decision d;
    uint32_t audience; /* when it was played (a replay: at the ply shown); see tty_move_seen */
    char text[64];
} tty_move;

#define TTY_MOVES 48

enum { TTY_FOCUS_MAP, TTY_FOCUS_LIST };

/* What a key handler or a loop says: go on, quit, or the key was not for it. */
enum { TTY_GO_ON, TTY_QUIT, TTY_UNHANDLED };

/* A record being watched (formicary replay FILE --ui tty): its decisions with their notation,
 * who made them and who may see them, and the ply shown. */
typedef struct tty_record {
    fc_transcript tr; /* the record's decisions, seats, audiences and notation */
    size_t at;
} tty_record;

typedef struct tty {
    fc_match **m;
    fc_rules **rules;
    fc_agent *const *agents;
    const fc_record_seats *labels;
    const fc_tty_options *opt;
    int nseats, nhumans;
    char game_name[48];
    char ruleset[96]; /* "rules NAME, variant NAME" for the header */
    tty_record *rec;  /* non-NULL: replay mode, nobody decides */
    char names[FC_MAX_SEATS][24];

    fc_view *view;
    int viewer;       /* seat whose view is drawn, -1 spectator */
    int mover;        /* seat to move when drawn (or FC_CHANCE / FC_NOBODY) */
    unsigned gen;     /* bumped on every change of the match */
    unsigned dec_gen; /* gen the decision list was built for, when decs_valid */
    bool decs_valid;

    tty_dec *decs;
    int ndecs, cap;
    int sel, top;       /* the one selection (index into decs, -1 none) and the list's scroll */
    char sel_text[64];  /* its notation, to find it again when the list is rebuilt */
    int dec_seat, sel_seat; /* whose list decs is, and whose selection sel_text was */
    int focus;      /* the effective focus */
    int focus_user; /* the focus the user chose with Tab, -1 before the first choice */

    fc_hex cursor;
    bool has_cursor;
    int want_x;       /* column the cursor tries to keep on up/down */
    int pan_x, pan_y; /* map scroll, in map coordinates */
    int page;         /* side panel: 0..nseats-1 a seat expanded, nseats = board page */

    tty_move moves[TTY_MOVES];
    int nmoves;

    int delay_ms;
    bool fast; /* skip bot pacing until the next human decision */
    unsigned saved_gen;
    int shown_human; /* hot-seat: the human whose view was last on screen, -1 none */
    bool over_shown;

    char save_path[TTY_PATH_MAX];
    char autosave_path[TTY_PATH_MAX];
    char msg[200];
    bool msg_error;
    double msg_time; /* messages fade after a few seconds */

    bool colour;
    short seat_colour[FC_MAX_SEATS];
    tty_rect header, map, side, list, log, info, status;
    tty_rect key; /* the terrain key under the map (h 0: none) */
    bool too_small;
    bool save_failed; /* the --record file could not be written on quit */
} tty;

/* panels.c: layout, header, side panels (seats, tracks, text), log, info and status lines. */
void tty_layout(tty *t);
void tty_colours_init(tty *t);
void tty_draw_frame(tty *t);
void tty_draw_side(tty *t);
void tty_draw_log(tty *t);
void tty_draw_status(tty *t);
/* Whether the viewing seat (a spectator: only public things) may see what audience may see. */
bool tty_sees(const tty *t, uint32_t audience);
/* Whether the viewer may see a decision played here: in its audience, or from the ply the game
 * revealed it to everyone (fc_match_history_audience), never before. */
bool tty_move_seen(const tty *t, const tty_move *mv);
void tty_draw_screen(tty *t); /* everything, then refresh */
void tty_fill(const tty_rect *r, int attr);
void tty_put(int y, int x, int w, int attr, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* Whether the terminal's locale is UTF-8 (an ellipsis is then '…', else '...'). */
bool tty_utf8(void);
/* A decision's label with its seats named as the panels name them (fc_seat_text). */
void tty_label_seats(const tty *t, fc_decision_info *info);
int tty_seat_attr(const tty *t, int seat);
void tty_msg(tty *t, bool error, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The decision whose hexes the map previews (the selected one, or the one at the cursor), or
 * NULL. In replay mode: the next decision of the record when the viewer may see it. */
const fc_decision_info *tty_preview(const tty *t);

/* map.c: the hex map with cursor and panning. */
void tty_draw_map(tty *t);
const fc_view_cell *tty_map_cell(const tty *t, fc_hex h);
/* Whether the map shows h: a view cell, or a hex a decision concerns (drawn as a target even
 * where the view has no cell yet, such as a tile's place). */
bool tty_map_has(const tty *t, fc_hex h);
/* Moves the cursor: dx = -1/+1 along the row, dy = -1/+1 to the nearest cell of another row. */
void tty_map_move(tty *t, int dx, int dy);
/* Jumps to the next (dir 1) or previous (-1) hex some decision concerns. */
void tty_map_next_target(tty *t, int dir);
/* Puts the cursor on a valid cell (a target if any) when it is on none. */
void tty_map_ensure_cursor(tty *t);
/* The colour pairs of terrains named after a colour (called by tty_colours_init). */
void tty_map_colours_init(bool c256);
/* How many terrain names on the board are colours (the key line lists them), at most 16. */
int tty_map_key_count(const tty *t);
/* Columns and rows the whole map needs. */
void tty_map_size(const tty *t, int *w, int *h);
/* The screen column of a hex in map coordinates (4 columns per hex, half a hex per row). */
int tty_hex_x(fc_hex h);

/* decisions.c: the list of legal decisions. */
int tty_decs_refresh(tty *t, fc_error *err);
/* Around a rebuild of the list (tty_decs_refresh): keep_sel remembers the selection's notation;
 * reselect finds it again when it is still legal, else (on the map) the first decision at the
 * cursor, else the first that concerns a hex, else the first entry; the cursor follows. */
void tty_decs_keep_sel(tty *t);
void tty_decs_reselect(tty *t);
void tty_draw_list(tty *t);
int tty_decs_at(const tty *t, fc_hex h, int *idx, int max);
/* The item of the view a decision takes its piece from (fc_decision_info.from_item: a piece in
 * a hand, March of the Ants' drawn tile), or NULL. */
const fc_view_item *tty_dec_item(const tty *t, const fc_decision_info *info);
/* One selection, shown once in the list and, when it concerns a hex, by the map cursor on
 * it. Moves of the list selection stop at both ends (no wrap-around). */
void tty_list_move(tty *t, int delta);
/* After a move of the map cursor: the selection is the decision at the cursor (it stays when
 * it is one of several there, else the first of them) or none. */
void tty_list_follow_cursor(tty *t);
/* After a move of the list selection: the map cursor goes to its hex when it has one. */
void tty_cursor_follow_list(tty *t);
/* Lets the user pick among the decisions at the cursor hex (the sub-list starts on the
 * selection): index into decs, or -1. */
int tty_pick_at_cursor(tty *t);

/* dialog.c: popups. */
/* Edits a one-line text (Enter: 1, Esc: 0). */
int tty_prompt(tty *t, const char *title, const char *label, char *buf, size_t n);
/* Shows lines and waits for one of `keys` (any key when NULL); returns the key. */
int tty_popup(tty *t, const char *title, const char *const *lines, int nlines, const char *keys);
/* The same from line *top (kept up to date, clamped when drawn), with every case-insensitive
 * occurrence of mark (NULL or "": none) in reverse video: the rules pane's search. */
int tty_popup_at(tty *t, const char *title, const char *const *lines, int nlines, const char *keys, int *top,
                 const char *mark);
/* Chooses among items (Enter: index, Esc: -1). */
int tty_menu(tty *t, const char *title, const char *const *items, int n);
/* The same, starting on item start, calling on_sel(t, index, ctx) whenever the highlighted
 * item changes (so the map can preview it); the whole label of the highlighted item is shown
 * wrapped under the list. Up and Down stop at the ends. */
int tty_menu_ex(tty *t, const char *title, const char *const *items, int n, int start,
                void (*on_sel)(tty *, int, void *), void *ctx);
/* Hot-seat cover: the screen is blank until the given seat presses a key. Returns the key. */
int tty_cover(tty *t, int seat);

/* Wraps text to w columns on spaces, continuation lines indented by `indent`: calls
 * fn(line, len, ctx) per line; returns the line count. */
int tty_wrap_text(const char *text, int w, int indent, void (*fn)(const char *, int, void *), void *ctx);

/* help.c */
void tty_help(tty *t);
void tty_final(tty *t);

/* rules.c: the rules of the current phase and the glossary, in a scrollable pane ('r'). */
void tty_rules(tty *t);

/* replay.c: the list pane, info line and keys of the replay viewer. */
void tty_replay_draw_list(tty *t);
/* Goes to ply k of the record (clamped); 0 or an engine error. */
int tty_replay_goto(tty *t, size_t k, fc_error *err);
/* Reads the record out of *t->m (at its last ply), starts again from ply 0. */
int tty_replay_open(tty *t, fc_error *err);
void tty_replay_close(tty *t);
/* The replay session's loop (tty.c runs it in curses): TTY_QUIT, or -1 with err set. */
int tty_replay_loop(tty *t, fc_error *err);
/* The decision list of replay mode: the next decision (for its label and hexes), and the
 * log's moves up to the ply shown. */
int tty_replay_refresh(tty *t);

/* tty.c: reads a key, waiting at most ms (-1 forever); ERR on timeout or a pending signal. */
int tty_key(tty *t, int ms);
bool tty_interrupted(void);
double tty_now_ms(void); /* monotonic clock */

#endif
