/* The graphical session: window and renderer set-up and teardown, the event loop (it sleeps in
 * SDL_WaitEvent while a human thinks and wakes only for input, a bot's turn or an animation
 * frame), hot-seat covers, bot pacing, undo, save, load, autosave and the testing hooks
 * (FORMICARY_GUI_DUMP; FORMICARY_GUI_BENCH in bench.c). Mouse and keys are in input.c, drawing
 * in board.c, pieces.c and panels.c. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "gui_int.h"

double gui_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static void gui_mkdirs(const char *path)
{
    char buf[GUI_PATH_MAX];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(buf, 0755);
            *p = '/';
        }
}

static void gui_autosave_path(gui *g, const fc_gui_options *opt)
{
    const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    if (opt && opt->autosave_path)
        snprintf(g->autosave_path, sizeof g->autosave_path, "%s", opt->autosave_path);
    else if (state && state[0] == '/')
        snprintf(g->autosave_path, sizeof g->autosave_path, "%s/formicary/autosave.rec", state);
    else if (home && home[0])
        snprintf(g->autosave_path, sizeof g->autosave_path, "%s/.local/state/formicary/autosave.rec", home);
    else
        snprintf(g->autosave_path, sizeof g->autosave_path, "formicary-autosave.rec");
}

static void gui_autosave(gui *g)
{
    if (g->rec || fc_match_ply(*g->m) == 0)
        return;
    fc_error e;
    fc_error_clear(&e);
    gui_mkdirs(g->autosave_path);
    if (fc_record_save(*g->m, g->labels, g->autosave_path, &e) != 0)
        gui_msg(g, true, "autosave failed: %s", e.msg);
}

bool gui_dirty(const gui *g) { return g->gen != g->saved_gen && fc_match_ply(*g->m) > 0; }

/* Remembers decision d of seat before it is played in m: notation, audience and hexes. */
static void gui_note_move_in(gui *g, const fc_match *m, int seat, fc_decision d)
{
    if (g->nmoves == (int)(sizeof g->moves / sizeof g->moves[0])) {
        memmove(g->moves, g->moves + 1, (size_t)(g->nmoves - 1) * sizeof g->moves[0]);
        g->nmoves--;
    }
    gui_move *mv = &g->moves[g->nmoves++];
    memset(mv, 0, sizeof *mv);
    mv->ply = fc_match_ply(m);
    mv->seat = seat;
    mv->d = d;
    mv->audience = fc_match_decision_audience(m, d);
    if (fc_match_decision_text(m, d, mv->text, sizeof mv->text) < 0)
        snprintf(mv->text, sizeof mv->text, "#%u", (unsigned)d);
    fc_decision_info info;
    memset(&info, 0, sizeof info);
    fc_match_decision_describe(m, d, &info);
    if (info.has_hex)
        mv->hexes[mv->nhexes++] = info.hex;
    for (int k = 0; k < info.nhexes && mv->nhexes < FC_DECISION_MAX_HEXES + 1; k++)
        mv->hexes[mv->nhexes++] = info.hexes[k];
}

static void gui_note_move(gui *g, int seat, fc_decision d) { gui_note_move_in(g, *g->m, seat, d); }

static void gui_note_replayed(void *ud, const fc_match *before, size_t i, const fc_history_entry *h)
{
    (void)i;
    gui *g = ud;
    if (h->seat >= 0 && h->seat < g->nseats)
        gui_note_move_in(g, before, h->seat, h->decision);
}

/* After a load: the record's decisions (chance left out, as in play) become the ones played
 * here, so the list of the last decisions and the marks go on from the loaded position. */
static void gui_note_loaded(gui *g)
{
    g->nmoves = 0;
    fc_error e;
    fc_error_clear(&e);
    fc_match_replay_each(*g->m, gui_note_replayed, g, &e); /* a loaded record replays: no error to show */
}

static void gui_trim_moves(gui *g)
{
    size_t ply = fc_match_ply(*g->m);
    while (g->nmoves > 0 && g->moves[g->nmoves - 1].ply >= ply)
        g->nmoves--;
}

static void gui_changed(gui *g)
{
    g->gen++;
    g->nmenu = 0;
    g->hover_dec = -1;
    g->list_top = 0;
}

static void gui_set_ruleset(gui *g)
{
    const char *v = fc_rules_variant_name(*g->rules);
    bool none = !v || !v[0] || strcmp(v, "none") == 0;
    snprintf(g->ruleset, sizeof g->ruleset, "%s rules, %s%s", fc_rules_name(*g->rules),
             none ? "no variant" : "variant ", none ? "" : v);
}

void gui_save(gui *g, const char *path)
{
    fc_error e;
    fc_error_clear(&e);
    if (fc_record_save(*g->m, g->labels, path, &e) != 0) {
        gui_msg(g, true, "%s", e.msg);
        return;
    }
    snprintf(g->save_path, sizeof g->save_path, "%s", path);
    g->saved_gen = g->gen;
    gui_msg(g, false, "saved %zu decisions to %s", fc_match_ply(*g->m), path);
}

void gui_load(gui *g, const char *path)
{
    fc_error e;
    fc_error_clear(&e);
    fc_rules *nr = NULL;
    fc_match *nm = NULL;
    fc_record_info info;
    if (fc_record_load(fc_rules_context(*g->rules), path, &nr, &nm, &info, &e) != 0) {
        gui_msg(g, true, "%s", e.msg);
        return;
    }
    const char *want = fc_rules_plugin(*g->rules)->id, *got = fc_rules_plugin(nr)->id;
    if (strcmp(want, got) != 0 || fc_rules_nseats(nr) != g->nseats) {
        gui_msg(g, true, "%s: a %d-seat %s game; this one is %d-seat %s", path, fc_rules_nseats(nr), got, g->nseats,
                want);
        fc_match_free(nm);
        fc_rules_free(nr);
        return;
    }
    fc_match_free(*g->m);
    fc_rules_free(*g->rules);
    *g->m = nm;
    *g->rules = nr;
    gui_set_ruleset(g);
    gui_changed(g);
    g->saved_gen = g->gen;
    gui_note_loaded(g);
    g->over_shown = false;
    g->overlay = GUI_OV_NONE;
    g->shown_human = -1;
    g->fast = false;
    snprintf(g->save_path, sizeof g->save_path, "%s", path);
    gui_msg(g, false, "loaded %s: %zu decisions", path, fc_match_ply(nm));
}

/* Takes back decisions up to and including the last one a human seat made. */
int gui_undo(gui *g, fc_error *err)
{
    gui_anim_stop(g);
    size_t k = fc_match_ply(*g->m);
    while (k > 0) {
        const fc_history_entry *h = fc_match_history(*g->m, k - 1);
        if (h && h->seat >= 0 && h->seat < g->nseats && !g->agents[h->seat])
            break;
        k--;
    }
    if (k == 0) {
        gui_msg(g, true, "nothing to undo: no human decision yet");
        return 0;
    }
    while (fc_match_ply(*g->m) >= k)
        if (fc_match_undo(*g->m, err) != 0)
            return err->code;
    gui_trim_moves(g);
    gui_changed(g);
    g->over_shown = false;
    g->overlay = GUI_OV_NONE;
    g->fast = false;
    gui_msg(g, false, "undone back to ply %zu", fc_match_ply(*g->m));
    return 0;
}

int gui_play_index(gui *g, int i, fc_error *err)
{
    if (i < 0 || i >= g->ndecs || !gui_human_turn(g))
        return 0;
    gui_note_move(g, g->mover, g->decs[i].d);
    if (fc_match_play(*g->m, g->decs[i].d, err) != 0)
        return err->code;
    gui_changed(g);
    g->msg[0] = 0;
    gui_autosave(g);
    return 0;
}

/* The view and decision list for the current position (only when something changed). */
static int gui_refresh(gui *g, fc_error *err)
{
    if (g->view_valid && g->view_gen == g->gen)
        return 0;
    g->mover = fc_match_to_move(*g->m);
    if (!g->rec) {
        int human = -1;
        for (int s = 0; s < g->nseats; s++)
            if (!g->agents[s])
                human = s;
        if (gui_human_turn(g))
            g->viewer = g->mover;
        else
            g->viewer = g->nhumans == 1 ? human : -1;
    }
    fc_view *keep = g->prev_view; /* the view shown so far becomes the previous one */
    g->prev_view = g->view;
    g->view = keep;
    g->prev_valid = g->view_valid;
    memset(g->view, 0, sizeof *g->view);
    fc_match_view(*g->m, g->viewer, g->view);
    g->ndecs = 0;
    if (gui_human_turn(g)) {
        const fc_decision *legal = NULL;
        int n = fc_match_legal(*g->m, &legal, NULL);
        if (n <= 0)
            return fc_error_set(err, FC_ESTATE, "no legal decision for %s", g->names[g->mover]);
        if (n > g->cap) {
            gui_dec *d = realloc(g->decs, (size_t)n * sizeof *d);
            if (!d)
                return fc_error_set(err, FC_ENOMEM, "out of memory");
            g->decs = d;
            g->cap = n;
        }
        for (int i = 0; i < n; i++)
            g->decs[i].d = legal[i];
        for (int i = 0; i < n; i++) {
            gui_dec *e = &g->decs[i];
            memset(&e->info, 0, sizeof e->info);
            if (fc_match_decision_text(*g->m, e->d, e->text, sizeof e->text) < 0)
                snprintf(e->text, sizeof e->text, "#%u", (unsigned)e->d);
            fc_match_decision_describe(*g->m, e->d, &e->info);
            e->info.label[sizeof e->info.label - 1] = 0;
            char named[sizeof e->info.label]; /* seats named as the panels name them */
            fc_seat_text(e->info.label, (const char(*)[24])g->names, g->nseats, named, sizeof named);
            memcpy(e->info.label, named, sizeof named);
            if (!e->info.label[0])
                snprintf(e->info.label, sizeof e->info.label, "%s", e->text);
        }
        g->ndecs = n;
    }
    g->view_gen = g->gen;
    g->view_valid = true;
    gui_pick_reset(g); /* a new position: nothing picked (or the only source there is) */
    gui_pieces_index(g);
    if (gui_tray_rows(g) != g->tray_rows)
        gui_layout(g); /* the trays take their rows from the board (and fit it) */
    else
        gui_board_fit(g);
    if (g->anim_pending)
        gui_anim_start(g);
    return 0;
}

/* The dump's last decision (its text from the position before it) and the moves played. */
static void gui_dump_moves(gui *g, FILE *f, size_t ply)
{
    if (ply > 0) {
        const fc_history_entry *h = fc_match_history(*g->m, ply - 1);
        fc_match *prev = h ? fc_match_clone(*g->m, &(fc_error){0}) : NULL;
        char txt[64] = "?";
        if (prev && fc_match_undo(prev, &(fc_error){0}) == 0)
            fc_match_decision_text(prev, h->decision, txt, sizeof txt);
        fc_match_free(prev);
        fprintf(f, "last %d %s\n", h ? h->seat : -1, txt);
    }
    for (int i = 0; i < g->nmoves; i++) /* what was played, and as the list names it to the viewer */
        fprintf(f, "played %zu %d %s\nplayed_row %zu %s\n", g->moves[i].ply, g->moves[i].seat, g->moves[i].text,
                g->moves[i].ply + 1, gui_move_seen(g, &g->moves[i]) ? g->moves[i].text : "(hidden)");
    if (g->r_recent.w) /* the last decisions under the rows, as drawn, and the rows not shown */
        fprintf(f, "recent_box %d %d %d %d\nlist_below %d\n", g->r_recent.x, g->r_recent.y, g->r_recent.w,
                g->r_recent.h, g->list_below);
    for (int i = 0; i < g->nrecent_shown; i++)
        fprintf(f, "recent %d %s\n", i, g->recent_shown[i]);
}

/* The dump's drawn tile previewed at its place, with its open edges. */
static void gui_dump_drawn(gui *g, FILE *f)
{
    const fc_view_item *drawn;
    int dpi = gui_drawn_preview(g, &drawn);
    if (dpi >= 0) {
        static const char *const edge[6] = {"E", "SE", "SW", "W", "NW", "NE"};
        int open = gui_open_edges(g->decs[dpi].info.label);
        fprintf(f, "drawn_preview %d %d %.6s %s", g->decs[dpi].info.hex.q, g->decs[dpi].info.hex.r, drawn->glyph,
                g->decs[dpi].text);
        for (int e = 0; e < 6; e++)
            if (open >> e & 1)
                fprintf(f, " %s", edge[e]);
        fputc('\n', f);
    }
}

/* FORMICARY_GUI_DUMP=DIR: DIR/state.txt after every frame (position, last decision, the screen
 * positions of the marked hexes and list rows) so tests can click and check; F12 writes
 * DIR/shot-NNN.bmp. */
static void gui_dump_state(gui *g)
{
    if (!g->dump_dir)
        return;
    char path[GUI_PATH_MAX + 32], tmp[GUI_PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/state.txt", g->dump_dir);
    snprintf(tmp, sizeof tmp, "%s/state.tmp", g->dump_dir);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return;
    size_t ply = fc_match_ply(*g->m);
    fprintf(f, "game %s\nply %zu\nto_move %d\nhash %016llx\noverlay %d\nprompt %d\nshots %u\ninputs %u\nframes %d\n",
            g->game_name, ply, g->mover, (unsigned long long)fc_match_state_hash(*g->m), g->overlay, g->prompt, g->shots,
            g->inputs, g->draws);
    fprintf(f, "board %d %d %d %d\nhex_radius %.1f\n", g->r_board.x, g->r_board.y, g->r_board.w, g->r_board.h,
            (double)gui_hex_radius(g));
    fprintf(f, "draw_avg_ms %.3f\ndraw_max_ms %.3f\ncells %d\npieces %d\nstatic_draws %u\nanim %d %u %u\n",
            g->draws ? g->draw_ms / g->draws : 0.0, g->draw_max_ms, g->view->ncells, g->view->npieces, g->static_draws,
            g->anim_active, g->anim_count, g->anim_slides);
    if (g->rec) {
        fprintf(f, "replay %zu %zu\nslider %d %d %d %d\n", g->rec->at, g->rec->tr.n, g->r_slider.x, g->r_slider.y,
                g->r_slider.w, g->r_slider.h);
        for (size_t i = g->rec->at > 8 ? g->rec->at - 8 : 0; i < g->rec->at; i++) /* as the list names them */
            fprintf(f, "replay_row %zu %s\n", i + 1, gui_replay_text(g, i));
    }
    gui_dump_moves(g, f, ply);
    for (int i = 0; i < g->ndecs; i++) {
        if (!g->decs[i].info.has_hex)
            continue;
        float x, y;
        gui_hex_center(g, g->decs[i].info.hex, &x, &y);
        SDL_Point p = {(int)x, (int)y};
        if (SDL_PointInRect(&p, &g->r_board))
            fprintf(f, "target %d %d %d %d %d %s\n", g->decs[i].info.hex.q, g->decs[i].info.hex.r, p.x, p.y,
                    gui_decs_at(g, g->decs[i].info.hex, NULL, 0), g->decs[i].text);
    }
    gui_tray_dump(g, f);
    const fc_view_cell *key[16];
    for (int k = 0, n = g->overlay == GUI_OV_LEGEND ? gui_terrain_key(g, key, 16) : 0; k < n; k++)
        fprintf(f, "key %06X %s\n", gui_cell_rgb(key[k]), key[k]->terrain_name); /* the legend's terrain key */
    for (int i = 0; i < g->nlist_hits; i++)
        fprintf(f, "row %d %d %d %s\n", g->list_hits[i].idx, g->list_hits[i].r.x + g->list_hits[i].r.w / 2,
                g->list_hits[i].r.y + g->list_hits[i].r.h / 2, g->decs[g->list_hits[i].idx].text);
    /* what the pointer is over: the highlighted row and the previewed decision */
    int pvi = gui_preview_index(g);
    fprintf(f, "prompt_text %s\nrow_height %d\npointer %d %d\nhighlight %s\npreview %s\n", g->prompt ? g->prompt_buf : "",
            g->font.h, g->mx, g->my,
            g->hover_dec >= 0 ? g->decs[g->hover_dec].text : "-", pvi >= 0 ? g->decs[pvi].text : "-");
    char status[400];
    gui_status_text(g, status, sizeof status);
    fprintf(f, "status %s\n", status);
    for (int i = 0; i < g->nlog_shown; i++)
        fprintf(f, "log %s\n", g->log_shown[i]);
    if (g->overlay == GUI_OV_RULES) { /* and its search: the line typed, the find, the matches */
        fprintf(f, "rules %d %d %d %s\n", g->rules_mode, g->rules_top, g->rules_shown, g->rules_first);
        fprintf(f, "rules_find %d %s\nrules_query %s\nrules_term %s\n", g->rules_typing, g->rules_input,
                g->rules_query, g->rules_term);
        fprintf(f, "rules_match %d %d %d\nrules_note %s\n", g->rules_match, g->rules_nmatch, g->marks, g->rules_note);
    }
    gui_dump_drawn(g, f);
    for (int i = 0; i < g->nmenu; i++)
        fprintf(f, "menu %d %d %d %s\n", i, g->menu_hits[i].r.x + g->menu_hits[i].r.w / 2,
                g->menu_hits[i].r.y + g->menu_hits[i].r.h / 2, g->decs[g->menu[i]].text);
    fclose(f);
    rename(tmp, path);
}

static void gui_screenshot(gui *g)
{
    if (!g->dump_dir) {
        gui_msg(g, true, "screenshots need FORMICARY_GUI_DUMP=DIR");
        return;
    }
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, g->w, g->h, 24, SDL_PIXELFORMAT_RGB24);
    if (!s)
        return;
    if (SDL_RenderReadPixels(g->ren, NULL, SDL_PIXELFORMAT_RGB24, s->pixels, s->pitch) == 0) {
        char path[GUI_PATH_MAX + 32];
        snprintf(path, sizeof path, "%s/shot-%03u.bmp", g->dump_dir, g->shots);
        if (SDL_SaveBMP(s, path) == 0)
            g->shots++;
    }
    SDL_FreeSurface(s);
}

static void gui_present(gui *g, bool shot)
{
    gui_draw(g);
    if (shot)
        gui_screenshot(g);
    SDL_RenderPresent(g->ren);
    gui_dump_state(g);
}

/* The state changes the loop makes by itself: chance, the hot-seat cover, the final screen. */
static int gui_step(gui *g, fc_error *err)
{
    for (;;) {
        int who = fc_match_to_move(*g->m);
        if (g->rec || who != FC_CHANCE)
            break;
        gui_note_move(g, FC_CHANCE, 0);
        g->nmoves--; /* chance outcomes are not marked */
        if (fc_match_play_chance(*g->m, err) != 0)
            return -1;
        gui_changed(g);
    }
    if (gui_refresh(g, err) != 0)
        return -1;
    if (g->rec)
        return 0;
    if (g->mover != FC_NOBODY && (g->mover < 0 || g->mover >= g->nseats))
        return fc_error_set(err, FC_ESTATE, "the game reported seat %d to move (%d seats)", g->mover, g->nseats), -1;
    if (gui_human_turn(g) && g->nhumans > 1 && g->mover != g->shown_human && g->overlay != GUI_OV_COVER) {
        g->overlay = GUI_OV_COVER;
        g->cover_seat = g->mover;
    }
    if (g->mover == FC_NOBODY && !g->over_shown) {
        g->over_shown = true;
        g->overlay = GUI_OV_FINAL;
        gui_autosave(g);
        if (g->opt && g->opt->record_path) {
            fc_error e;
            if (fc_record_save(*g->m, g->labels, g->opt->record_path, &e) == 0)
                g->saved_gen = g->gen;
            else
                gui_msg(g, true, "%s", e.msg);
        }
    }
    return 0;
}

static int gui_bot_move(gui *g, fc_error *err)
{
    int who = g->mover;
    fc_decision d = 0;
    if (fc_agent_choose(g->agents[who], *g->m, &d, err) != 0)
        return -1;
    gui_note_move(g, who, d);
    if (fc_match_play(*g->m, d, err) != 0)
        return -1;
    gui_changed(g);
    /* animated within the bot pacing: never longer than the delay before the next bot */
    g->anim_ms = g->fast ? 0 : fmin((double)g->anim_len, (double)g->delay_ms);
    g->anim_pending = g->anim_ms > 0;
    return 0;
}

/* What decides where things are under the pointer: the position, the list's scroll, the
 * zoom, the window, the menu. */
typedef struct gui_shape {
    unsigned gen;
    int list_top, w, h, nmenu;
    float zoom;
} gui_shape;

static gui_shape gui_shape_of(const gui *g) { return (gui_shape){g->gen, g->list_top, g->w, g->h, g->nmenu, g->zoom}; }

static bool gui_shape_same(gui_shape a, gui_shape b)
{
    return a.gen == b.gen && a.list_top == b.list_top && a.w == b.w && a.h == b.h && a.nmenu == b.nmenu &&
           a.zoom == b.zoom;
}

static int gui_loop(gui *g, fc_error *err)
{
    bool redraw = true, shot = false;
    unsigned bot_gen = (unsigned)-1;
    for (;;) {
        if (gui_step(g, err) != 0)
            return -1;
        if (gui_bench_due(g) && gui_bench(g))
            return GUI_QUIT;
        bool bot = !g->rec && g->mover >= 0 && g->agents[g->mover] && g->overlay != GUI_OV_COVER &&
                   g->prompt == GUI_PROMPT_NONE;
        if (bot && bot_gen != g->gen) {
            bot_gen = g->gen;
            g->bot_due = gui_now_ms() + (g->fast ? 0 : g->delay_ms);
        }
        if (redraw || shot) {
            gui_present(g, shot);
            redraw = shot = false;
        }
        int timeout = -1, anim = gui_anim_timeout(g); /* timer events only while animating */
        if (bot) {
            double left = g->fast ? 0 : g->bot_due - gui_now_ms();
            timeout = left <= 0 ? 0 : (int)left + 1;
        }
        if (anim >= 0 && (timeout < 0 || anim < timeout))
            timeout = anim;
        SDL_Event ev;
        int got = timeout < 0 ? SDL_WaitEvent(&ev) : SDL_WaitEventTimeout(&ev, timeout);
        if (got) {
            /* Events queued behind one that changed the position or the layout wait for the
             * new state to be drawn: a click is never resolved against a list nobody saw. */
            gui_shape before = gui_shape_of(g);
            do {
                int rc = gui_event(g, &ev, &shot, err);
                if (rc < 0)
                    return -1;
                if (rc == GUI_QUIT)
                    return GUI_QUIT;
            } while (gui_shape_same(before, gui_shape_of(g)) && SDL_PollEvent(&ev));
            redraw = true;
        } else if (bot && (g->fast || gui_now_ms() >= g->bot_due) && gui_anim_progress(g) < 0) {
            if (gui_bot_move(g, err) != 0)
                return -1;
            redraw = true;
        } else if (anim >= 0) {
            redraw = true; /* the next animation frame (or the last, which ends it) */
        }
    }
}

static gui *gui_new(fc_match **m, fc_rules **rules, fc_agent *const *agents, const fc_record_seats *labels,
                    const fc_gui_options *opt)
{
    gui *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->view = malloc(sizeof *g->view);
    g->prev_view = calloc(1, sizeof *g->prev_view);
    g->verts = malloc(FC_VIEW_MAX_CELLS * 18 * sizeof *g->verts);
    g->batch = malloc(GUI_BATCH * sizeof *g->batch);
    if (!g->view || !g->prev_view || !g->verts || !g->batch) {
        free(g->view);
        free(g->prev_view);
        free(g->verts);
        free(g->batch);
        free(g);
        return NULL;
    }
    g->m = m;
    g->rules = rules;
    g->agents = agents;
    g->labels = labels;
    g->opt = opt;
    g->nseats = fc_rules_nseats(*rules);
    for (int s = 0; s < g->nseats; s++)
        g->nhumans += !agents[s];
    const fc_plugin *pl = fc_rules_plugin(*rules);
    snprintf(g->game_name, sizeof g->game_name, "%s", pl && pl->name ? pl->name : "game");
    gui_set_ruleset(g);
    fc_match_view(*m, -1, g->view);
    for (int s = 0; s < FC_MAX_SEATS; s++) {
        const char *n = s < 8 ? g->view->seat_names[s] : "";
        if (n[0])
            snprintf(g->names[s], sizeof g->names[s], "%.23s", n);
        else
            snprintf(g->names[s], sizeof g->names[s], "Seat %d", s + 1);
    }
    g->delay_ms = opt && opt->bot_delay_ms >= 0 ? opt->bot_delay_ms : GUI_DEFAULT_DELAY;
    g->shown_human = -1;
    g->hover_dec = -1;
    g->menu_hover = -1;
    g->zoom = 1;
    gui_anim_init(g);
    g->dump_dir = getenv("FORMICARY_GUI_DUMP");
    if (g->dump_dir && !g->dump_dir[0])
        g->dump_dir = NULL;
    return g;
}

static void gui_free(gui *g)
{
    free(g->decs);
    free(g->view);
    free(g->prev_view);
    free(g->verts);
    free(g->batch);
    free(g);
}

/* Seat colours from the Okabe-Ito palette (safe for colour-blind players): a seat named after
 * a colour gets the nearest one, the rest by number; the shape is the second cue. */
static void gui_colours(gui *g)
{
    static const struct {
        const char *name;
        unsigned rgb;
    } tab[] = {{"red", 0xD55E00},    {"blue", 0x0072B2},  {"yellow", 0xF0E442}, {"green", 0x009E73},
               {"black", 0x303030},  {"white", 0xF4F4F4}, {"orange", 0xE69F00}, {"purple", 0xCC79A7},
               {"pink", 0xCC79A7},   {"cyan", 0x56B4E9},  {"brown", 0x8C5A2B},  {"grey", 0x999999},
               {"gray", 0x999999},   {"violet", 0xCC79A7}};
    static const unsigned fallback[FC_MAX_SEATS] = {0xD55E00, 0x0072B2, 0xF0E442, 0x009E73,
                                                    0xCC79A7, 0x56B4E9, 0xE69F00, 0xF4F4F4};
    for (int s = 0; s < FC_MAX_SEATS; s++) {
        char low[24];
        size_t i = 0;
        for (; g->names[s][i] && i + 1 < sizeof low; i++)
            low[i] = (char)((g->names[s][i] >= 'A' && g->names[s][i] <= 'Z') ? g->names[s][i] + 32 : g->names[s][i]);
        low[i] = 0;
        unsigned c = fallback[s];
        for (size_t k = 0; k < sizeof tab / sizeof tab[0]; k++)
            if (strstr(low, tab[k].name)) {
                c = tab[k].rgb;
                break;
            }
        g->seat_col[s] = gui_rgb(c);
    }
}

/* Without a display SDL falls back to drivers that show nothing (offscreen, dummy) or takes
 * the console (KMSDRM), and the program would wait for input nobody can give: say so at once
 * unless SDL_VIDEODRIVER asks for a driver. */
static int gui_need_display(fc_error *err)
{
    const char *drv = getenv("SDL_VIDEODRIVER"), *x = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
    if ((drv && drv[0]) || (x && x[0]) || (wl && wl[0]))
        return 0;
#if defined(__unix__) && !defined(__APPLE__)
    return fc_error_set(err, FC_ESTATE, "--ui gui needs a display and neither DISPLAY nor WAYLAND_DISPLAY is set "
                                        "(use --ui tty or --ui text)");
#else
    (void)err;
    return 0;
#endif
}

/* Only the driver the environment names: with a DISPLAY no server answers (a stale one, ssh
 * without forwarding) SDL would go on to Wayland, whose library prints a line of its own, and to
 * drivers that show nothing. Returns the display asked for, or NULL (SDL chooses). */
static const char *gui_pick_driver(void)
{
    const char *drv = getenv("SDL_VIDEODRIVER"), *x = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
    if ((drv && drv[0]) || ((x && x[0]) && (wl && wl[0])))
        return NULL;
#ifdef SDL_HINT_VIDEODRIVER
    if (x && x[0])
        return SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11") ? x : NULL;
    if (wl && wl[0])
        return SDL_SetHint(SDL_HINT_VIDEODRIVER, "wayland") ? wl : NULL;
#endif
    return NULL;
}

/* Window, renderer and fonts; the loop; teardown on every path. */
static int gui_session(gui *g, int (*loop)(gui *, fc_error *), fc_error *err)
{
    if (gui_need_display(err) != 0)
        return -1;
    /* The software renderer presents through the window surface; SDL would route that through
     * an OpenGL texture (llvmpipe without a GPU: half the frame's CPU). Plain X11 (XShm) is
     * cheaper; SDL_FRAMEBUFFER_ACCELERATION in the environment still decides. */
    SDL_SetHintWithPriority(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0", SDL_HINT_DEFAULT);
    const char *display = gui_pick_driver();
    if (SDL_Init(SDL_INIT_VIDEO) != 0 && display)
        return fc_error_set(err, FC_ESTATE, "--ui gui cannot open the display '%s' (%s; use --ui tty or --ui text)",
                            display, SDL_GetError()),
               -1;
    if (!SDL_WasInit(SDL_INIT_VIDEO))
        return fc_error_set(err, FC_ESTATE, "cannot start the graphical front end: %s (no display? use --ui tty)",
                            SDL_GetError()),
               -1;
    const char *drv = SDL_GetCurrentVideoDriver(), *asked = getenv("SDL_VIDEODRIVER");
    if (drv && (!asked || !asked[0]) && (strcmp(drv, "offscreen") == 0 || strcmp(drv, "dummy") == 0)) {
        SDL_Quit();
        return fc_error_set(err, FC_ESTATE, "--ui gui found no display to open a window on (SDL video driver "
                                            "'%s'; use --ui tty or --ui text)", drv),
               -1;
    }
    if (TTF_Init() != 0) {
        SDL_Quit();
        return fc_error_set(err, FC_ESTATE, "cannot start SDL_ttf: %s", TTF_GetError()), -1;
    }
    int w = 1280, h = 800, r = -1;
    const char *size = getenv("FORMICARY_GUI_SIZE");
    if (size && sscanf(size, "%dx%d", &w, &h) != 2)
        w = 1280, h = 800;
    float ddpi = 0;
    g->ui = 1;
    SDL_Rect usable;
    if (SDL_GetDisplayDPI(0, &ddpi, NULL, NULL) == 0 && ddpi > 120)
        g->ui = ddpi / 96.0f;
    else if (!size && SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.h >= 1800)
        g->ui = 1.5f;
    const char *sc = getenv("FORMICARY_GUI_SCALE");
    if (sc && atof(sc) >= 0.5 && atof(sc) <= 4)
        g->ui = (float)atof(sc);
    if (g->ui > 3)
        g->ui = 3;
    if (!size && g->ui > 1)
        w = (int)((float)w * g->ui), h = (int)((float)h * g->ui);
    char title[160];
    snprintf(title, sizeof title, "formicary - %s", g->game_name);
    g->win = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h, SDL_WINDOW_RESIZABLE);
    if (g->win)
        g->ren = SDL_CreateRenderer(g->win, -1, 0);
    if (!g->win || !g->ren) {
        fc_error_set(err, FC_ESTATE, "cannot open a window: %s", SDL_GetError());
    } else if (gui_fonts_open(g, err) == 0) {
        SDL_SetWindowMinimumSize(g->win, 640, 420);
        SDL_GetRendererOutputSize(g->ren, &g->w, &g->h);
        gui_colours(g);
        SDL_StartTextInput();
        memset(g->view, 0, sizeof *g->view);
        fc_match_view(*g->m, -1, g->view);
        gui_layout(g);
        r = loop(g, err);
    }
    gui_board_release(g);
    gui_fonts_close(g);
    if (g->ren)
        SDL_DestroyRenderer(g->ren);
    if (g->win)
        SDL_DestroyWindow(g->win);
    TTF_Quit();
    SDL_Quit();
    return r == -1 && !err->code ? fc_error_set(err, FC_ESTATE, "graphical front end failed") : r;
}

int fc_gui_play(fc_match **m, fc_rules **rules, fc_agent *const *agents, const fc_record_seats *labels,
                const fc_gui_options *opt, fc_error *err)
{
    gui *g = gui_new(m, rules, agents, labels, opt);
    if (!g)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    const fc_plugin *pl = fc_rules_plugin(*rules);
    gui_autosave_path(g, opt);
    if (opt && opt->record_path)
        snprintf(g->save_path, sizeof g->save_path, "%s", opt->record_path);
    else
        snprintf(g->save_path, sizeof g->save_path, "%s-%llu.rec", pl ? pl->id : "game",
                 (unsigned long long)fc_match_seed(*m));
    gui_note_loaded(g); /* play --load: the record's decisions are the last ones played */
    fc_error_clear(err);
    int r = gui_session(g, gui_loop, err), rc = 0;
    if (r != -1 || !err->code) {
        gui_autosave(g);
        if (opt && opt->record_path && fc_match_ply(*g->m) > 0 && fc_record_save(*g->m, labels, opt->record_path, err))
            rc = err->code;
    } else {
        gui_autosave(g);
        rc = err->code;
    }
    if (g->signalled && rc == 0)
        rc = fc_error_set(err, FC_ESTATE, "interrupted by a signal; game autosaved to %s", g->autosave_path);
    if (rc == 0 && r != -1) {
        int32_t score[FC_MAX_SEATS] = {0};
        int rank[FC_MAX_SEATS] = {0};
        fc_match_scores(*g->m, score, rank);
        bool over = fc_match_to_move(*g->m) == FC_NOBODY;
        printf("%s: %s after %zu decisions:", g->game_name, over ? "final scores" : "scores", fc_match_ply(*g->m));
        for (int s = 0; s < g->nseats; s++)
            printf(" %s %d (#%d)%s", g->names[s], (int)score[s], rank[s] + 1, s + 1 < g->nseats ? "," : "\n");
        if (fc_match_ply(*g->m) > 0)
            printf("autosaved to %s\n", g->autosave_path);
        fflush(stdout);
    }
    gui_free(g);
    return rc;
}

int fc_gui_replay(fc_match **m, fc_rules **rules, const fc_record_seats *labels, fc_error *err)
{
    fc_agent *none[FC_MAX_SEATS] = {0};
    gui *g = gui_new(m, rules, none, labels, NULL);
    if (!g)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    g->nhumans = 0;
    g->viewer = -1;
    fc_error_clear(err);
    int rc = gui_replay_open(g, err);
    if (rc == 0 && gui_session(g, gui_loop, err) == -1)
        rc = err->code ? err->code : FC_ESTATE;
    gui_replay_close(g);
    gui_free(g);
    return rc;
}
