/* A rule set: one game, a seat count, resolved parameters, an optional Lua variant, and the
 * game's data loaded for those parameters. Built in layers whose precedence is fixed whatever
 * the call order: schema defaults < INI rule set < Lua variant < fc_rules_set (command line).
 * After fc_rules_finish it is immutable and may be shared by matches in several threads. */
#ifndef FORMICARY_RULES_H
#define FORMICARY_RULES_H

#include <stdint.h>

#include "formicary/context.h"

typedef struct fc_rules fc_rules;

/* Starts a rule set for game `id` with nseats seats (checked against the game's range). */
fc_rules *fc_rules_new(fc_context *ctx, const char *id, int nseats, fc_error *err);
void fc_rules_free(fc_rules *r);

/* INI rule set: an optional [ruleset] section (name, description, game, tuned_agent_K) and a
 * [params] section of key = value lines. Unknown sections/keys and bad values are errors
 * naming file:line. May be called once. */
int fc_rules_load_ini(fc_rules *r, const char *path, fc_error *err);
/* Lua variant: runs the script in a sandbox to read its metadata and parameters; its hooks
 * are registered per match. May be called once. */
int fc_rules_load_variant(fc_rules *r, const char *path, fc_error *err);
/* One "key=value" from the command line. */
int fc_rules_set(fc_rules *r, const char *assignment, fc_error *err);
/* Resolves all layers and loads the game data. Must be called before creating matches. */
int fc_rules_finish(fc_rules *r, fc_error *err);
/* The end of building r, whose last step returned rc: fc_rules_finish when rc is 0; on any
 * failure r is freed, err says why (the code's name when no step said more) and NULL is
 * returned. So a builder ends `return fc_rules_finish_or_free(r, rc, err);`. */
fc_rules *fc_rules_finish_or_free(fc_rules *r, int rc, fc_error *err);

const fc_plugin *fc_rules_plugin(const fc_rules *r);
fc_context *fc_rules_context(const fc_rules *r);
int fc_rules_nseats(const fc_rules *r);
/* The resolved values (after finish): the game's nparams first (what the plugin sees), then
 * the variant's declared parameters, by the index of fc_rules_param_def. */
const fc_value *fc_rules_values(const fc_rules *r);
/* Where parameter i's value came from: "default", "std.ini:4", "v.lua:3", "--set". */
const char *fc_rules_origin(const fc_rules *r, int i);
/* The rule set's schema: the game's parameters, then those the variant declares with param()
 * (INT definitions, known once the variant is loaded). An INI key or --set given before the
 * variant is loaded and naming no game parameter is kept until fc_rules_finish, which refuses
 * it if the variant does not declare it either. */
int fc_rules_param_count(const fc_rules *r);
const fc_param_def *fc_rules_param_def(const fc_rules *r, int i);
/* Rule-set name (INI [ruleset] name, file stem, or "default"). */
const char *fc_rules_name(const fc_rules *r);
/* Overrides the rule-set name (records restore the recorded one). Before finish only. */
int fc_rules_set_name(fc_rules *r, const char *name, fc_error *err);
/* Variant name, its source text and hash (name "none", text NULL, hash 0 without one). */
const char *fc_rules_variant_name(const fc_rules *r);
const char *fc_rules_variant_path(const fc_rules *r);
const char *fc_rules_variant_text(const fc_rules *r);
uint64_t fc_rules_variant_hash(const fc_rules *r);
/* The hook points the variant registers (bit h: the plugin's hooks[h]); 0 without one. */
uint64_t fc_rules_variant_hooks(const fc_rules *r);
/* [ruleset] tuned_agent_1 .. tuned_agent_N of the INI (written by `formicary tune --ini`): the
 * agent spec of each seat the values were tuned with. The rule set does not use them; front
 * ends warn when they play it with other agents. fc_rules_tuned_seats: N (0 without; the keys
 * must be 1..N without a gap), fc_rules_tuned_agent: seat 0..N-1's spec, or NULL. */
#define FC_RULES_TUNED_MAX 256
int fc_rules_tuned_seats(const fc_rules *r);
const char *fc_rules_tuned_agent(const fc_rules *r, int seat);
/* The game data object (after finish). */
const void *fc_rules_data(const fc_rules *r);

/* Loads a variant from source text (used by records, which embed the text). */
int fc_rules_load_variant_text(fc_rules *r, const char *name, const char *text, fc_error *err);

/* Files named by PATH parameters. fc_rules_finish reads the file of every PATH parameter whose
 * value is neither empty nor the schema default (the default names the game's own data file)
 * and keeps its text in canonical line form; the game gets it through host->param_text in
 * data_load and never opens that path itself, and records embed it. */
/* The text of parameter i's file, or NULL (not a PATH parameter naming a file). After finish. */
const char *fc_rules_path_text(const fc_rules *r, int i);
/* Gives the text of PATH parameter `name` instead of its file (records embed it). Before finish. */
int fc_rules_set_path_text(fc_rules *r, const char *name, const char *text, fc_error *err);
/* From now on finish opens no file for PATH parameters: one without text given by
 * fc_rules_set_path_text is an error (loading untrusted records). */
void fc_rules_forbid_files(fc_rules *r);

#endif
