/* Mouse and keys: zoom and pan, hover, clicks on hexes, menus, list rows and the replay slider,
 * the letter commands, the file and quit prompts, the replay viewer's keys (gui_event). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui_int.h"

static void gui_zoom(gui *g, float factor, int x, int y)
{
    float s0 = gui_hex_radius(g), z = g->zoom * factor;
    z = z < 0.4f ? 0.4f : z > 8 ? 8 : z;
    float ux = ((float)x - g->org_x - g->pan_x) / s0, uy = ((float)y - g->org_y - g->pan_y) / s0;
    g->zoom = z;
    float s1 = gui_hex_radius(g);
    g->pan_x = (float)x - g->org_x - s1 * ux;
    g->pan_y = (float)y - g->org_y - s1 * uy;
}

void gui_pointer_sync(gui *g)
{
    gui_list_layout(g);
    gui_menu_layout(g);
    g->has_hover = !g->drag_moved && gui_hex_at(g, g->mx, g->my, &g->hover);
    g->hover_dec = -1;
    g->menu_hover = -1;
    g->tray_hover = -1;
    SDL_Point p = {g->mx, g->my};
    gui_tray_layout(g);
    for (int i = 0; i < g->nmenu; i++)
        if (SDL_PointInRect(&p, &g->menu_hits[i].r))
            g->menu_hover = i;
    if (g->nmenu && SDL_PointInRect(&p, &g->menu_r))
        return; /* the menu covers what is under it */
    for (int i = 0; i < g->nlist_hits; i++)
        if (SDL_PointInRect(&p, &g->list_hits[i].r))
            g->hover_dec = g->list_hits[i].idx;
    for (int i = 0; i < g->ntray_hits; i++)
        if (SDL_PointInRect(&p, &g->tray_hits[i].r))
            g->tray_hover = g->tray_hits[i].idx;
}

static void gui_slider_to(gui *g, int x, fc_error *err)
{
    SDL_Rect s = g->r_slider;
    int pad = (int)(8 * g->ui), x0 = s.x + 2 * pad, x1 = s.x + s.w - 2 * pad;
    long k = x1 > x0 ? lroundf((float)(x - x0) * (float)g->rec->tr.n / (float)(x1 - x0)) : 0;
    k = k < 0 ? 0 : k > (long)g->rec->tr.n ? (long)g->rec->tr.n : k;
    if ((size_t)k != g->rec->at)
        gui_replay_goto(g, (size_t)k, err);
}

/* A left click (button released without a drag) at the pointer: plays what the pointer is
 * over, found exactly as the highlight is (gui_pointer_sync). */
static int gui_click(gui *g, fc_error *err)
{
    int x = g->mx, y = g->my;
    gui_pointer_sync(g);
    if (g->nmenu) {
        int pick = g->menu_hover >= 0 ? g->menu[g->menu_hover] : -1;
        g->nmenu = 0;
        return pick >= 0 ? gui_play_index(g, pick, err) : 0;
    }
    if (g->hover_dec >= 0)
        return gui_play_index(g, g->hover_dec, err);
    if (g->tray_hover >= 0 && gui_human_turn(g)) {
        gui_pick_item(g, g->tray_hover);
        return 0;
    }
    fc_hex h = g->hover;
    if (!g->has_hover || !gui_human_turn(g)) {
        gui_pick_clear(g);
        return 0;
    }
    if (gui_two_step(g) && gui_pick_hex(g, h))
        return 0; /* picked a piece, or dropped the pick */
    /* the decisions of the picked source at h; without a pick all of them (the menu) */
    int idx[GUI_MENU_MAX], k = gui_click_decs(g, h, idx, GUI_MENU_MAX);
    if (k == 1)
        return gui_play_index(g, idx[0], err);
    if (k > 1) {
        g->nmenu = k < GUI_MENU_MAX ? k : GUI_MENU_MAX;
        memcpy(g->menu, idx, (size_t)g->nmenu * sizeof idx[0]);
        g->menu_hover = -1;
        g->menu_x = x + 8;
        g->menu_y = y + 8;
    }
    return 0;
}

/* Save offers the last file; load starts empty (the file to open is the player's to name). */
static void gui_open_prompt(gui *g, int kind)
{
    g->prompt = kind;
    snprintf(g->prompt_buf, sizeof g->prompt_buf, "%s", kind == GUI_PROMPT_SAVE ? g->save_path : "");
    g->nmenu = 0;
}

/* A typed path starting with "~" or "~/": from the home directory. */
static void gui_expand_home(char *path, size_t n)
{
    const char *home = getenv("HOME");
    if (path[0] != '~' || (path[1] && path[1] != '/') || !home || !home[0] || strlen(home) + strlen(path) >= n)
        return;
    memmove(path + strlen(home), path + 1, strlen(path)); /* the rest and its terminator */
    memcpy(path, home, strlen(home));
}

static int gui_prompt_key(gui *g, SDL_Keycode k)
{
    if (k == SDLK_ESCAPE) {
        g->prompt = GUI_PROMPT_NONE;
    } else if (k == SDLK_BACKSPACE) {
        size_t n = strlen(g->prompt_buf);
        while (n > 0 && ((unsigned char)g->prompt_buf[n - 1] & 0xC0) == 0x80)
            n--;
        if (n > 0)
            g->prompt_buf[n - 1] = 0;
    } else if ((k == SDLK_RETURN || k == SDLK_KP_ENTER) && g->prompt != GUI_PROMPT_QUIT) {
        int kind = g->prompt;
        g->prompt = GUI_PROMPT_NONE;
        gui_expand_home(g->prompt_buf, sizeof g->prompt_buf);
        if (!g->prompt_buf[0])
            gui_msg(g, true, "no file name given");
        else if (kind == GUI_PROMPT_SAVE)
            gui_save(g, g->prompt_buf);
        else
            gui_load(g, g->prompt_buf);
    }
    return GUI_GO_ON;
}

static int gui_quit_request(gui *g)
{
    if (g->rec || !gui_dirty(g) || g->nhumans == 0)
        return GUI_QUIT;
    g->prompt = GUI_PROMPT_QUIT;
    return GUI_GO_ON;
}

/* A character typed at the quit prompt: quit, save and quit (if the save worked), or stay. */
static int gui_quit_prompt_char(gui *g, char ch)
{
    if (ch == 'q' || ch == 'y')
        return GUI_QUIT;
    if (ch == 's') {
        gui_save(g, g->save_path);
        g->prompt = GUI_PROMPT_NONE;
        return g->gen == g->saved_gen ? GUI_QUIT : GUI_GO_ON;
    }
    if (ch == 'n')
        g->prompt = GUI_PROMPT_NONE;
    return GUI_GO_ON;
}

/* A character typed (SDL_TEXTINPUT): the letter commands. */
static int gui_char(gui *g, char ch, fc_error *err)
{
    if (g->prompt == GUI_PROMPT_QUIT)
        return gui_quit_prompt_char(g, ch);
    if (g->overlay == GUI_OV_RULES) {
        gui_rules_char(g, ch);
        return GUI_GO_ON;
    }
    if (g->overlay == GUI_OV_HELP || g->overlay == GUI_OV_LEGEND || g->overlay == GUI_OV_COVER) {
        if (g->overlay == GUI_OV_COVER)
            g->shown_human = g->cover_seat;
        g->overlay = GUI_OV_NONE;
        return GUI_GO_ON;
    }
    if (g->overlay == GUI_OV_FINAL && ch != 'u' && ch != 's' && ch != 'q' && ch != 'o') {
        g->overlay = GUI_OV_NONE;
        return GUI_GO_ON;
    }
    switch (ch) {
    case '?':
        g->overlay = GUI_OV_HELP;
        break;
    case 'l':
        g->overlay = GUI_OV_LEGEND;
        break;
    case 'r':
        gui_rules_open(g);
        break;
    case 'q':
        return g->rec ? GUI_QUIT : gui_quit_request(g);
    case 's':
        if (!g->rec)
            gui_open_prompt(g, GUI_PROMPT_SAVE);
        break;
    case 'o':
        if (!g->rec)
            gui_open_prompt(g, GUI_PROMPT_LOAD);
        break;
    case 'u':
        if (!g->rec && gui_undo(g, err) != 0)
            return -1;
        break;
    case '+':
        g->delay_ms = g->delay_ms + 100 > 5000 ? 5000 : g->delay_ms + 100;
        gui_msg(g, false, "bot delay %d ms", g->delay_ms);
        break;
    case '-':
        g->delay_ms = g->delay_ms - 100 < 0 ? 0 : g->delay_ms - 100;
        gui_msg(g, false, "bot delay %d ms", g->delay_ms);
        break;
    case ' ':
        g->fast = !g->fast;
        g->bot_due = 0;
        break;
    case '0':
        g->zoom = 1;
        g->pan_x = g->pan_y = 0;
        break;
    case 'a':
        g->anim_on = !g->anim_on;
        gui_anim_stop(g);
        gui_msg(g, false, "move animation %s", g->anim_on ? "on" : "off");
        break;
    case 'v':
        if (g->rec) {
            g->viewer = g->viewer + 1 >= g->nseats ? -1 : g->viewer + 1;
            g->view_valid = false;
            gui_msg(g, false, "view of %s",
                    g->viewer < 0 ? "a spectator (public information only)" : g->names[g->viewer]);
        }
        break;
    default:
        break;
    }
    return GUI_GO_ON;
}

static int gui_key(gui *g, SDL_Keycode k, bool *shot, fc_error *err)
{
    if (g->prompt != GUI_PROMPT_NONE)
        return k == SDLK_ESCAPE && g->prompt == GUI_PROMPT_QUIT ? (g->prompt = GUI_PROMPT_NONE, GUI_GO_ON)
                                                                 : gui_prompt_key(g, k);
    if (k == SDLK_F12) {
        *shot = true;
        return GUI_GO_ON;
    }
    if (k == SDLK_F1)
        return gui_char(g, '?', err);
    if (g->overlay == GUI_OV_RULES && gui_rules_key(g, k))
        return GUI_GO_ON;
    if (k == SDLK_ESCAPE) {
        if (g->nmenu)
            g->nmenu = 0;
        else if (gui_picked(g))
            gui_pick_clear(g);
        else if (g->overlay != GUI_OV_NONE && g->overlay != GUI_OV_COVER)
            g->overlay = GUI_OV_NONE;
        return GUI_GO_ON;
    }
    if (g->rec) {
        gui_record *rec = g->rec;
        size_t to = rec->at;
        if (k == SDLK_RIGHT)
            to = rec->at < rec->tr.n ? rec->at + 1 : rec->tr.n;
        else if (k == SDLK_LEFT || k == SDLK_BACKSPACE)
            to = rec->at > 0 ? rec->at - 1 : 0;
        else if (k == SDLK_PAGEDOWN)
            to = rec->at + 10 < rec->tr.n ? rec->at + 10 : rec->tr.n;
        else if (k == SDLK_PAGEUP)
            to = rec->at > 10 ? rec->at - 10 : 0;
        else if (k == SDLK_HOME)
            to = 0;
        else if (k == SDLK_END)
            to = rec->tr.n;
        bool step = to == rec->at + 1;
        if (to != rec->at && gui_replay_goto(g, to, err) != 0)
            return -1;
        g->anim_ms = g->anim_len;
        g->anim_pending = step; /* one step forward: animate it */
        return GUI_GO_ON;
    }
    if (k == SDLK_RETURN && g->overlay != GUI_OV_NONE)
        return gui_char(g, 'x', err);
    return GUI_GO_ON;
}

/* The window closed (or a signal arrived), resized, or left by the pointer. */
static int gui_window_event(gui *g, const SDL_Event *ev)
{
    if (ev->type == SDL_QUIT) {
        if (!g->close_asked) { /* no window close first: SIGINT or SIGTERM */
            g->signalled = true;
            return GUI_QUIT;
        }
        g->close_asked = false;
        return g->prompt == GUI_PROMPT_QUIT ? GUI_QUIT : gui_quit_request(g);
    }
    if (ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
        SDL_GetRendererOutputSize(g->ren, &g->w, &g->h);
        gui_layout(g);
    } else if (ev->window.event == SDL_WINDOWEVENT_CLOSE) {
        g->close_asked = true;
    } else if (ev->window.event == SDL_WINDOWEVENT_LEAVE) {
        g->has_hover = false;
    }
    return GUI_GO_ON;
}

/* Typed text: the rules pane's search line, the file prompt, else a one-character command. */
static int gui_text_event(gui *g, const char *text, fc_error *err)
{
    if (gui_rules_type(g, text))
        return GUI_GO_ON; /* the rules pane's search line */
    if (g->prompt == GUI_PROMPT_SAVE || g->prompt == GUI_PROMPT_LOAD) {
        size_t n = strlen(g->prompt_buf), add = strlen(text);
        if (n + add < sizeof g->prompt_buf)
            memcpy(g->prompt_buf + n, text, add + 1);
        return GUI_GO_ON;
    }
    return text[0] && !text[1] ? gui_char(g, text[0], err) : GUI_GO_ON;
}

/* The pointer moved: the slider or the board follows a drag, then the highlight the pointer. */
static void gui_motion_event(gui *g, const SDL_MouseMotionEvent *mo, fc_error *err)
{
    g->mx = mo->x;
    g->my = mo->y;
    if (g->slider_drag) {
        gui_slider_to(g, g->mx, err);
    } else if (g->drag) {
        int dx = g->mx - g->drag_x, dy = g->my - g->drag_y;
        if (g->drag_moved || dx * dx + dy * dy > 36) {
            g->drag_moved = true;
            g->pan_x += (float)dx;
            g->pan_y += (float)dy;
            g->drag_x = g->mx;
            g->drag_y = g->my;
        }
    }
    gui_pointer_sync(g);
}

/* The wheel scrolls the rules pane, the list or the side panel, or zooms the board. */
static void gui_wheel_event(gui *g, int dy)
{
    SDL_Point p = {g->mx, g->my};
    if (g->overlay == GUI_OV_RULES)
        g->rules_top = g->rules_top - 3 * dy < 0 ? 0 : g->rules_top - 3 * dy;
    else if (SDL_PointInRect(&p, &g->r_board))
        gui_zoom(g, powf(1.15f, (float)dy), g->mx, g->my);
    else if (SDL_PointInRect(&p, &g->r_list))
        g->list_top = g->list_top - 3 * dy < 0 ? 0 : g->list_top - 3 * dy;
    else if (SDL_PointInRect(&p, &g->r_side))
        g->side_top = g->side_top - 3 * dy * g->small.h < 0 ? 0 : g->side_top - 3 * dy * g->small.h;
    gui_pointer_sync(g);
}

/* A button pressed: closes an overlay, grabs the slider, starts a drag on the board (any
 * button) or clicks elsewhere at once (left button). */
static int gui_button_down(gui *g, const SDL_MouseButtonEvent *b, fc_error *err)
{
    gui_anim_stop(g);
    g->mx = b->x;
    g->my = b->y;
    SDL_Point p = {g->mx, g->my};
    if (g->prompt != GUI_PROMPT_NONE)
        return GUI_GO_ON;
    if (g->overlay != GUI_OV_NONE) {
        if (g->overlay == GUI_OV_COVER)
            g->shown_human = g->cover_seat;
        g->overlay = GUI_OV_NONE;
        return GUI_GO_ON;
    }
    if (g->rec && SDL_PointInRect(&p, &g->r_slider) && b->button == SDL_BUTTON_LEFT) {
        g->slider_drag = true;
        gui_slider_to(g, g->mx, err);
    } else if (SDL_PointInRect(&p, &g->r_board) || b->button != SDL_BUTTON_LEFT) {
        g->drag = true;
        g->drag_moved = false;
        g->drag_x = g->mx;
        g->drag_y = g->my;
    }
    if (b->button == SDL_BUTTON_LEFT && !g->slider_drag && !SDL_PointInRect(&p, &g->r_board)) {
        g->drag = false;
        return gui_click(g, err) != 0 ? -1 : GUI_GO_ON;
    }
    return GUI_GO_ON;
}

/* A button released: a drag that did not move is a click (left) or drops the pick (right). */
static int gui_button_up(gui *g, const SDL_MouseButtonEvent *b, fc_error *err)
{
    bool was_drag = g->drag, moved = g->drag_moved;
    g->drag = g->drag_moved = g->slider_drag = false;
    g->mx = b->x;
    g->my = b->y;
    if (was_drag && !moved && b->button == SDL_BUTTON_LEFT)
        if (gui_click(g, err) != 0)
            return -1;
    if (was_drag && !moved && b->button == SDL_BUTTON_RIGHT) {
        if (!g->nmenu)
            gui_pick_clear(g);
        g->nmenu = 0;
    }
    gui_pointer_sync(g);
    return GUI_GO_ON;
}

/* One SDL event; sets *shot. Returns GUI_GO_ON, GUI_QUIT or -1 (err set). */
int gui_event(gui *g, const SDL_Event *ev, bool *shot, fc_error *err)
{
    if (ev->type == SDL_KEYDOWN || ev->type == SDL_MOUSEBUTTONDOWN)
        g->inputs++; /* the dump's count: tests wait for their input to arrive, not for a time */
    switch (ev->type) {
    case SDL_QUIT:
    case SDL_WINDOWEVENT:
        return gui_window_event(g, ev);
    case SDL_TEXTINPUT:
        return gui_text_event(g, ev->text.text, err);
    case SDL_KEYDOWN:
        if (ev->key.keysym.sym != SDLK_F12)
            gui_anim_stop(g); /* any key but the screenshot skips the animation */
        return gui_key(g, ev->key.keysym.sym, shot, err);
    case SDL_MOUSEMOTION:
        gui_motion_event(g, &ev->motion, err);
        return GUI_GO_ON;
    case SDL_MOUSEWHEEL:
        gui_wheel_event(g, ev->wheel.y);
        return GUI_GO_ON;
    case SDL_MOUSEBUTTONDOWN:
        return gui_button_down(g, &ev->button, err);
    case SDL_MOUSEBUTTONUP:
        return gui_button_up(g, &ev->button, err);
    default:
        return GUI_GO_ON;
    }
}
