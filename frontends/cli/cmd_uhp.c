/* `formicary uhp`: placeholder until the UHP engine mode lands (next commit). */
#include "cli.h"
const cli_optdef cli_opts_uhp[] = {{NULL, NULL, false, NULL}};
int cli_cmd_uhp(cli *c)
{
    (void)c;
    return cli_fail("uhp: not implemented yet");
}
