/* `formicary uhp` options (UHP `options`): a table of named settings with their type, range and
 * default, listed, read and set as UHP engines do. Tier names a difficulty tier that then plays
 * a bestmove without arguments (until MaxDepth, TimeLimit, Search or MctsIterations is set);
 * Search chooses the searcher of a bestmove without depth. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "uhp_opts.h"

typedef enum { OT_INT, OT_DOUBLE, OT_ENUM } opt_type;

typedef struct opt_def {
    const char *name;
    opt_type type;
    double def, lo, hi;
    const char *const *choices; /* OT_ENUM: hi + 1 of them */
} opt_def;

/* "none": MaxDepth, TimeLimit and Search decide; a tier: Hive's difficulty tier of that name
 * (config/hive/bots.ini) plays a bestmove without arguments. */
static const char *const tier_names[] = {"none", "easy", "medium", "hard", "expert"};
#define NTIERS 5
static const char *const search_names[] = {"ab", "mcts"};

static const opt_def defs[UHP_NOPTS] = {
    [UHP_TIME_LIMIT] = {"TimeLimit", OT_DOUBLE, 3, 0.1, 3600, NULL},
    [UHP_DEPTH] = {"MaxDepth", OT_INT, 3, 1, UHP_MAX_DEPTH, NULL},
    [UHP_THREADS] = {"Threads", OT_INT, 1, 1, 16, NULL}, /* the ab agent: 1..16 */
    [UHP_HASH] = {"HashMB", OT_INT, 64, 1, 4096, NULL},
    [UHP_TIER] = {"Tier", OT_ENUM, 0, 0, NTIERS - 1, tier_names},
    [UHP_SEARCH] = {"Search", OT_ENUM, UHP_SEARCH_AB, 0, 1, search_names},
    [UHP_ITERS] = {"MctsIterations", OT_INT, 1000, 1, 10000000, NULL},
    [UHP_EXPLORE] = {"Exploration", OT_DOUBLE, 0.7, 0, 10, NULL},
};

void uhp_opts_default(uhp_opts *o)
{
    for (int i = 0; i < UHP_NOPTS; i++)
        o->v[i] = defs[i].def;
}

static void print_opt(const uhp_opts *o, int i)
{
    const opt_def *d = &defs[i];
    if (d->type == OT_ENUM) {
        printf("%s;enum;%s;%s", d->name, d->choices[(int)o->v[i]], d->choices[(int)d->def]);
        for (int k = 0; k <= (int)d->hi; k++)
            printf(";%s", d->choices[k]);
        printf("\n");
    } else if (d->type == OT_INT) {
        printf("%s;int;%.0f;%.0f;%.0f;%.0f\n", d->name, o->v[i], d->def, d->lo, d->hi);
    } else {
        printf("%s;double;%g;%g;%g;%g\n", d->name, o->v[i], d->def, d->lo, d->hi);
    }
}

static bool set_opt(uhp_opts *o, int i, const char *val, char *err, size_t n)
{
    const opt_def *d = &defs[i];
    int iv;
    double dv;
    if (d->type == OT_ENUM) {
        for (int k = 0; val && k <= (int)d->hi; k++)
            if (strcmp(val, d->choices[k]) == 0) {
                o->v[i] = k;
                if (i == UHP_SEARCH)
                    o->v[UHP_TIER] = 0; /* the search settings chosen by hand again */
                return true;
            }
        char list[80] = "";
        for (int k = 0; k <= (int)d->hi; k++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? ", " : "", d->choices[k]);
        snprintf(err, n, "options set %s: expected one of %s", d->name, list);
        return false;
    }
    if (d->type == OT_INT ? val && cli_parse_int(val, (long)d->lo, (long)d->hi, &iv)
                          : val && cli_parse_double(val, d->lo, d->hi, &dv)) {
        o->v[i] = d->type == OT_INT ? iv : dv;
        if (i == UHP_TIME_LIMIT || i == UHP_DEPTH || i == UHP_ITERS)
            o->v[UHP_TIER] = 0;
        return true;
    }
    snprintf(err, n, "options set %s: expected %s %g..%g", d->name, d->type == OT_INT ? "an integer" : "a number",
             d->lo, d->hi);
    return false;
}

bool uhp_opts_command(uhp_opts *o, char *arg, char *err, size_t n)
{
    char *save = NULL, *verb = arg ? strtok_r(arg, " \t", &save) : NULL;
    char *name = verb ? strtok_r(NULL, " \t", &save) : NULL, *val = name ? strtok_r(NULL, " \t", &save) : NULL;
    if (!verb) {
        for (int i = 0; i < UHP_NOPTS; i++)
            print_opt(o, i);
        return true;
    }
    if (strcmp(verb, "get") && strcmp(verb, "set")) {
        snprintf(err, n, "options: expected 'options', 'options get NAME' or 'options set NAME VALUE'");
        return false;
    }
    int i = 0;
    while (i < UHP_NOPTS && (!name || strcmp(name, defs[i].name)))
        i++;
    if (i == UHP_NOPTS) {
        snprintf(err, n, "options: unknown option '%s' (TimeLimit, MaxDepth, Threads, HashMB, Tier, Search, "
                         "MctsIterations, Exploration)", name ? name : "");
        return false;
    }
    bool extra = verb[0] == 'g' ? val != NULL : val && strtok_r(NULL, " \t", &save) != NULL;
    if (extra) {
        snprintf(err, n, "options %s %s: too many arguments", verb, name);
        return false;
    }
    if (verb[0] == 's' && !set_opt(o, i, val, err, n))
        return false;
    print_opt(o, i);
    return true;
}

const char *uhp_opts_tier(const uhp_opts *o)
{
    int k = (int)o->v[UHP_TIER];
    return k > 0 && k < NTIERS ? tier_names[k] : NULL;
}
