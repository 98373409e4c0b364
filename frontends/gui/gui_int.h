/* Private state of the graphical front end, shared by its files: the session and main loop
 * (gui.c), text and shapes (draw.c), the hex board (board.c), panels, list and overlays
 * (panels.c) and the replay viewer (replay.c). */
#ifndef FORMICARY_GUI_INT_H
#define FORMICARY_GUI_INT_H

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "formicary/game.h"
#include "formicary/view.h"
#include "gui.h"

#define GUI_DEFAULT_DELAY 400
#define GUI_PATH_MAX 512
#define GUI_GLYPHS 240 /* U+0020..U+00FF, then a few common symbols */
#define GUI_LAST 4     /* decisions whose hexes stay marked */
#define GUI_RECENT 4   /* last decisions listed under the decision rows in a human's turn */
#define GUI_MENU_MAX 40

/* A font as a white glyph atlas: text is drawn by copying glyph rectangles (no per-frame
 * rasterising), tinted with the texture colour mod. */
typedef struct gui_font {
    TTF_Font *ttf;
    SDL_Texture *tex;
    SDL_Rect g[GUI_GLYPHS];
    int adv[GUI_GLYPHS];
    int h, pt;
} gui_font;

typedef struct gui_dec {
    fc_decision d;
    fc_decision_info info;
    char text[64];
} gui_dec;

/* A decision played in this session: its notation and hexes, for the marks and the log. */
typedef struct gui_move {
    size_t ply;
    int seat;
    fc_decision d;
    uint32_t audience; /* when it was played (a replay: at the ply shown); see gui_move_seen */
    char text[64];
    int nhexes;
    fc_hex hexes[FC_DECISION_MAX_HEXES + 1];
} gui_move;

typedef struct gui_record {
    fc_transcript tr; /* the record's decisions, seats, audiences and notation */
    size_t at;
} gui_record;

/* A clickable row (decision list, menu) remembered while drawing. */
typedef struct gui_hit {
    SDL_Rect r;
    int idx;
} gui_hit;

enum { GUI_OV_NONE, GUI_OV_HELP, GUI_OV_FINAL, GUI_OV_COVER, GUI_OV_LEGEND, GUI_OV_RULES };
enum { GUI_PROMPT_NONE, GUI_PROMPT_SAVE, GUI_PROMPT_LOAD, GUI_PROMPT_QUIT };

typedef struct gui {
    fc_match **m;
    fc_rules **rules;
    fc_agent *const *agents;
    const fc_record_seats *labels;
    const fc_gui_options *opt;
    int nseats, nhumans;
    char game_name[48];
    char ruleset[96];
    char names[FC_MAX_SEATS][24];
    SDL_Color seat_col[FC_MAX_SEATS];

    SDL_Window *win;
    SDL_Renderer *ren;
    int w, h;
    float ui; /* UI scale: 1 on an ordinary display */
    char font_path[GUI_PATH_MAX];
    gui_font font, small, board, board_s; /* board_s: small text on pieces */

    fc_view *view;
    fc_view *prev_view; /* the view before the last refresh (animations find the moved piece) */
    bool prev_valid;
    SDL_Vertex *verts; /* FC_VIEW_MAX_CELLS * 18: the board's fills */
    SDL_Vertex *batch; /* triangles waiting for one SDL_RenderGeometry call (gui_flush) */
    int nbatch;
    /* the board's static layer (board.c): a window-sized target texture and what it shows */
    SDL_Texture *static_tex;
    int static_w, static_h;
    uint64_t static_key;
    bool static_valid, static_off;
    unsigned static_draws;
    unsigned inputs; /* key presses and mouse button presses received (the dump's 'inputs') */
    int viewer, mover;
    unsigned gen, view_gen, saved_gen;
    bool view_valid;
    gui_dec *decs;
    int ndecs, cap;
    /* the view's pieces by cell (pieces.c); has_pieces: the plugin fills them (minor >= 5) */
    bool has_pieces;
    uint16_t pc_n[FC_VIEW_MAX_CELLS];
    int16_t pc_first[FC_VIEW_MAX_CELLS];
    int16_t pc_order[FC_VIEW_MAX_PIECES];

    /* layout */
    SDL_Rect r_head, r_board, r_side, r_list, r_log, r_status, r_slider;
    float hex, zoom, pan_x, pan_y, org_x, org_y; /* hex radius in pixels at zoom 1, origin */
    int list_top, side_top;
    /* the decision list's rows and group headings on screen (gui_list_layout; idx of a heading:
     * the group's first decision) */
    gui_hit list_hits[128], list_heads[32];
    int nlist_hits, nlist_heads;
    int list_below; /* decisions after the last row on screen (the wheel scrolls to them) */
    /* the last decisions under the rows in a human's turn (w 0: none) and the rows drawn there,
     * newest first (the dump's 'recent_box' and 'recent' lines) */
    SDL_Rect r_recent;
    char recent_shown[GUI_RECENT][128];
    int nrecent_shown;

    /* trays (tray.c): the view's items off the board, and the source picked before a
     * destination: a tray item's id (sel_item > 0) or a piece's hex (sel_hex_on) */
    SDL_Rect r_tray;
    int tray_rows;
    gui_hit tray_hits[FC_VIEW_MAX_ITEMS];
    int ntray_hits, tray_hover; /* tray_hover: the item index under the pointer, or -1 */
    int sel_item;
    bool sel_hex_on;
    fc_hex sel_hex;

    /* pointer */
    int mx, my;
    bool has_hover;
    fc_hex hover;
    int hover_dec; /* decision under the pointer in the list, or -1 */
    bool drag, drag_moved, slider_drag;
    int drag_x, drag_y;

    /* menu of the decisions at a hex */
    int menu[GUI_MENU_MAX], nmenu, menu_hover;
    int menu_x, menu_y; /* where it was opened (the click) */
    SDL_Rect menu_r;    /* where it is, kept on screen (gui_menu_layout) */
    gui_hit menu_hits[GUI_MENU_MAX];

    int overlay, cover_seat, shown_human;
    /* the rules pane (rules.c): 0 the step's topic, 1 everything, 2 the glossary; the first
     * paragraph shown, how many fit, and the first one's text (for the dump) */
    int rules_mode, rules_top, rules_shown;
    char rules_first[80];
    /* its search ('/'): the query being typed; the rule or topic found (shown in mode 0 instead
     * of the step's topic); the term highlighted and stepped through by n / N; the current
     * match (a paragraph index, -1 none) and the matches in what is shown; a note (no match) */
    bool rules_typing, rules_note_err;
    char rules_input[64], rules_query[64], rules_term[64], rules_note[160];
    int rules_match, rules_nmatch;
    /* text marks: gui_text fills mark_col behind every case-insensitive occurrence of mark
     * (the rules pane's search term) and counts them in marks */
    const char *mark;
    SDL_Color mark_col;
    int marks;
    /* the newest log lines drawn, newest first (the dump's 'log' lines) */
    char log_shown[12][264];
    int nlog_shown;
    int prompt;
    char prompt_buf[GUI_PATH_MAX];

    gui_move moves[64];
    int nmoves;

    /* move animation (anim.c) */
    bool anim_on, anim_pending, anim_active, anim_slide;
    fc_hex anim_from, anim_to, anim_hexes[FC_DECISION_MAX_HEXES + 1];
    int anim_n;
    double anim_t0, anim_dur, anim_ms;
    int anim_len;                  /* FORMICARY_GUI_ANIM: the length in ms */
    unsigned anim_count, anim_slides; /* animations started, of which slides (for tests) */

    int delay_ms;
    bool fast;
    double bot_due;
    bool over_shown, quit, close_asked, signalled;
    char save_path[GUI_PATH_MAX], autosave_path[GUI_PATH_MAX];
    char msg[240];
    bool msg_error;

    gui_record *rec; /* replay mode */

    const char *dump_dir; /* FORMICARY_GUI_DUMP */
    unsigned dumped_gen, shots;
    double draw_ms, draw_max_ms;
    int draws;
    bool benched;
} gui;

/* draw.c: fonts, text, filled shapes. */
int gui_fonts_open(gui *g, fc_error *err);
void gui_fonts_close(gui *g);
int gui_font_build(gui *g, gui_font *f, int pt);
int gui_text_width(const gui_font *f, const char *s);
/* Draws s at (x, y) (top left) clipped to max_w pixels (0: no limit; cut text ends in "…");
 * returns the width drawn. */
int gui_text(gui *g, const gui_font *f, int x, int y, int max_w, SDL_Color c, const char *s);
/* Wraps s into lines of at most w pixels; draws them from y; returns the height used. */
int gui_text_wrap(gui *g, const gui_font *f, int x, int y, int w, int max_lines, SDL_Color c, const char *s);
#define GUI_BATCH 60000
/* Draws the batched triangles; every non-geometry drawing calls it first to keep the order. */
void gui_flush(gui *g);
void gui_clip(gui *g, const SDL_Rect *r);
void gui_fill(gui *g, SDL_Rect r, SDL_Color c);
void gui_frame(gui *g, SDL_Rect r, SDL_Color c);
/* Regular polygon (n corners, rotation rot radians) filled, optionally outlined. */
void gui_tri(gui *g, SDL_Vertex a, SDL_Vertex b, SDL_Vertex c);
void gui_poly(gui *g, float cx, float cy, float rad, int n, float rot, SDL_Color fill);
void gui_line(gui *g, float x0, float y0, float x1, float y1, float width, SDL_Color c);
SDL_Color gui_rgb(unsigned hex);
SDL_Color gui_alpha(SDL_Color c, int a);
bool gui_light(SDL_Color c);

/* board.c: the hex board. */
void gui_board_fit(gui *g);
void gui_board_draw(gui *g);
void gui_board_release(gui *g); /* frees the static layer (before the renderer goes) */
void gui_hex_center(const gui *g, fc_hex h, float *x, float *y);
float gui_hex_radius(const gui *g);
void gui_seat_shape(gui *g, int seat, float cx, float cy, float rad, SDL_Color c);
SDL_Color gui_terrain_col(int terrain);
unsigned gui_cell_rgb(const fc_view_cell *c); /* the fill: terrain class, or a colour it is named */
int gui_terrain_key(const gui *g, const fc_view_cell **out, int max);
/* The outline of hex h, inset pixels inside its edge, width pixels wide. */
void gui_hex_ring(gui *g, fc_hex h, float inset, float width, SDL_Color c);
/* The view cell under a pixel, or NULL. */
const fc_view_cell *gui_cell_at(const gui *g, int x, int y);
const fc_view_cell *gui_view_cell(const gui *g, fc_hex h);
/* The hex under a pixel when it is a view cell or a hex some decision concerns. */
bool gui_hex_at(const gui *g, int x, int y, fc_hex *out);
int gui_decs_at(const gui *g, fc_hex h, int *idx, int max);
/* The hexes of the decision the pointer previews (hovered list row or menu item), or NULL. */
const fc_decision_info *gui_preview(const gui *g);
int gui_preview_index(const gui *g); /* its index in decs, or -1 */
/* The decision whose drawn tile the board previews at its place (a pending view item: March of
 * the Ants' explore): the previewed one (its rotation) when it lays one, else the first at the
 * hovered hex; -1 when none. *item: the tile. */
int gui_drawn_preview(const gui *g, const fc_view_item **item);
/* The edges a label opens ("... open NW E SE W ..."), as bits in gui_edge_dir's order (E SE SW
 * W NW NE). */
int gui_open_edges(const char *label);

/* pieces.c: the view's pieces and cell highlights. */
void gui_pieces_index(gui *g); /* after every new view */
void gui_board_pieces(gui *g);
void gui_board_highlights(gui *g);
void gui_piece_shape(gui *g, int kind, float cx, float cy, float r, SDL_Color c);
/* A piece's figure in its owner's colour with glyph, seat mark and count (the board, trays). */
void gui_piece_draw(gui *g, const fc_view_piece *p, float cx, float cy, float r, const gui_font *f);

/* tray.c: the trays of items off the board, picking a source before its destination. */
bool gui_two_step(const gui *g); /* some decision names its source */
bool gui_picked(const gui *g);
bool gui_dec_picked(const gui *g, int i);
/* Whether decision i's hex is marked (two_step: gui_two_step(g)). */
bool gui_dec_marked(const gui *g, int i, bool two_step);
/* The decisions a click at h may play: those of the picked source, or all. */
int gui_click_decs(const gui *g, fc_hex h, int *idx, int max);
bool gui_source_hex(const gui *g, fc_hex h);
void gui_pick_clear(gui *g);
void gui_pick_reset(gui *g); /* a new list: nothing picked, or its only source */
bool gui_pick_hex(gui *g, fc_hex h); /* true: the click picked or dropped, nothing to play */
void gui_pick_item(gui *g, int k);
int gui_tray_rows(const gui *g);
int gui_tray_row_h(const gui *g);
void gui_tray_layout(gui *g);
void gui_tray_draw(gui *g);
bool gui_tray_status(const gui *g, char *buf, size_t n);
/* The status line's text (FORMICARY_GUI_DUMP: `status TEXT`). */
void gui_status_text(const gui *g, char *buf, size_t n);
void gui_tray_dump(gui *g, FILE *f);

/* rules.c: the rules pane ('r'). */
void gui_rules_open(gui *g);
bool gui_rules_key(gui *g, SDL_Keycode k);
void gui_rules_char(gui *g, char ch);
/* Text typed while the pane's search line is open (SDL_TEXTINPUT); false when it is not open. */
bool gui_rules_type(gui *g, const char *text);
void gui_rules_draw(gui *g, SDL_Rect r, int pad);
/* panels.c: layout, header, side panel, decision list, log, status, overlays. */
void gui_layout(gui *g);
/* The rows of the decision list and of the open menu on screen, from the current list, its
 * scroll and the window alone (drawing and clicks both use them). */
void gui_list_layout(gui *g);
void gui_menu_layout(gui *g);
void gui_draw(gui *g); /* everything, then present */
void gui_msg(gui *g, bool error, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
bool gui_human_turn(const gui *g);
bool gui_sees(const gui *g, uint32_t audience);
/* Whether the viewer may see a decision played here: in its audience, or from the ply the game
 * revealed it to everyone (fc_match_history_audience), never before. */
bool gui_move_seen(const gui *g, const gui_move *mv);
/* "PLY SEAT: TEXT" as the lists name a decision played (TEXT "(hidden)" while unseen). */
void gui_move_line(const gui *g, const gui_move *mv, char *buf, size_t n);

/* replay.c */
int gui_replay_open(gui *g, fc_error *err);
void gui_replay_close(gui *g);
int gui_replay_goto(gui *g, size_t k, fc_error *err);
void gui_replay_draw(gui *g);
const char *gui_replay_text(const gui *g, size_t i);

/* gui.c: the session's actions */
enum { GUI_GO_ON, GUI_QUIT };
double gui_now_ms(void);
bool gui_dirty(const gui *g); /* decisions not saved yet */
void gui_save(gui *g, const char *path);
void gui_load(gui *g, const char *path);
int gui_undo(gui *g, fc_error *err);
int gui_play_index(gui *g, int i, fc_error *err); /* a human plays decision i of the list */

/* input.c: one SDL event; sets *shot for F12. GUI_GO_ON, GUI_QUIT or -1 (err set). */
int gui_event(gui *g, const SDL_Event *ev, bool *shot, fc_error *err);
/* Lays out the list and menu again and recomputes from the pointer what it is over: the hex,
 * the list row, the menu item. Every frame starts with it and every click is resolved after
 * it, so what is highlighted and previewed is what a click plays. */
void gui_pointer_sync(gui *g);

/* anim.c: move animation */
void gui_anim_init(gui *g);
void gui_anim_start(gui *g);
void gui_anim_stop(gui *g);
double gui_anim_progress(gui *g);
int gui_anim_timeout(gui *g);
bool gui_anim_slide_pos(gui *g, fc_hex h, float *x, float *y);
void gui_anim_draw(gui *g);

/* bench.c: FORMICARY_GUI_BENCH */
bool gui_bench_due(const gui *g);
bool gui_bench(gui *g);

#endif
