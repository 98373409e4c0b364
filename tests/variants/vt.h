/* Helpers of the variant-library tests: rule sets with a shipped variant, random games,
 * lockstep comparison of two rule sets, and batches of games with summary figures. */
#ifndef VT_H
#define VT_H

#include <stdbool.h>

#include "formicary/agent.h"
#include "formicary/context.h"
#include "formicary/match.h"

#define VT_MAX_COUNT 4

/* A context with the plugins of the build tree. */
fc_context *vt_context(void);
/* cmocka group setup/teardown: *state is such a context. */
int vt_group_setup(void **state);
int vt_group_teardown(void **state);
/* A finished rule set of game with nseats; variant is a shipped name (scripts/GAME/NAME.lua)
 * or NULL for the standard rules; set is "key=value" or NULL. Fails the test on error. */
fc_rules *vt_rules(fc_context *ctx, const char *game, int nseats, const char *variant, const char *set);

/* Where two rule sets first differ when the same random agent plays both from one seed. */
typedef struct vt_diff {
    long ply;                 /* decisions played before the difference; -1 if none */
    int to_move_a, to_move_b;
    char only_a[128], only_b[128]; /* a legal decision of one side missing on the other ("" none) */
    char event_a[200], event_b[200]; /* the first differing events ("" none) */
    bool over;                 /* both games ended identically */
} vt_diff;
void vt_lockstep(const fc_rules *a, const fc_rules *b, uint64_t seed, vt_diff *out);

/* Summary of a batch of random games (seeds 1..n). count[i] counts events containing
 * the substring pat[i]. */
typedef struct vt_batch {
    int games;
    double mean_score, mean_min, mean_max, mean_margin, mean_rounds, mean_decisions;
    int shared; /* games with more than one winner */
    long count[VT_MAX_COUNT];
} vt_batch;
void vt_run_batch(const fc_rules *r, int n, const char *const *pat, int npat, vt_batch *out);

/* Plays a random game to the end (or until an event containing stop appears; stop may be
 * NULL) and returns the match (caller frees). */
fc_match *vt_play(const fc_rules *r, uint64_t seed, const char *stop);
/* The first event containing pat ("" if none), copied to buf. */
const char *vt_find_event(const fc_match *m, const char *pat, char *buf, size_t n);
/* The match after `ply` decisions of the random game of seed (as in vt_play). */
fc_match *vt_play_to(const fc_rules *r, uint64_t seed, long ply);
/* From seat's view (-1 spectator): what = "q,r" gives the cell label; "S:key" the panel value
 * `key` of seat S. Copied to buf ("" if absent). */
const char *vt_view_text(const fc_match *m, int seat, const char *what, char *buf, size_t n);
/* The text of the last event ("" if none). */
const char *vt_last_event(const fc_match *m);
/* Number of events containing pat. */
long vt_count_events(const fc_match *m, const char *pat);

#endif
