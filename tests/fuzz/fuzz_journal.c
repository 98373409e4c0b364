/* sim --resume journals (frontends/cli/sim_journal.c, docs/distributed.md). Input: a header line
 * "GAME [SEATS]" picking the seat count, then journal lines. Every line goes through
 * cli_journal_parse against a run of that many seats (any verdict is fine; an accepted line must
 * be a game of the run: fields in range and consistent), then the whole text is loaded as a
 * journal file (cut last line dropped, bad lines named) and one game appended. No crash, hang,
 * leak, or accepted line that breaks the invariants. */
#include "fuzz_common.h"

#include <math.h>

#include "formicary/sim.h"
#include "sim_mpi.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_get();
    return 0;
}

static void check_game(const fc_sim_config *c, const fc_sim_game *g)
{
    for (int s = 0; s < c->nagents; s++) {
        FZ_CHECK(g->agent_at[s] >= 0 && g->agent_at[s] < c->nagents, "agent %d accepted", g->agent_at[s]);
        FZ_CHECK(g->rank[s] >= 0 && g->rank[s] < c->nagents, "rank %d accepted", g->rank[s]);
        FZ_CHECK(g->score[s] > -2000000000 && g->score[s] < 2000000000, "score %d accepted", (int)g->score[s]);
    }
    FZ_CHECK(g->index >= 0 && g->rounds >= 0 && g->decisions >= 0 && g->chance >= 0, "negative count accepted");
    FZ_CHECK(isfinite(g->branching) && isfinite(g->drama) && isfinite(g->seconds), "non-finite number accepted");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_env *env = fz_get();
    char *text = fz_strndup(data, size);
    int nseats = 0;
    const char *rest = NULL;
    fz_pick_game(env, text, &nseats, &rest);
    fc_sim_config c;
    memset(&c, 0, sizeof c);
    c.nagents = nseats;
    c.seed = 1;
    c.max_decisions = 1000;
    c.fixed_seats = (size & 1) != 0;
    char why[200];
    for (const char *p = rest; *p;) {
        size_t len = strcspn(p, "\n");
        char *line = fz_strndup((const uint8_t *)p, len);
        uint64_t key;
        fc_sim_game g;
        if (!cli_journal_parse(line, &c, &key, &g, why, sizeof why))
            check_game(&c, &g);
        else
            FZ_CHECK(why[0], "refused without a reason");
        free(line);
        p += len + (p[len] == '\n');
    }
    char path[128];
    fz_scratch_path(env, "journal.jnl", path, sizeof path);
    if (fz_write_file(path, rest, strlen(rest)) == 0) {
        cli_journal *j = cli_journal_open(path);
        FZ_CHECK(j, "journal %s not opened", path);
        cli_journal_set_warnings(j, NULL); /* a cut last line is common here */
        fc_sim_game out[8], g;
        bool have[8] = {false};
        fc_error err;
        fc_error_clear(&err);
        int n = cli_journal_load(j, 0, &c, 0, 8, out, have, &err);
        FZ_CHECK(n >= 0 || err.msg[0], "load failed without a message");
        memset(&g, 0, sizeof g);
        if (n >= 0)
            FZ_CHECK(cli_journal_append(j, 0, &c, &g, 1, &err) == 0, "append: %s", err.msg);
        cli_journal_close(j);
    }
    free(text);
    return 0;
}
