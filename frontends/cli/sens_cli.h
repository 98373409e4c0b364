/* Private to `formicary sensitivity` (cmd_sensitivity.c runs the screening and prints the
 * table, sens_out.c writes CSV, JSON and the HTML page with a tornado chart per metric). */
#ifndef FC_CLI_SENS_H
#define FC_CLI_SENS_H

#include "cli.h"
#include "formicary/sensitivity.h"
#include "study.h"

typedef struct sens_cli {
    fc_sens_config cfg;
    fc_sens_result *res;
    fc_rules *base;              /* the base rule set finished (names, what it changes) */
    const char *game;
    char spec[FC_MAX_SEATS][CLI_AGENT_SPEC_MAX];
    cli_seat seat[FC_MAX_SEATS];
    char ini_path[1024], lua_path[1024];
    const char *sets[CLI_MAX_REPEAT];
    int top;                     /* rows per metric in the table (0: all) */
    struct cli_runs *runs;       /* the runs database, while the screening goes (NULL: not recorded) */
} sens_cli;

/* Parameter p's value v as the schema writes it ("2", "true", "B"). */
void sens_value_text(const sens_cli *s, int p, int64_t v, char *buf, size_t n);
/* A metric value or effect for a table: shares with 3 decimals, others with 2; "n/a". */
void sens_num(const sens_cli *s, int m, double v, char *buf, size_t n);

int sens_write_csv(const sens_cli *s, const char *path);
int sens_write_json(const sens_cli *s, const char *path);
int sens_write_html(const sens_cli *s, const char *path);

#endif
