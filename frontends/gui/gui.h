/* The graphical front end (SDL2 + SDL2_ttf): plays any game from the generic view (view.h)
 * and the decision list with the mouse, humans and agents in any seat, and watches records.
 * Like the terminal front end it has no game-specific code. See docs/gui.md. */
#ifndef FORMICARY_GUI_H
#define FORMICARY_GUI_H

#include "formicary/agent.h"
#include "formicary/match.h"
#include "formicary/record.h"
#include "formicary/rules.h"

typedef struct fc_gui_options {
    int bot_delay_ms;          /* pause after each agent decision; < 0: the default (400) */
    const char *record_path;   /* save here at the end and on quit (--record), or NULL */
    const char *autosave_path; /* NULL: $XDG_STATE_HOME (or ~/.local/state)/formicary/autosave.rec */
} fc_gui_options;

/* Plays *m in a window until the game ends and the window is closed, or the user quits.
 * agents[seat] is NULL for a human seat. Loading a record replaces *m and *rules (the caller
 * frees whatever they hold on return). Returns 0 or a negative code with err set. */
int fc_gui_play(fc_match **m, fc_rules **rules, fc_agent *const *agents, const fc_record_seats *labels,
                const fc_gui_options *opt, fc_error *err);

/* Watches a record: *m is the match a record load gave (at its last ply); steps forward and
 * back with keys and a slider. *m is replaced by a match at the ply shown. */
int fc_gui_replay(fc_match **m, fc_rules **rules, const fc_record_seats *labels, fc_error *err);

#endif
