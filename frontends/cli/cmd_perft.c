/* `formicary perft GAME`: counts the leaves of the decision tree to a depth, for any game,
 * through the vtable on plain state copies (events off). Chance outcomes count as branches.
 * The last ply is counted without being applied (bulk counting: the number of legal
 * decisions, from the game's legal_count where it has one, API minor 9), so perft(N) applies
 * only the decisions of the first N-1 plies, through the game's apply_legal where it has one
 * (they come from legal(): no need to check them again). A finished game has no children: it
 * counts at its own depth and adds nothing deeper. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"

const cli_optdef cli_opts_perft[] = {
    {"--depth", "N", false, "plies to count (default 3; 1..12)"},
    {"--players", "N", false, "number of players (default: the game's minimum)"},
    {"--seed", "N", false, "match seed for the game's setup (default 0)"},
    {"--set", "KEY=VALUE", true, "override one parameter"},
    {"--rules", "F.ini", false, "rule set"},
    {"--variant", "F.lua", false, "Lua variant"},
    {"--position", "TEXT|@FILE", false,
     "start from this position: its text (Hive: a UHP GameString), or @FILE or an existing FILE holding it"},
    {"--divide", NULL, false, "also print the count below each first decision"},
    {NULL, NULL, false, NULL},
};

#define PERFT_MAX_DEPTH 12

typedef struct perft {
    const fc_game *g;
    const fc_env *env;
    unsigned char *st;       /* (depth + 1) states of state_size bytes */
    fc_decision *dec;        /* depth lists of max_decisions */
    fc_apply_legal_fn apply_legal; /* the game's unchecked apply (API minor 6), or NULL */
    fc_legal_count_fn legal_count; /* the game's count of legal (API minor 9), or NULL */
    uint64_t per[PERFT_MAX_DEPTH + 1]; /* nodes at each depth (1..N) */
    int err;
} perft;

static double perft_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Leaves below the state at level `ply` to `left` more plies; per[] gets the node counts. */
static uint64_t perft_node(perft *p, int ply, int left)
{
    const fc_game *g = p->g;
    size_t sz = g->state_size;
    unsigned char *st = p->st + (size_t)ply * sz;
    if (g->to_move(st, p->env) == FC_NOBODY)
        return 0;
    fc_decision *d = p->dec + (size_t)ply * (size_t)g->max_decisions;
    int n = left == 1 && p->legal_count ? p->legal_count(st, p->env) : g->legal(st, p->env, d, NULL);
    if (n <= 0 || n > g->max_decisions) {
        p->err = FC_EPLUGIN;
        return 0;
    }
    p->per[ply + 1] += (uint64_t)n;
    if (left == 1)
        return (uint64_t)n;
    uint64_t sum = 0;
    unsigned char *child = st + sz;
    for (int i = 0; i < n && !p->err; i++) {
        memcpy(child, st, sz);
        if (p->apply_legal)
            p->apply_legal(child, p->env, d[i]);
        else if (g->apply(child, p->env, d[i]) != 0) {
            p->err = FC_EILLEGAL;
            return sum;
        }
        sum += perft_node(p, ply + 1, left - 1);
    }
    return sum;
}

static void perft_divide(perft *p, int depth, FILE *out)
{
    const fc_game *g = p->g;
    size_t sz = g->state_size;
    fc_decision *d = p->dec;
    int n = g->to_move(p->st, p->env) == FC_NOBODY ? 0 : g->legal(p->st, p->env, d, NULL);
    for (int i = 0; i < n && !p->err; i++) {
        char text[128];
        if (g->decision_text(p->st, p->env, d[i], text, sizeof text) < 0)
            snprintf(text, sizeof text, "#%u", (unsigned)d[i]);
        uint64_t c = 1;
        if (depth > 1) {
            memcpy(p->st + sz, p->st, sz);
            if (g->apply(p->st + sz, p->env, d[i]) != 0) {
                p->err = FC_EILLEGAL;
                break;
            }
            uint64_t saved[PERFT_MAX_DEPTH + 1];
            memcpy(saved, p->per, sizeof saved);
            c = perft_node(p, 1, depth - 1);
            memcpy(p->per, saved, sizeof saved); /* the totals come from the main run */
        }
        fprintf(out, "%s: %" PRIu64 "\n", text, c);
    }
}

/* --position: "@FILE" or the path of an existing file names a position file, else the text. */
static fc_match *perft_match(const cli *c, fc_rules *rules, uint64_t seed, fc_error *err)
{
    const char *pos = cli_opt(c, "--position");
    struct stat st;
    if (!pos)
        return fc_match_new(rules, seed, err);
    if (pos[0] == '@')
        return cli_position_match(rules, seed, pos + 1, err);
    if (!strchr(pos, '\n') && stat(pos, &st) == 0 && S_ISREG(st.st_mode))
        return cli_position_match(rules, seed, pos, err);
    return fc_match_new_from_position(rules, seed, pos, err);
}

int cli_cmd_perft(cli *c)
{
    int depth = 3, players = 0;
    uint64_t seed = 0;
    if (!cli_opt_int(c, "--depth", 1, PERFT_MAX_DEPTH, 3, &depth) ||
        !cli_opt_int(c, "--players", 1, FC_MAX_SEATS, 0, &players) || !cli_opt_u64(c, "--seed", 0, &seed))
        return CLI_EXIT_USAGE;
    const char *pos = cli_opt(c, "--position");
    if (pos && pos[0] == '@' && !pos[1 + strspn(pos + 1, " \t")])
        return cli_usage("perft: --position @: expected a file name after @");
    fc_context *ctx = cli_context(c, NULL, 0);
    if (!ctx)
        return CLI_EXIT_FAIL;
    fc_rules *rules = cli_rules(c, ctx, c->pos[0], players);
    if (!rules) {
        fc_context_free(ctx);
        return CLI_EXIT_FAIL;
    }
    fc_error err;
    fc_error_clear(&err);
    int rc = CLI_EXIT_OK;
    perft p;
    memset(&p, 0, sizeof p);
    fc_match *m = perft_match(c, rules, seed, &err);
    if (!m) {
        rc = cli_fail("%s", err.msg);
        goto out;
    }
    p.g = fc_match_game(m);
    p.apply_legal = fc_match_apply_legal_fn(m);
    p.legal_count = fc_match_legal_count_fn(m);
    p.env = fc_match_search_env(m);
    p.st = malloc((size_t)(depth + 1) * p.g->state_size);
    p.dec = malloc((size_t)depth * (size_t)p.g->max_decisions * sizeof *p.dec);
    if (!p.st || !p.dec) {
        rc = cli_fail("out of memory");
        goto out;
    }
    memcpy(p.st, fc_match_state(m), p.g->state_size);
    if (cli_flag(c, "--divide"))
        perft_divide(&p, depth, stdout);
    double t0 = perft_now();
    clock_t c0 = clock();
    uint64_t leaves = p.err ? 0 : perft_node(&p, 0, depth);
    double wall = perft_now() - t0, cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    if (p.err) {
        rc = cli_fail("perft: %s() failed on a decision the game listed as legal",
                      p.err == FC_EILLEGAL ? "apply" : "legal");
        goto out;
    }
    for (int i = 1; i <= depth; i++)
        printf("perft(%d) = %" PRIu64 "\n", i, p.per[i]);
    printf("leaves %" PRIu64 " in %.3f s (cpu %.3f s), %.0f leaves/s\n", leaves, wall, cpu,
           wall > 0 ? (double)leaves / wall : 0.0);
out:
    free(p.st);
    free(p.dec);
    fc_match_free(m);
    fc_rules_free(rules);
    fc_context_free(ctx);
    return rc;
}
