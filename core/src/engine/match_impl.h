/* Private to the match files (match.c, match_history.c, match_start.c, match_callbacks.c):
 * the match object and the steps they share. Nothing here is part of the public API. */
#ifndef FC_MATCH_IMPL_H
#define FC_MATCH_IMPL_H

#include <stdint.h>

#include "events.h"
#include "formicary/match.h"
#include "formicary/variant.h"

struct fc_match {
    const fc_rules *rules;
    const fc_plugin *plugin;
    const fc_game *game;
    fc_env env;        /* events on: used for the match's own decisions */
    fc_env search_env; /* events off: handed to agents and tools */
    fc_hooks *hooks;
    unsigned long hook_calls_listed; /* fc_hooks_calls before the legal decisions were listed */
    uint64_t seed;
    unsigned char *init_state, *state, *backup;
    fc_history_entry *hist;
    size_t nhist, caphist;
    size_t *pend; /* hidden decisions the game may still reveal (indices into hist) */
    size_t npend, cappend;
    fc_decision *legal;
    uint32_t *weights;
    int nlegal;
    int legal_valid;
    fc_events events;
    char script_error[FC_ERROR_MSG_MAX];
    char *position; /* text the match started from (fc_match_new_from_position), or NULL */
    /* a sourced match (fc_match_new_sourced): each chance source's seed and the draws of each
     * so far; nsrc == 0 for a match of one seed */
    int nsrc, src_setup;
    uint64_t src_seed[FC_CHANCE_SOURCES_MAX];
    uint32_t src_draws[FC_CHANCE_SOURCES_MAX];
};

/* match.c: a match of rules and seed with its buffers and environments, not yet started (NULL
 * and err set on failure); fc_match_start brings it to its starting position (NULL: the game's
 * own start), freeing it on failure. */
fc_match *fc_match_alloc(const fc_rules *rules, uint64_t seed, fc_error *err);
fc_match *fc_match_start(fc_match *m, const char *position, fc_error *err);
/* match.c: fills m->legal for the current state unless it is still valid. */
void fc_match_refresh_legal(fc_match *m);

/* match_history.c: appends a decision just applied (FC_ENOMEM without memory), then asks the
 * game which hidden decisions are public now (API minor 13). */
int fc_match_history_push(fc_match *m, int seat, fc_decision d, uint32_t audience);
void fc_match_note_reveals(fc_match *m);

#endif
