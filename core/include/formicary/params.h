/* Typed parameter schemas. Each game declares an array of fc_param_def (in its plugin
 * descriptor); a match resolves one fc_value per definition, in schema order, from the
 * layers: schema default < rule-set INI < Lua variant < command line (--set key=value).
 * Values are resolved once when the match starts and read by the game in data_load/init, so
 * the hot path never parses or asks Lua for a number. */
#ifndef FORMICARY_PARAMS_H
#define FORMICARY_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formicary/error.h"

#define FC_PARAM_TYPES(X) \
    X(FC_PARAM_INT, "int") \
    X(FC_PARAM_BOOL, "bool") \
    X(FC_PARAM_ENUM, "enum") \
    X(FC_PARAM_STRING, "string") \
    X(FC_PARAM_INT_LIST, "int-list") \
    X(FC_PARAM_PATH, "path")

typedef enum fc_param_type {
#define FC_X_ENUM(name, text) name,
    FC_PARAM_TYPES(FC_X_ENUM)
#undef FC_X_ENUM
} fc_param_type;

#define FC_PARAM_LIST_MAX 8
#define FC_PARAM_STR_MAX 256
#define FC_PARAM_NAME_MAX 48

/* One parameter of a game's schema (static data in the plugin).
 *  INT:      default `def`, range [min, max].
 *  BOOL:     default `def` (0/1).
 *  ENUM:     `choices` is "a|b|c"; default `def` is an index; the value's `i` is the index.
 *  STRING:   default `def_text`; any single line of text (a scenario name, a label).
 *  PATH:     like STRING, but a file path: a relative path set in an INI rule set is resolved
 *            relative to that INI file's directory (--set and variants: the working
 *            directory); the default is left as written (games look it up in their data dir).
 *  INT_LIST: default `def_text` such as "4,5,6"; each element in [min, max]; length in
 *            [list_min, list_max] (<= FC_PARAM_LIST_MAX). */
typedef struct fc_param_def {
    const char *name;
    fc_param_type type;
    int64_t def;
    int64_t min, max;
    const char *def_text;
    const char *choices;
    int list_min, list_max;
    const char *doc; /* one line */
} fc_param_def;

/* A resolved value. */
typedef struct fc_value {
    int64_t i;                       /* INT, BOOL, ENUM (index) */
    int n;                           /* INT_LIST length */
    int32_t list[FC_PARAM_LIST_MAX]; /* INT_LIST */
    char s[FC_PARAM_STR_MAX];        /* STRING */
} fc_value;

/* Index of `name` in the schema, or -1. */
int fc_param_find(const fc_param_def *defs, int n, const char *name);
/* The default value of a definition. */
int fc_param_default(const fc_param_def *def, fc_value *out, fc_error *err);
/* Parses `text` for `def` and checks its range; `where` ("rules.ini:12" or "--set") prefixes
 * error messages: "rules.ini:12: years: 9 is out of range 1..5". */
int fc_param_parse(const fc_param_def *def, const char *text, const char *where, fc_value *out, fc_error *err);
/* Writes the value as text that fc_param_parse accepts back. */
int fc_param_format(const fc_param_def *def, const fc_value *v, char *buf, size_t n);
/* Describes the range ("1..5", "true|false", "a|b|c", "3 to 5 ints in 0..9", "text"). */
int fc_param_range_text(const fc_param_def *def, char *buf, size_t n);
/* Validates a schema (names unique and well formed, defaults in range); used by the loader. */
int fc_param_schema_check(const fc_param_def *defs, int n, fc_error *err);

#endif
