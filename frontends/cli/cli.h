/* Private interface of the `formicary` program: option parsing, shared helpers (context,
 * rule sets, seats, tables, JSON) and one entry point per subcommand. */
#ifndef FORMICARY_CLI_H
#define FORMICARY_CLI_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "formicary/agent.h"
#include "formicary/context.h"
#include "formicary/escape.h"
#include "formicary/match.h"
#include "formicary/outfile.h"
#include "formicary/record.h"
#include "formicary/rules.h"
#include "formicary/runs.h"
#include "formicary/seats.h"
#include "formicary/view.h"

#define CLI_EXIT_OK 0
#define CLI_EXIT_FAIL 1
#define CLI_EXIT_USAGE 2

#define CLI_MAX_OPTS 40
#define CLI_MAX_REPEAT 64
#define CLI_MAX_POS 1024 /* replay takes a corpus of records (directories count as one) */

/* One option of a subcommand. arg == NULL: a flag; repeat: may be given several times. */
typedef struct cli_optdef {
    const char *name; /* "--seed" */
    const char *arg;  /* "N", or NULL for a flag */
    bool repeat;
    const char *help;
} cli_optdef;

typedef struct cli_cmd cli_cmd;

/* The parsed command line of one subcommand. */
typedef struct cli {
    const cli_cmd *cmd;
    int nopts;
    const cli_optdef *opts[CLI_MAX_OPTS];
    int count[CLI_MAX_OPTS];
    const char *val[CLI_MAX_OPTS][CLI_MAX_REPEAT];
    int npos;
    const char *pos[CLI_MAX_POS];
    char game[64]; /* a GAME argument lower-cased (game ids are case-insensitive); pos points here */
    int argc;      /* the arguments after the command name, as given (the runs database keeps them) */
    char **argv;
} cli;

struct cli_cmd {
    const char *name;
    const char *usage;   /* positional part: "GAME" */
    const char *summary; /* one line */
    int min_pos, max_pos;
    const cli_optdef *opts; /* terminated by {NULL} */
    int (*run)(cli *c);
};

/* ---- args.c: parsing, errors, shared helpers ---- */

int cli_parse(const cli_cmd *cmd, int argc, char **argv, cli *c);
void cli_help(const cli_cmd *cmd, FILE *f);
/* Last value of an option, or NULL. */
const char *cli_opt(const cli *c, const char *name);
bool cli_flag(const cli *c, const char *name);
int cli_opt_count(const cli *c, const char *name);
const char *cli_opt_at(const cli *c, const char *name, int i);

/* Prints "formicary: <message>" to stderr; return CLI_EXIT_FAIL / CLI_EXIT_USAGE. */
#if defined(__GNUC__)
#define CLI_PRINTF __attribute__((format(printf, 1, 2)))
#else
#define CLI_PRINTF
#endif
int cli_fail(const char *fmt, ...) CLI_PRINTF;
int cli_usage(const char *fmt, ...) CLI_PRINTF;
/* Flushes an output file and closes it (stdout is only flushed); 0, or prints
 * "formicary: PATH: reason" ("write error on standard output: reason" for stdout) and returns
 * CLI_EXIT_FAIL. Every write path ends here or in main's final check of stdout. */
int cli_close_output(FILE *f, const char *path);
/* An output file of a command (CSV, JSON, HTML, SVG, INI) through the core's safe writer
 * (formicary/outfile.h); "-" is standard output. NULL after printing "formicary: PATH: ...".
 * cli_finish_output completes it (0, or CLI_EXIT_FAIL after printing the first error). */
fc_outfile *cli_open_output(const char *path);
int cli_finish_output(fc_outfile *o);
/* One protocol line from f into buf[size] with its "\n" (NUL bytes kept): its length, or -1 at
 * the end of the input. A line that does not fit is read to its end and dropped (*too_long),
 * so an endless line costs no memory. */
long cli_read_line(FILE *f, char *buf, size_t size, bool *too_long);

/* Strict number parsing (whole string); false on junk or overflow. */
bool cli_parse_u64(const char *s, uint64_t *out);
bool cli_parse_int(const char *s, long lo, long hi, int *out);
bool cli_parse_double(const char *s, double lo, double hi, double *out);
/* s without its leading and trailing white space (cut in place). */
char *cli_trim(char *s);
/* Option value helpers: print the usage error naming the option and return false. */
bool cli_opt_u64(const cli *c, const char *name, uint64_t dflt, uint64_t *out);
bool cli_opt_int(const cli *c, const char *name, long lo, long hi, int dflt, int *out);

/* A context with --plugin-path (and extra dirs) followed by the default paths, scanned. */
fc_context *cli_context(const cli *c, const char *const *extra, int nextra);
/* A finished rule set for game with nseats (nseats <= 0: the game's minimum) from --rules,
 * --variant and --set. On failure prints the error and returns NULL. */
fc_rules *cli_rules(const cli *c, fc_context *ctx, const char *game, int nseats);
/* The same without printing: err says what failed. */
fc_rules *cli_rules_err(const cli *c, fc_context *ctx, const char *game, int nseats, fc_error *err);
/* The same; with game_sets_only, a --set of a name the game does not declare (a variant's
 * parameter, for a variant that comes from elsewhere: a record's) is left out. */
fc_rules *cli_rules_build(const cli *c, fc_context *ctx, const char *game, int nseats, bool game_sets_only,
                          fc_error *err);
/* Whether a --set text (NAME=VALUE) sets parameter `name`. */
bool cli_set_names(const char *set, const char *name);
/* Whether a --set text (NAME=VALUE) names one of the game's own parameters. */
bool cli_set_is_game_param(const fc_plugin *p, const char *set);
/* The file of a --variant value: a path as given (it has a '/', ends in .lua or exists), else
 * a shipped variant's name looked up as scripts/GAME/NAME.lua in the source tree, then in the
 * install data dir. NULL (err set) if a name matches no shipped variant. */
const char *cli_variant_path(const char *game, const char *spec, char *buf, size_t n, fc_error *err);
/* The file of a --rules value: a path as given (it has a '/', ends in .ini or exists), else a
 * shipped rule set's name (any case) looked up as config/GAME/NAME.ini in the source tree, then
 * in the install data dir. NULL (err set: the shipped names, the closest one) otherwise. */
const char *cli_ruleset_path(const char *game, const char *spec, char *buf, size_t n, fc_error *err);
/* The names of the shipped rule sets (config/GAME/NAME.ini but bots.ini and design.ini) and
 * variants (scripts/GAME/NAME.lua) of game, sorted, as "a, b, c" (empty: none). */
void cli_shipped_rulesets(const char *game, char *list, size_t n);
void cli_shipped_variants(const char *game, char *list, size_t n);
extern const char *const cli_ruleset_dirs[2];
/* The difficulty tiers of game (config/GAME/bots.ini, shipped beside its rule sets): 0 with *t
 * filled, 1 when the game ships none (*t empty), or a negative error naming the file and line. */
struct fc_tiers;
int cli_tiers(const char *game, struct fc_tiers *t, fc_error *err);
/* A seat spec for game made an agent spec: a tier name ("hard", "hard:seed=3") becomes the
 * tier's agent; other specs are copied. 1 = a tier, 0 = not one, negative = error (a standard
 * tier name for a game without tiers, a broken bots.ini). */
int cli_agent_spec(const char *game, const char *spec, char *out, size_t n, fc_error *err);
/* Directories holding shipped variants (scripts/ in the source tree and the install data dir). */
extern const char *const cli_variant_dirs[2];
/* The first of cli_variant_dirs to use: the source tree's only when running from the build tree. */
int cli_variant_dir_first(void);

/* Seat names from the game's spectator view ("Seat N" when the game gives none). */
void cli_seat_names(const fc_match *m, char names[FC_MAX_SEATS][24]);
/* A time-based seed (printed by callers so a game can be reproduced). */
uint64_t cli_time_seed(void);
/* At a chance point: draws the outcome from the match stream, plays it and writes its
 * notation (taken before the state changes). */
int cli_play_chance(fc_match *m, char *text, size_t n, fc_error *err);
/* A value from the engine defaults (formicary.ini: $FORMICARY_CONFIG, else config/ in the
 * source tree when running from the build tree, else the install data dir); false if absent
 * or empty. */
bool cli_config_get(const char *section, const char *key, char *buf, size_t n);

/* A text table with aligned columns. */
typedef struct cli_table {
    int ncols, nrows, cap;
    char **cells;
} cli_table;
void cli_table_init(cli_table *t, int ncols);
void cli_table_add(cli_table *t, ...); /* ncols strings */
void cli_table_print(const cli_table *t, FILE *f, const char *indent);
void cli_table_free(cli_table *t);

/* ---- runs_rec.c: the run in the runs database (docs/runs.md) ---- */

/* The options of every recorded command (sim, tune, skill, ladder, check, replay of a corpus). */
#define CLI_RUNS_DB_OPTS                                                                                         \
    {"--db", "FILE", false, "record this run in the runs database FILE (default $FORMICARY_DB, "     \
                                 "else ~/.local/share/formicary/runs.db; docs/runs.md)"},                       \
    {"--no-db", NULL, false, "do not record this run in the runs database"}
/* A run being recorded; every function takes NULL (not recorded) and does nothing then. A
 * database error prints one warning line and ends the recording, never the run. */
typedef struct cli_runs cli_runs;
/* Opens the database and begins the run (rank 0 only): NULL when not recording. */
cli_runs *cli_runs_begin(const cli *c, const char *command, const char *game, int nseats, uint64_t seed, int threads,
                         long planned);
void cli_runs_design(cli_runs *r, const char *label, const fc_rules *rules, const char *description);
void cli_runs_seat(cli_runs *r, int seat, const char *agent, const char *tier);
/* The games the run now plans, when only the run itself could tell (sim --plan --run). */
void cli_runs_planned(cli_runs *r, long games);
/* One chunk of games (one transaction); _noted: with each game's source, note and unknowns
 * (fc_runs_add_games_noted). */
void cli_runs_games(cli_runs *r, const char *label, const struct fc_sim_game *g, int n, int nseats);
void cli_runs_games_noted(cli_runs *r, const char *label, const struct fc_sim_game *g, const fc_run_game_note *note,
                          int n, int nseats);
/* A summary figure, kept for cli_runs_end (NaN: none; text may be NULL). */
void cli_runs_metric(cli_runs *r, const char *design, const char *name, double value, double lo, double hi, double p,
                     const char *text);
/* Writes the figures, the status ('complete' or 'failed') and, for a run without game rows,
 * its games (games < 0: the rows' count); closes and frees. */
void cli_runs_end(cli_runs *r, bool complete, long games);
int64_t cli_runs_id(const cli_runs *r);

/* ---- json.c ---- */

typedef struct cli_json {
    FILE *f;
    int depth;
    bool after_key;
    bool need_comma[32];
} cli_json;

void cli_json_init(cli_json *j, FILE *f);
/* A JSON report file: path opened as cli_open_output does (NULL after printing its error), its
 * top object begun with "game": game. Finish with cli_json_end_obj and cli_finish_output. */
fc_outfile *cli_json_report_begin(const char *path, cli_json *j, const char *game);
void cli_json_obj(cli_json *j);
void cli_json_end_obj(cli_json *j);
void cli_json_arr(cli_json *j);
void cli_json_end_arr(cli_json *j);
void cli_json_key(cli_json *j, const char *key);
void cli_json_str(cli_json *j, const char *s);
void cli_json_int(cli_json *j, long long v);
void cli_json_num(cli_json *j, double v);
void cli_json_bool(cli_json *j, bool v);
void cli_json_null(cli_json *j);
void cli_json_hex(cli_json *j, fc_hex h);
/* Whole documents on one line (no newline written). */
void cli_json_legal(cli_json *j, fc_match *m);
void cli_json_state(cli_json *j, fc_match *m);
void cli_json_view(cli_json *j, const fc_view *v);

/* ---- cmd_shell.c: the line protocol of `formicary shell` (docs/protocol.md) ---- */

/* One session: the rule set and match that commands act on. cli_cmd_shell makes it from the
 * command line; tests/fuzz/fuzz_shell.c drives it line by line. */
typedef struct cli_shell {
    cli *c;
    fc_context *ctx;
    char game[64];
    fc_rules *rules;
    fc_match *m;
    cli_json j;
    fc_view *view;
    char *setup;       /* the text of a `setup` block being read, NULL outside one */
    size_t setup_len;  /* its bytes so far */
    const char *setup_refused; /* why the block will be refused (too long, a NUL byte); the rest is skipped */
} cli_shell;
/* Runs one command line (its newline may be kept), writing exactly one response line to
 * standard output (none for the lines inside a `setup` block: that block's one response comes
 * after its `end`); returns false on quit. Empty lines count as position lines in a block. */
bool cli_shell_line(cli_shell *s, char *line);
/* Ends a session: a `setup` block without its `end` is answered with an error and freed. */
void cli_shell_finish(cli_shell *s);

/* ---- cmd_play.c: positions from files (docs/positions.md) ---- */

/* A match of rules and seed at the position in file `path` (at most FC_POSITION_MAX bytes of
 * text); NULL with err set to one line "PATH:LINE: ..." naming the line the game refused, or
 * "PATH: ...". */
fc_match *cli_position_match(const fc_rules *rules, uint64_t seed, const char *path, fc_error *err);

/* ---- text_view.c: the board as text and the record viewer of the text front end ---- */

/* The hex map as text (the tty's drawing without colour); the hexes of mark (may be NULL) are
 * framed in braces. */
void cli_text_map(FILE *f, const fc_view *v, const fc_decision_info *mark);
/* An empty board while pieces wait in hands (Hive's first move): prints "no pieces on the board
 * yet; place one from your hand: Q SS BB GGG AAA" (the view's seat's hand), and when full what
 * the glyphs are and every seat's hand. False (nothing printed) when the board has cells or no
 * seat has items. */
bool cli_text_empty_board(FILE *f, const fc_view *v, bool full);
/* A part of a rules reference (Markdown) as plain text, as the tty's and the GUI's rules panes
 * show it: headings without their '#' (underlined), emphasis and code marks dropped (a list
 * bullet kept), table rows without their outer bars and rule rows; the source's lines kept. */
void cli_text_rules(FILE *f, const char *s, size_t len);
/* `replay FILE --ui text`: steps through the record of `loaded` (at its last ply) reading
 * commands from in; returns an exit code. */
int cli_text_replay(fc_match *loaded, fc_rules *rules, FILE *in, FILE *out);

/* ---- subcommands ---- */

int cli_cmd_list(cli *c);
int cli_cmd_plugins(cli *c);
int cli_cmd_rules(cli *c);
int cli_cmd_play(cli *c);
int cli_cmd_replay(cli *c);
int cli_cmd_shell(cli *c);
int cli_cmd_bench(cli *c);
/* bench --ab (cmd_bench_ab.c) */
int cli_bench_ab(cli *c, const fc_rules *rules, const char *spec);
int cli_cmd_sim(cli *c);
int cli_cmd_skill(cli *c);
int cli_cmd_variant(cli *c);
int cli_cmd_perft(cli *c);
int cli_cmd_uhp(cli *c);
int cli_cmd_tune(cli *c);
int cli_cmd_ladder(cli *c);
int cli_cmd_train_eval(cli *c);
int cli_train_fit(cli *c); /* train-eval --fit (cmd_train_fit.c) */
/* The table of weights (name, start, `name` column, range) of train-eval and its --fit. */
void cli_weights_table(const fc_eval_weight *defs, int n, const double *start, const double *end, const char *name);
int cli_cmd_agreement(cli *c);
int cli_cmd_import(cli *c);
int cli_cmd_check(cli *c);
int cli_cmd_runs(cli *c);
int cli_cmd_sensitivity(cli *c);
int cli_cmd_leaders(cli *c);
int cli_cmd_openings(cli *c);
int cli_cmd_probe(cli *c);
int cli_cmd_luck(cli *c);

/* Option tables (defined beside each command). */
extern const cli_optdef cli_opts_list[], cli_opts_plugins[], cli_opts_rules[], cli_opts_play[],
    cli_opts_replay[], cli_opts_shell[], cli_opts_bench[], cli_opts_sim[], cli_opts_skill[], cli_opts_variant[], cli_opts_perft[],
    cli_opts_uhp[], cli_opts_tune[], cli_opts_ladder[], cli_opts_train_eval[], cli_opts_agreement[], cli_opts_import[],
    cli_opts_check[], cli_opts_runs[];
extern const cli_optdef cli_opts_sensitivity[], cli_opts_leaders[], cli_opts_openings[], cli_opts_probe[], cli_opts_luck[];

#endif
