/* Difficulty tiers: named bots of a game (easy, medium, hard, expert) defined in a data file,
 * config/GAME/bots.ini, so a designer can say "--seats human,hard" and a tier can be moved to
 * another agent or setting without touching C. Each tier names an agent spec and may carry its
 * measured rating on the game's ladder (docs/metrics.md), shown by help texts.
 *
 *   ; config/myrmes/bots.ini
 *   [easy]
 *   agent = mcts:iters=25
 *   doc = plays sensible moves, misses most plans
 *   elo = 840
 *   interval = 760..920
 *
 * A seat spec "hard" or "hard:seed=3,threads=2" resolves to the tier's agent spec, the extra
 * options added (a key the tier sets too takes the value given). */
#ifndef FORMICARY_TIERS_H
#define FORMICARY_TIERS_H

#include <stdbool.h>
#include <stddef.h>

#include "formicary/error.h"

#define FC_TIERS_MAX 8
#define FC_TIER_SPEC_MAX 256

/* The tiers every bots.ini defines, weakest first. */
#define FC_TIER_NAMES {"easy", "medium", "hard", "expert"}
#define FC_TIER_REQUIRED 4

typedef struct fc_tier {
    char name[24];               /* a word of [a-z0-9_], not an agent kind's name */
    char agent[FC_TIER_SPEC_MAX]; /* the agent spec the tier plays (checked by fc_agent_new) */
    char doc[160];               /* one line for help texts, may be empty */
    bool rated;                  /* elo and interval were given */
    double elo, elo_lo, elo_hi;  /* the ladder's Elo (random = 0) and its 95% interval */
} fc_tier;

typedef struct fc_tiers {
    int n;
    fc_tier tier[FC_TIERS_MAX]; /* in the file's order */
} fc_tiers;

/* Reads a bots.ini. Every error is one line "PATH:LINE: ..." (or "PATH: ..." for a missing
 * tier): unknown sections or keys, a bad agent spec, a tier defined twice, a missing required
 * tier, an interval that does not hold the rating. */
int fc_tiers_load(fc_tiers *t, const char *path, fc_error *err);

/* The tier called name, or NULL. */
const fc_tier *fc_tiers_find(const fc_tiers *t, const char *name);

/* Turns a seat spec into an agent spec: a tier's name (with options after ':') becomes the tier's
 * agent with those options merged in; anything else is copied. Returns 1 when spec named a tier,
 * 0 when it did not, or a negative error (the merged spec does not fit in n). t may be NULL. */
int fc_tiers_resolve(const fc_tiers *t, const char *spec, char *out, size_t n, fc_error *err);

/* Whether name is one of the standard tier names (FC_TIER_NAMES), for "did you mean" texts. */
bool fc_tier_name_is_standard(const char *name);
/* For an unknown agent or tier `name`: " (known: random, greedy, ..., easy, ...); did you mean
 * 'X'?" (the hint only when a name is close) into buf: the agent kinds, then the tiers of t
 * (NULL: the game has none). */
void fc_tiers_known_text(const fc_tiers *t, const char *name, char *buf, size_t n);

#endif
