/* The terminal front end (ncursesw): plays any game from the generic view (view.h) and the
 * decision list, with humans and agents in any seat. See docs/tty.md for the screen and keys. */
#ifndef FORMICARY_TTY_H
#define FORMICARY_TTY_H

#include "formicary/agent.h"
#include "formicary/match.h"
#include "formicary/record.h"
#include "formicary/rules.h"

typedef struct fc_tty_options {
    int bot_delay_ms;          /* pause after each agent decision; < 0: the default (400) */
    const char *record_path;   /* save here at the end and on quit (--record), or NULL */
    const char *autosave_path; /* NULL: $XDG_STATE_HOME (or ~/.local/state)/formicary/autosave.rec */
} fc_tty_options;

/* Plays *m to the end or until the user quits. agents[seat] is NULL for a human seat; labels
 * name the seats in saved records. Loading a record from inside the game replaces *m and
 * *rules (the old ones are freed; the caller frees whatever they hold on return). Restores
 * the terminal on every path. Returns 0, or a negative code with err set (no terminal,
 * interrupted by a signal — the game is then autosaved — or an engine failure). */
int fc_tty_play(fc_match **m, fc_rules **rules, fc_agent *const *agents, const fc_record_seats *labels,
                const fc_tty_options *opt, fc_error *err);

/* Watches a record: *m is the match a record load gave (at its last ply). Steps forward and
 * back through the decisions with the board at every ply, from the spectator's view (any
 * seat's on request), without hot-seat covers. *m is replaced by a match at the ply shown
 * (the caller frees it). Returns 0 or a negative code with err set. */
int fc_tty_replay(fc_match **m, fc_rules **rules, const fc_record_seats *labels, fc_error *err);

#endif
