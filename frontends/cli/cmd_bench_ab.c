/* `formicary bench GAME --ab SPEC`: the alpha-beta agent's speed from a fixed set of positions.
 *
 * The positions are taken from games that begin with four random decisions (seeded) and go on
 * with a one-ply alpha-beta in both seats, at decisions 20, 30 and 40 while the game lasts:
 * positions a player meets, not the odd ones random play makes. From each, the agent searches
 * once; bench prints nodes per second, the depth completed, when each depth was done (median
 * over the positions), the effective branching factor nodes(d) / nodes(d - 1) and the share of
 * cut-offs made by the first decision tried (how good the move ordering is). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "formicary/rng.h"

#define BENCH_AB_MAX_POS 256

static double ab_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The positions: matches at decisions 20, 30, 40 of seeded games (up to max). */
static int ab_positions(const fc_rules *rules, fc_match **out, int max, fc_error *err)
{
    int n = 0;
    fc_agent *quick = fc_agent_new("ab:depth=1", 1, err);
    if (!quick)
        return err->code;
    for (uint64_t seed = 1; n < max && seed < (uint64_t)max * 8; seed++) {
        fc_match *m = fc_match_new(rules, seed, err);
        if (!m)
            break;
        fc_rng rng;
        fc_rng_seed(&rng, seed, 7);
        for (int ply = 0; ply < 41 && n < max && fc_match_to_move(m) >= 0; ply++) {
            if (ply == 20 || ply == 30 || ply == 40) {
                out[n] = fc_match_clone(m, err);
                if (!out[n])
                    break;
                n++;
            }
            const fc_decision *legal;
            int k = fc_match_legal(m, &legal, NULL);
            fc_decision d = legal[fc_rng_below(&rng, (uint32_t)k)];
            if (ply >= 4 && fc_agent_choose(quick, m, &d, err) != 0)
                break;
            if (fc_match_play(m, d, err) != 0)
                break;
        }
        fc_match_free(m);
        if (err->code)
            break;
    }
    fc_agent_free(quick);
    return err->code ? err->code : n;
}

typedef struct ab_sum {
    double cpu, wall, nodes, first_cut;
    int depth_min, depth_max, searched;
    double depth_sum;
    double at[FC_AGENT_STATS_DEPTHS][BENCH_AB_MAX_POS]; /* seconds when depth d was done */
    int nat[FC_AGENT_STATS_DEPTHS];
    double ebf_log[FC_AGENT_STATS_DEPTHS];
    int nebf[FC_AGENT_STATS_DEPTHS];
} ab_sum;

static void ab_add(ab_sum *s, const fc_agent_search_stats *st, double cpu)
{
    s->cpu += cpu;
    s->wall += st->seconds;
    s->nodes += (double)st->nodes;
    s->first_cut += st->first_cut;
    s->depth_sum += st->depth;
    s->depth_min = s->searched == 0 || st->depth < s->depth_min ? st->depth : s->depth_min;
    s->depth_max = st->depth > s->depth_max ? st->depth : s->depth_max;
    s->searched++;
    for (int d = 1; d <= st->depth && d < FC_AGENT_STATS_DEPTHS; d++) {
        s->at[d][s->nat[d]++] = st->depth_seconds[d];
        uint64_t prev = d >= 3 ? st->depth_nodes[d - 2] : 0;
        if (d >= 2 && st->depth_nodes[d - 1] > prev && st->depth_nodes[d] > st->depth_nodes[d - 1]) {
            s->ebf_log[d] += log((double)(st->depth_nodes[d] - st->depth_nodes[d - 1]) /
                                 (double)(st->depth_nodes[d - 1] - prev));
            s->nebf[d]++;
        }
    }
}

static void ab_print(const ab_sum *s, const char *game, const char *spec, int npos)
{
    printf("bench %s --ab %s: %d positions (decisions 20, 30, 40 of seeded games), %d searched\n", game, spec, npos,
           s->searched);
    if (!s->searched)
        return;
    printf("  nodes per second    %.0f wall, %.0f CPU\n", s->nodes / s->wall, s->nodes / s->cpu);
    printf("  seconds per search  %.3f wall, %.3f CPU\n", s->wall / s->searched, s->cpu / s->searched);
    printf("  depth completed     mean %.2f, min %d, max %d\n", s->depth_sum / s->searched, s->depth_min, s->depth_max);
    printf("  first-move cut-offs %.1f%% (move ordering)\n", 100 * s->first_cut / s->searched);
    printf("  depth  positions  median s to finish  branching after ordering\n");
    for (int d = 1; d < FC_AGENT_STATS_DEPTHS && s->nat[d]; d++) {
        double v[BENCH_AB_MAX_POS];
        memcpy(v, s->at[d], (size_t)s->nat[d] * sizeof *v);
        qsort(v, (size_t)s->nat[d], sizeof *v, cmp_double);
        printf("  %5d  %9d  %18.4f", d, s->nat[d], v[s->nat[d] / 2]);
        if (s->nebf[d])
            printf("  %.2f", exp(s->ebf_log[d] / s->nebf[d]));
        printf("\n");
    }
}

int cli_bench_ab(cli *c, const fc_rules *rules, const char *spec)
{
    int npos = 12;
    if (!cli_opt_int(c, "--positions", 1, BENCH_AB_MAX_POS, 12, &npos))
        return CLI_EXIT_USAGE;
    if (strncmp(spec, "ab", 2) != 0 || (spec[2] && spec[2] != ':'))
        return cli_usage("bench: option --ab: '%s' is not an ab agent spec (e.g. ab:depth=6 or ab:time=1)", spec);
    fc_error err;
    fc_error_clear(&err);
    fc_agent *a = fc_agent_new(spec, 1, &err);
    if (!a)
        return cli_fail("%s", err.msg);
    fc_match **pos = calloc((size_t)npos, sizeof *pos);
    ab_sum *sum = calloc(1, sizeof *sum);
    int n = pos && sum ? ab_positions(rules, pos, npos, &err) : FC_ENOMEM;
    int rc = n < 0 ? cli_fail("bench --ab: %s", n == FC_ENOMEM ? "out of memory" : err.msg) : CLI_EXIT_OK;
    for (int i = 0; rc == CLI_EXIT_OK && i < n; i++) {
        if (fc_match_legal(pos[i], NULL, NULL) < 2)
            continue; /* nothing to search */
        fc_decision d;
        double c0 = ab_cpu();
        if (fc_agent_choose(a, pos[i], &d, &err) != 0) {
            rc = cli_fail("bench --ab: %s", err.msg);
            break;
        }
        fc_agent_search_stats st;
        fc_agent_stats(a, &st);
        ab_add(sum, &st, ab_cpu() - c0);
        if (isatty(2))
            fprintf(stderr, "\rbench --ab: %d of %d positions", i + 1, n);
    }
    if (isatty(2))
        fprintf(stderr, "\r%40s\r", "");
    if (rc == CLI_EXIT_OK)
        ab_print(sum, fc_rules_plugin(rules)->id, spec, n < 0 ? 0 : n);
    for (int i = 0; i < n; i++)
        fc_match_free(pos[i]);
    free(pos);
    free(sum);
    fc_agent_free(a);
    return rc;
}
