/* SCAFFOLD (being replaced by the report helper this session): `sim --html FILE`. */
#include "html.h"
#include "sim_cli.h"

int sim_write_html(const sim_cli *s, const char *path)
{
    cli_html *h = cli_html_begin(path, "formicary sim");
    if (!h)
        return CLI_EXIT_FAIL;
    cli_html_heading(h, s->game);
    return cli_html_end(h);
}
