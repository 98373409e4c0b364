/* Private to `formicary tune` (cmd_tune.c runs the search, tune_out.c writes CSV, JSON, the
 * winner's rule-set INI and the HTML report). */
#ifndef FC_CLI_TUNE_H
#define FC_CLI_TUNE_H

#include "cli.h"
#include "formicary/tune.h"
#include "study.h"

#define TUNE_SPEC_MAX CLI_AGENT_SPEC_MAX

typedef struct tune_cli {
    fc_tune_config cfg;
    fc_tune_result *res;
    fc_rules *base;              /* the base rule set (names, defaults) */
    fc_rules *base_done;         /* the same finished, for describing it; NULL when the game refuses it alone */
    char base_text[2048];        /* what the base rules change (fc_rules_describe), escaped */
    const char *game;
    char spec[FC_MAX_SEATS][TUNE_SPEC_MAX];
    cli_seat seat[FC_MAX_SEATS]; /* each seat's agent with the tier it came from */
    char ini_path[1024], lua_path[1024];
    const char *sets[CLI_MAX_REPEAT];
    int *order;                  /* candidates in display order */
    bool progress;
    struct cli_runs *runs; /* the runs database, while the run goes (NULL: not recorded) */
} tune_cli;

/* A candidate's value of parameter d as the schema writes it ("2", "true", "B"). */
void tune_value_text(const tune_cli *t, int d, int64_t v, char *buf, size_t n);
/* "years=2 winter_penalty=4". */
void tune_label(const tune_cli *t, const fc_tune_candidate *c, char *buf, size_t n);
/* "winner", "survivor", "dropped", "explored", "invalid". */
const char *tune_status_name(fc_tune_status s);

int tune_write_csv(const tune_cli *t, const char *path);
int tune_write_json(const tune_cli *t, const char *path);
int tune_write_ini(const tune_cli *t, const char *path);
int tune_write_html(const tune_cli *t, const char *path);

#endif
