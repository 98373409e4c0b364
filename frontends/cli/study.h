/* What a study compared, said the same way by every report of sim, tune, skill and corpus
 * replay (docs/reports.md, "What is compared"): the agents of the seats with the tier they came
 * from, each rule set described by what it changes, design B described by its difference from
 * A (formicary/rules_diff.h computes it; this file only prints it), and the commented header
 * of the CSV files. */
#ifndef FC_CLI_STUDY_H
#define FC_CLI_STUDY_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "formicary/rules_diff.h"

/* One seat: the agent spec played and, when the seat named a difficulty tier, the tier and its
 * measured rating (config/GAME/bots.ini). */
typedef struct cli_seat {
    char spec[256];
    char tier[24]; /* "" when the seat gave an agent spec */
    bool rated;
    double elo, elo_lo, elo_hi;
} cli_seat;

/* The seat given as `given` (a tier name, "hard:seed=3", or a spec) and played as `spec`. */
void cli_seat_from(const char *game, const char *given, const char *spec, cli_seat *out);
/* "hard = mcts:iters=1000 (Elo 1520, 1450..1590)", "easy = mcts:iters=30" or "greedy";
 * escaped for a terminal. */
void cli_seat_text(const cli_seat *s, char *buf, size_t n);
/* "1 greedy, 2 hard = mcts:iters=1000": the seats in order. */
void cli_seats_text(const cli_seat *s, int n, char *buf, size_t size);
/* {"agent": SPEC, "tier": NAME, "elo": X, "elo_lo": X, "elo_hi": X} (tier and rating when known),
 * written as the members of an object already open. */
void cli_seat_json_members(cli_json *j, const cli_seat *s);

/* The agents of a study's seats from one option's text (`cmd`: "tune", `opt`: "--agents"): one
 * spec for every seat, or one per seat ("key=value" after a comma continues the previous spec,
 * as in sim --seats); tiers ("hard") become their agents, seat[] says where each came from.
 * 0, or CLI_EXIT_USAGE after printing one line. */
#define CLI_AGENT_SPEC_MAX 128
int cli_agents_parse(const char *cmd, const char *opt, const char *game, const char *text, int nseats,
                     char (*spec)[CLI_AGENT_SPEC_MAX], cli_seat *seat);

/* One rule set on its own (fc_rules_describe), escaped for a terminal or a CSV comment. */
void cli_rules_text(const fc_rules *r, char *buf, size_t n);
/* "B = A with winter_penalty 3 -> 6" (fc_rules_diff_text), escaped; an error's text instead
 * when the two cannot be compared. */
void cli_design_b_text(const fc_rules *a, const fc_rules *b, char *buf, size_t n);
/* JSON: "rule_set" {name, variant, variant_file, variant_hash, hooks [...], description,
 * changed [{name, value, origin}]}: what one rule set changes from the game's defaults. Written
 * as a key and its object inside an open object. */
void cli_rules_json(cli_json *j, const char *key, const fc_rules *r);
/* JSON: key {text: "B = A ...", variant_a, variant_b, rules_a, rules_b, changes [{name, a, b,
 * origin_a, origin_b, variant_param, by_variant}]}. */
void cli_diff_json(cli_json *j, const char *key, const fc_rules *a, const fc_rules *b);

/* A comment line of a CSV file's header: "# " and the text, control characters escaped. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void cli_csv_comment(FILE *f, const char *fmt, ...);
/* SVG text lines at x 10 from y down (16 px apart) saying what each design is: "rules: ..." for
 * one design, "A: ..." and "B = A with ..." for two (b non-NULL), in colour[0] and colour[1];
 * each cut to one line. */
void cli_svg_designs(FILE *f, const fc_rules *a, const fc_rules *b, int y, const char *const *colour);

/* Whether `r` (a rule set read with --rules) was tuned with other agents than the seats of this
 * run; if so prints one warning line "formicary: warning: ..." to stderr naming both. */
void cli_warn_tuned(const fc_rules *r, const char *const *specs, int nseats);

/* The sorted paths of the records (*.fcr, not hidden) in dir into *paths (n of them; free each
 * and the array). 0, or an exit status after one line naming the command and option:
 * "CMD: OPT DIR: why" (a folder that cannot be read is a usage error, as is one without records). */
int cli_record_paths(const char *cmd, const char *opt, const char *dir, char ***paths, int *n);

#endif
