/* A match: a rule set, seats, a seed and the sequence of decisions so far. The match owns a
 * copy of the initial state and the current state; undo re-plays from the initial state, so
 * it is exact and costs no snapshots. Chance outcomes are drawn from an RNG stream derived
 * from (seed, ply), so undoing and re-drawing gives the same outcome. */
#ifndef FORMICARY_MATCH_H
#define FORMICARY_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formicary/rules.h"

typedef struct fc_match fc_match;

typedef struct fc_match_event {
    size_t ply;        /* number of decisions applied before it was emitted */
    uint32_t audience; /* seat bitmask */
    char text[200];
} fc_match_event;

typedef struct fc_history_entry {
    int seat; /* who decided (FC_CHANCE for chance) */
    fc_decision decision;
    uint32_t audience; /* seats that may see the decision (fc_game.decision_audience) */
    /* the ply (decisions applied) from which everyone may see it: its own ply + 1 when its
     * audience is everyone, the ply after the decision that revealed it when the game says
     * (fc_game.decision_revealed, API minor 13), FC_PLY_HIDDEN while it is still hidden */
    size_t public_at;
} fc_history_entry;

#define FC_PLY_HIDDEN SIZE_MAX

/* Who may see a decision made with `audience` and public from ply `public_at`, when the
 * match is at ply `at`: everyone once it is public, else its audience. Front ends test a
 * viewer against what this returns, so a revealed choice is shown from then on, never before. */
static inline uint32_t fc_audience_at(uint32_t audience, size_t public_at, size_t at)
{
    return public_at <= at ? FC_ALL_SEATS : audience;
}

/* Creates a match of rules (finished; must outlive the match) with seed. Runs the game's
 * init; a variant's hooks are registered in the match's own Lua state. */
fc_match *fc_match_new(const fc_rules *rules, uint64_t seed, fc_error *err);
void fc_match_free(fc_match *m);
/* An independent copy (same history, own Lua state). */
fc_match *fc_match_clone(const fc_match *m, fc_error *err);

const fc_rules *fc_match_rules(const fc_match *m);
uint64_t fc_match_seed(const fc_match *m);
/* A seat, FC_CHANCE or FC_NOBODY. */
int fc_match_to_move(const fc_match *m);
/* The legal decisions now; the array is owned by the match and valid until the next change.
 * weights (optional) gets chance weights at chance points. Returns the count. */
int fc_match_legal(fc_match *m, const fc_decision **out, const uint32_t **weights);
/* Applies a legal decision (checked). On a variant script failure the state is restored and
 * err names the script file and line. */
int fc_match_play(fc_match *m, fc_decision d, fc_error *err);
/* Parses the notation and plays it. */
int fc_match_play_text(fc_match *m, const char *text, fc_error *err);
/* At a chance point: draws an outcome from the match RNG stream for this ply and plays it. */
int fc_match_play_chance(fc_match *m, fc_error *err);
/* Takes back the last decision (also chance ones). FC_ESTATE if there is none. */
int fc_match_undo(fc_match *m, fc_error *err);

size_t fc_match_ply(const fc_match *m);
const fc_history_entry *fc_match_history(const fc_match *m, size_t i);
/* Who may see decision i now: its audience, or everyone once the game has revealed it
 * (fc_audience_at at the current ply). FC_ALL_SEATS for i out of range. */
uint32_t fc_match_history_audience(const fc_match *m, size_t i);
/* Who may see a decision a front end remembers (seat played d at ply i, with `audience` when
 * played): fc_match_history_audience when the match's entry i is that decision (live, or the
 * replay's plies up to the one shown), else `audience` as noted (undone or not yet replayed). */
uint32_t fc_match_move_audience(const fc_match *m, size_t i, int seat, fc_decision d, uint32_t audience);

int fc_match_decision_text(const fc_match *m, fc_decision d, char *buf, size_t n);
/* Seats that may see decision d made now (FC_ALL_SEATS unless the game hides it). */
uint32_t fc_match_decision_audience(const fc_match *m, fc_decision d);
void fc_match_decision_describe(const fc_match *m, fc_decision d, fc_decision_info *out);
void fc_match_scores(const fc_match *m, int32_t *score, int *rank);
int fc_match_round(const fc_match *m);
/* What the rules call the current step: a rule id or a heading of the game's rules text
 * (fc_rules_text_find), or NULL when the game does not say (API minor 3, game->phase_topic). */
const char *fc_match_phase_topic(const fc_match *m);
/* Fills the view for seat (-1 spectator). */
void fc_match_view(const fc_match *m, int seat, fc_view *out);

/* Turns the event log on (the default) or off. Off, the game formats no event text: for
 * simulations, where nobody reads the log. */
void fc_match_set_log(fc_match *m, int on);

/* Limits the budget units the variant's hooks may use together from now on (0 = no limit):
 * replaying a record sets FC_LUA_REPLAY_BUDGET (fc_hooks_set_total_budget). */
void fc_match_set_hook_budget(fc_match *m, long units);

/* Events so far (the log); filter by audience for a seat's log. */
size_t fc_match_event_count(const fc_match *m);
const fc_match_event *fc_match_event_get(const fc_match *m, size_t i);

/* Low-level access for agents and tools: the game vtable, the current state (read-only) and
 * an environment for searching copies of the state (events disabled). */
const fc_game *fc_match_game(const fc_match *m);
const void *fc_match_state(const fc_match *m);
const fc_env *fc_match_search_env(const fc_match *m);
/* A 64-bit hash of the current state bytes. */
uint64_t fc_match_state_hash(const fc_match *m);
/* The game's search callbacks of API minor 6 (game.h), NULL when its plugin is older or does
 * not offer them: searches then hash the state bytes and call apply. */
typedef uint64_t (*fc_state_hash_fn)(const void *st, const fc_env *env);
typedef void (*fc_apply_legal_fn)(void *st, const fc_env *env, fc_decision d);
fc_state_hash_fn fc_match_hash_fn(const fc_match *m);
fc_apply_legal_fn fc_match_apply_legal_fn(const fc_match *m);
/* The game's quiescence filter (fc_game.noisy, API minor 12), or NULL. */
typedef int (*fc_noisy_fn)(const void *st, const fc_env *env, fc_decision *d, int n);
fc_noisy_fn fc_match_noisy_fn(const fc_match *m);
/* The game's evaluation weights (API minor 7) and its evaluate with other weights: the count
 * (0 and *out NULL when the game offers none) and the function (NULL likewise). */
int fc_match_eval_weights(const fc_match *m, const fc_eval_weight **out);
typedef void (*fc_evaluate_weighted_fn)(const void *st, const fc_env *env, const double *w, double *value);
fc_evaluate_weighted_fn fc_match_evaluate_weighted_fn(const fc_match *m);
/* The game's count of its legal decisions (API minor 9, game.h), NULL when its plugin is older
 * or does not offer one: callers then count what legal lists. */
typedef int (*fc_legal_count_fn)(const void *st, const fc_env *env);
fc_legal_count_fn fc_match_legal_count_fn(const fc_match *m);
/* Kinds of decision (API minor 10, game.h): the names a game gives them (the count; 0 and *names
 * NULL when its plugin names none), and the kind of decision d in m's current state as an index
 * into those names (-1: the game names none, or d has none of them). Nothing is formatted. */
int fc_plugin_kinds(const fc_plugin *p, const char *const **names);
int fc_match_kinds(const fc_match *m, const char *const **names);
int fc_match_decision_kind(const fc_match *m, fc_decision d);
/* Restricts m's cached legal list (what fc_match_legal returns until the state changes) to the
 * decisions whose kind is not in `excluded` (bit k = kind k), when at least one such decision
 * is legal; otherwise the list stays whole. saved (room for the game's max_decisions) first
 * receives the whole list, in order. Returns the whole count (0 at a chance point or the
 * end: nothing is restricted then) and sets *kept to the count listed now.
 * fc_match_legal_unrestrict(m, saved, n) with that whole count puts the list back. Agents
 * restricted from kinds (agent key restrict=) wrap their choice in the two. */
int fc_match_legal_restrict(fc_match *m, uint64_t excluded, fc_decision *saved, int *kept);
void fc_match_legal_unrestrict(fc_match *m, const fc_decision *saved, int n);
/* Sources of chance (API minor 11, fc_game.chance_source). fc_rules_chance_sources fills
 * names[0..n-1] (room for FC_CHANCE_SOURCES_MAX) with the game's sources and *setup with the one
 * init draws from, and returns n: 1 "chance" for a game that names none, 0 for a game that says
 * it has no chance, or FC_EPLUGIN (err: one line) for a malformed list. */
int fc_rules_chance_sources(const fc_rules *rules, const char **names, int *setup, fc_error *err);
/* A match whose sources of chance each draw from their own seed: the setup from (seed of its
 * source, 0), the k-th draw of source s (k = 0, 1, ...) from (source_seed[s], k), so changing one
 * source's seed leaves what the others draw unchanged, however the game goes. `seed` is the
 * match's seed for everything else (fc_match_seed). nsources must be what
 * fc_rules_chance_sources returns. A plain fc_match_new is unchanged by all this (its setup and
 * chance streams come from its seed and the ply, as before). Undo, clones and
 * fc_match_new_at_start keep the sources. */
fc_match *fc_match_new_sourced(const fc_rules *rules, uint64_t seed, const uint64_t *source_seed, int nsources,
                               fc_error *err);
/* A sourced match's seeds (count returned, *seeds pointing into m), or 0 for a plain match. */
int fc_match_source_seeds(const fc_match *m, const uint64_t **seeds);
typedef int (*fc_chance_source_fn)(const void *st, const fc_env *env, const char *const **names);
/* The game's chance_source (API minor 11), NULL when its plugin is older or names no sources. */
fc_chance_source_fn fc_match_chance_source_fn(const fc_match *m);
/* The last variant script error, if any ("" otherwise). */
const char *fc_match_script_error(const fc_match *m);

/* Positions as text (docs/positions.md; games built against API minor >= 2 with
 * position_read/position_write). fc_match_new_from_position starts a match at the position
 * `text` describes (the game reads it into a state fresh from init, then its check runs); undo
 * goes back to that position, not further; clones keep it. fc_match_position is that text (NULL
 * for a match from the start). Records carry it (docs/record-format.md). */
bool fc_match_has_positions(const fc_match *m);
fc_match *fc_match_new_from_position(const fc_rules *rules, uint64_t seed, const char *text, fc_error *err);
const char *fc_match_position(const fc_match *m);
/* Writes the current position; returns its length, or a negative error (err set). */
int fc_match_position_write(const fc_match *m, char *buf, size_t n, fc_error *err);
/* A new match of m's rule set and seed at m's start (its starting position when it has one),
 * for replaying m's decisions from the beginning. */
fc_match *fc_match_new_at_start(const fc_match *m, fc_error *err);
/* Replays m's decisions from its start and calls fn(ud, before, i, entry) before each one is
 * played, with `before` the match as it was then (so the decision's text and audience can be
 * asked of it): what a front end needs to list a loaded game's past decisions. 0, or the error
 * of a start or decision that could not be replayed. */
typedef void (*fc_match_replay_fn)(void *ud, const fc_match *before, size_t i, const fc_history_entry *entry);
int fc_match_replay_each(const fc_match *m, fc_match_replay_fn fn, void *ud, fc_error *err);
/* Position texts of the product (shell setup, --position files, records) are at most this long. */
#define FC_POSITION_MAX 65536
/* The line a position error names: games write "line N: ..." (positions.md). Returns N (0 when
 * the message names no line) and copies msg without its "line N: " into out. */
int fc_position_error_line(const char *msg, char *out, size_t n);

/* A match's decisions as a front end's replay viewer lists them: each decision, who made it,
 * who may see it and its notation (written in the position before it, by playing the match
 * again from its start). fc_transcript_free releases what fc_transcript_make filled. */
typedef struct fc_transcript {
    size_t n;
    fc_decision *d;
    int *seat;
    uint32_t *audience;
    size_t *public_at; /* fc_history_entry.public_at as of m's last decision */
    char (*text)[64];
} fc_transcript;
int fc_transcript_make(const fc_match *m, fc_transcript *t, fc_error *err);
void fc_transcript_free(fc_transcript *t);
/* Who may see decision i when the replay shows ply `at` (fc_audience_at). */
static inline uint32_t fc_transcript_audience(const fc_transcript *t, size_t i, size_t at)
{
    return fc_audience_at(t->audience[i], t->public_at[i], at);
}

#endif
