/* What two rule sets of one game differ by, so a report can say what was compared
 * ("B = A with winter_penalty 3 -> 6", "B = A + variant harsh_winter.lua (hooks winter_cost;
 * parameter bonus=2)") instead of showing two hashes, and what one rule set changes from the
 * game's defaults. Front ends only print the results; the texts are plain, one line, and the
 * values are those fc_param_format writes (names and values come from files: callers escape
 * them for their medium, formicary/escape.h). */
#ifndef FORMICARY_RULES_DIFF_H
#define FORMICARY_RULES_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formicary/rules.h"

#define FC_RULES_ORIGIN_TEXT 160

/* One parameter whose resolved value differs (or that only one side has: a variant's own). */
typedef struct fc_rules_change {
    char name[FC_PARAM_NAME_MAX];
    bool in_a, in_b;               /* the side has the parameter (a variant's may be missing) */
    char a[FC_PARAM_STR_MAX];      /* values as fc_param_format writes them; "" when missing */
    char b[FC_PARAM_STR_MAX];
    char origin_a[FC_RULES_ORIGIN_TEXT]; /* fc_rules_origin: "default", "std.ini:4", "v.lua:7", "--set" */
    char origin_b[FC_RULES_ORIGIN_TEXT];
    bool variant_param;            /* declared by a variant's param(), not by the game */
    bool file_text;                /* a PATH value written alike whose file's text differs */
    bool by_variant;               /* set by the variant that differs (shown in its clause) */
} fc_rules_change;

typedef struct fc_rules_diff {
    const fc_plugin *plugin;        /* the game (hook names) */
    char rules_a[128], rules_b[128]; /* rule-set names (fc_rules_name) */
    char variant_a[128], variant_b[128]; /* variant files' base names ("harsh_winter.lua"), "" for none */
    uint64_t variant_hash_a, variant_hash_b;
    uint64_t hooks_a, hooks_b;      /* hook points each variant registers */
    bool variant_differs;           /* another variant, one added or removed, or its text changed */
    int n;                          /* changes, in schema order: the game's, then variant parameters */
    fc_rules_change *change;
} fc_rules_diff;

/* Compares two finished rule sets of the same game: every parameter whose resolved value (or
 * PATH file text) differs, the variants, the rule-set names. a == NULL stands for the game's
 * defaults (rule set 'default', no variant, every value its schema default), so the changes
 * are what b changes. *out must be released with fc_rules_diff_free, also after an error (an
 * unfinished rule set, different games, out of memory). */
int fc_rules_compare(const fc_rules *a, const fc_rules *b, fc_rules_diff *out, fc_error *err);
void fc_rules_diff_free(fc_rules_diff *d);

/* Whether the two sides play the same rules (no change, same variant text). */
bool fc_rules_diff_empty(const fc_rules_diff *d);

/* B described from A, without the leading "B = ": "A with winter_penalty 3 -> 6", "A + variant
 * harsh_winter.lua (hooks winter_cost; parameter bonus=2; sets winter_penalty 3 -> 4)", "A with
 * rule set 'std' -> 'alt': years 3 -> 4", "A (the same rules, variant and values)". Writes at
 * most n bytes (a longer text ends in "..."); returns the length of the whole text. */
size_t fc_rules_diff_text(const fc_rules_diff *d, char *buf, size_t n);

/* One rule set on its own: "rule set 'std', variant harsh_winter.lua (hooks winter_cost),
 * winter_penalty=6 (--set), years=4 (std.ini:5)", or "rule set 'default', no variant, every
 * parameter at its default". Same conventions as fc_rules_diff_text; NULL r writes "". */
size_t fc_rules_describe(const fc_rules *r, char *buf, size_t n);

/* The names of the hook points in mask, comma-separated ("winter_cost, prey_food"). */
size_t fc_rules_hook_names(const fc_plugin *p, uint64_t mask, char *buf, size_t n);

#endif
