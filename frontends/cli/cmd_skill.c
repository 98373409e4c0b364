/* `formicary skill GAME`: does skill matter, or luck? MCTS at doubling iteration budgets, each
 * against the previous one over paired games (the same deal twice with the bots' seats
 * swapped), and the strongest against random. Method and limits: docs/metrics.md, "Skill
 * versus luck". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "html.h"
#include "sim_mpi.h"
#include "study.h"
#include "formicary/sim.h"
#include "formicary/stats.h"

const cli_optdef cli_opts_skill[] = {
    {"--players", "N", false, "number of players (default: the game's minimum)"},
    {"--games", "N", false, "paired games per step (default 50: 100 games)"},
    {"--from", "N", false, "smallest MCTS iteration budget (default 8)"},
    {"--to", "N", false, "largest budget (default 4096); budgets double from --from"},
    {"--threads", "K", false, "worker threads (default 1); results do not depend on K"},
    {"--seed", "S", false, "base seed (default 1)"},
    {"--set", "KEY=VALUE", true, "override one parameter"},
    {"--rules", "F.ini|NAME", false, "rule set: a file, or a shipped one by name (config/GAME/NAME.ini)"},
    {"--variant", "F.lua", false, "Lua variant"},
    {"--against-rules", "F.ini|NAME", false, "B design: this rule set instead of --rules"},
    {"--against-variant", "F.lua", false, "B design: this variant instead of --variant"},
    {"--against-set", "KEY=VALUE", true, "B design: also set this parameter"},
    {"--csv", "F", false, "write one row per step to F"},
    {"--json", "F", false, "write the curve as JSON to F ('-' for stdout instead of the table)"},
    {"--svg", "F", false, "write a chart of the curve to F"},
    {"--html", "F", false, "write a report page to F: what was compared, the win rate of every step with its interval"},
    {"--progress", NULL, false, "show the progress bar even when stderr is not a terminal"},
    CLI_RUNS_DB_OPTS,
    {NULL, NULL, false, NULL},
};

#define SKILL_MAX_STEPS 24
#define SKILL_SPEC 64

/* One comparison: the stronger agent's win rate over paired games with its 95% interval. */
typedef struct skill_step {
    uint64_t strong, weak; /* budgets; weak == 0: random */
    double rate, lo, hi;
    double mde; /* the smallest departure of the rate from 0.5 these pairs detect (95%, 80% power); NaN: none */
    int pairs;
    bool significant; /* lo > 0.5 */
} skill_step;

typedef struct skill_design {
    const char *label;
    fc_rules *rules;
    int nsteps, depth;
    skill_step step[SKILL_MAX_STEPS];
    skill_step random;
} skill_design;

typedef struct skill {
    int nseats, pairs, threads, ndesigns, done, total, steps_per_design;
    uint64_t seed, from, to;
    bool progress;
    skill_design d[2];
    fc_sim_game *games;
    cli_runs *runs; /* the runs database (NULL: not recorded) */
} skill;

static void skill_progress(void *ud, int done, int total)
{
    skill *s = ud;
    (void)total;
    int k = s->done + done, width = 40, fill = s->total ? k * width / s->total : width;
    fprintf(stderr, "\rskill [%.*s%*s] %d/%d games", fill, "########################################", width - fill, "",
            k, s->total);
    fflush(stderr);
}

/* The stronger side's share in one game, per seat so that it is 0.5 when both sides win as
 * often per seat: S/ns against W/nw (S, W their win shares; a game without winners is 0.5). */
static double skill_game_value(const fc_sim_game *g, int nseats, bool strong_even)
{
    double sw = 0, ww = 0;
    int ns = 0, nw = 0;
    for (int seat = 0; seat < nseats; seat++) {
        bool strong = (g->agent_at[seat] % 2 == 0) == strong_even;
        double w = g->winners > 0 && g->rank[seat] == 0 ? 1.0 / g->winners : 0;
        if (strong) {
            sw += w;
            ns++;
        } else {
            ww += w;
            nw++;
        }
    }
    double a = ns ? sw / ns : 0, b = nw ? ww / nw : 0;
    return a + b > 0 ? a / (a + b) : 0.5;
}

static void skill_spec(char *buf, uint64_t iters)
{
    if (iters)
        snprintf(buf, SKILL_SPEC, "mcts:iters=%llu", (unsigned long long)iters);
    else
        snprintf(buf, SKILL_SPEC, "random");
}

/* The seats row (1-based) of the runs database that names an agent: 1 random, 2 + j the
 * budget from << j (skill keeps its agents there, as ladder does). */
static int skill_agent_row(const skill *s, uint64_t iters)
{
    int row = iters ? 2 : 1;
    for (uint64_t b = s->from; iters && b < iters; b *= 2)
        row++;
    return row;
}

/* One half of a step's games in the runs database: design "A:sK" (step K, 1-based) or
 * "A:rnd" (against random), game half * pairs + i + 1, each seat's agent as a seats row. */
static void skill_record_games(skill *s, const skill_design *d, const skill_step *st, int half)
{
    char label[16];
    int step = (int)(st - d->step);
    if (st == &d->random)
        snprintf(label, sizeof label, "%s:rnd", d->label);
    else
        snprintf(label, sizeof label, "%s:s%d", d->label, step + 1);
    int strong = skill_agent_row(s, st->strong) - 1, weak = skill_agent_row(s, st->weak) - 1;
    fc_sim_game *g = malloc((size_t)s->pairs * sizeof *g);
    for (int i = 0; g && i < s->pairs; i++) {
        g[i] = s->games[i];
        g[i].index = half * s->pairs + i;
        for (int k = 0; k < s->nseats; k++)
            g[i].agent_at[k] = k % 2 == half ? strong : weak;
    }
    cli_runs_games(s->runs, label, g, g ? s->pairs : 0, s->nseats); /* out of memory: the rows are missing */
    free(g);
}

/* Plays `pairs` deals twice: strong in the even seats, then in the odd ones (fixed seats,
 * same seeds), and summarises the pair means. */
static int skill_compare(skill *s, const skill_design *d, skill_step *st, fc_error *err)
{
    char strong[SKILL_SPEC], weak[SKILL_SPEC];
    skill_spec(strong, st->strong);
    skill_spec(weak, st->weak);
    double *v = calloc((size_t)s->pairs, sizeof *v);
    if (!v)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    int rc = 0;
    for (int half = 0; rc == 0 && half < 2; half++) {
        fc_sim_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.rules = d->rules;
        cfg.nagents = s->nseats;
        for (int k = 0; k < s->nseats; k++)
            cfg.agents[k] = (k % 2 == half) ? strong : weak;
        cfg.seed = s->seed;
        cfg.threads = s->threads;
        cfg.fixed_seats = true;
        if (s->progress) {
            cfg.progress = skill_progress;
            cfg.progress_ud = s;
        }
        rc = cli_sim_run(&cfg, 0, s->pairs, s->games, NULL, 0, err); /* over MPI ranks */
        s->done += s->pairs;
        if (rc == 0 && s->runs)
            skill_record_games(s, d, st, half);
        for (int i = 0; rc == 0 && i < s->pairs; i++)
            v[i] += 0.5 * skill_game_value(&s->games[i], s->nseats, half == 0);
    }
    if (rc == 0) {
        fc_stats_summary sum;
        fc_stats_describe(v, (size_t)s->pairs, &sum);
        double half = s->pairs > 1 ? fc_stats_t975((size_t)s->pairs - 1) * sum.sd / sqrt((double)s->pairs) : 0;
        st->rate = sum.mean;
        st->lo = fmax(0, sum.mean - half);
        st->hi = fmin(1, sum.mean + half);
        st->pairs = s->pairs;
        st->significant = st->lo > 0.5;
        st->mde = fc_stats_mde(sum.sd, (size_t)s->pairs);
    }
    free(v);
    return rc;
}

static int skill_design_run(skill *s, skill_design *d, fc_error *err)
{
    d->nsteps = 0;
    d->depth = 0;
    for (uint64_t b = s->from * 2; b <= s->to && d->nsteps < SKILL_MAX_STEPS; b *= 2) {
        skill_step *st = &d->step[d->nsteps++];
        st->strong = b;
        st->weak = b / 2;
        int rc = skill_compare(s, d, st, err);
        if (rc != 0)
            return rc;
        d->depth += st->significant;
    }
    d->random.strong = d->nsteps ? d->step[d->nsteps - 1].strong : s->from;
    d->random.weak = 0;
    return skill_compare(s, d, &d->random, err);
}

/* The B design: the A layers with --against-* replacing or adding to them (as in sim). */
static fc_rules *skill_rules_b(const cli *c, fc_context *ctx, const char *game, int nseats, fc_error *err)
{
    fc_rules *r = fc_rules_new(ctx, game, nseats, err);
    if (!r)
        return NULL;
    const char *ini = cli_opt(c, "--against-rules") ? cli_opt(c, "--against-rules") : cli_opt(c, "--rules");
    const char *lua = cli_opt(c, "--against-variant") ? cli_opt(c, "--against-variant") : cli_opt(c, "--variant");
    char ini_path[1024], lua_path[1024];
    int rc = 0;
    if (ini)
        rc = (ini = cli_ruleset_path(game, ini, ini_path, sizeof ini_path, err)) ? fc_rules_load_ini(r, ini, err)
                                                                                  : FC_EINVAL;
    if (rc == 0 && lua)
        rc = (lua = cli_variant_path(game, lua, lua_path, sizeof lua_path, err)) ? fc_rules_load_variant(r, lua, err)
                                                                                  : FC_EINVAL;
    for (int i = 0; rc == 0 && i < cli_opt_count(c, "--set"); i++)
        rc = fc_rules_set(r, cli_opt_at(c, "--set", i), err);
    for (int i = 0; rc == 0 && i < cli_opt_count(c, "--against-set"); i++)
        rc = fc_rules_set(r, cli_opt_at(c, "--against-set", i), err);
    return fc_rules_finish_or_free(r, rc, err);
}

/* ---- output ---- */

/* What every step compares, as lines after `prefix` (the terminal, the CSV's comments). */
static void skill_compared(const skill *s, FILE *f, const char *prefix, bool csv)
{
    char text[4096];
    fprintf(f, "%s%sagents: mcts:iters=2N against mcts:iters=N for N from %llu to %llu, doubling (default MCTS, the "
               "stronger in the even seats, then in the odd ones with the same seeds), then mcts:iters=%llu against "
               "random; seed %llu (game i: seeds from (seed, i))\n",
            csv ? "# " : "", prefix, (unsigned long long)s->from, (unsigned long long)s->d[0].random.strong / 2,
            (unsigned long long)s->d[0].random.strong, (unsigned long long)s->seed);
    cli_rules_text(s->d[0].rules, text, sizeof text);
    fprintf(f, "%s%s%s%s\n", csv ? "# " : "", prefix, s->ndesigns > 1 ? "A: " : "rules: ", text);
    if (s->ndesigns > 1) {
        cli_design_b_text(s->d[0].rules, s->d[1].rules, text, sizeof text);
        fprintf(f, "%s%s%s\n", csv ? "# " : "", prefix, text);
    }
}

static void skill_print(const skill *s, const char *game)
{
    printf("skill %s, %d players, %d paired games (%d games) per step\n", game, s->nseats, s->pairs, 2 * s->pairs);
    skill_compared(s, stdout, "", false);
    for (int k = 0; k < s->ndesigns; k++) {
        const skill_design *d = &s->d[k];
        if (s->ndesigns > 1)
            printf("design %s\n", d->label);
        printf("  %-8s %-8s %-9s %-13s %-10s\n", "budget", "against", "win rate", "95% interval", "detectable");
        for (int i = 0; i < d->nsteps; i++) {
            char mde[32];
            snprintf(mde, sizeof mde, isnan(d->step[i].mde) ? "-" : "+-%.3f", d->step[i].mde);
            printf("  %-8llu %-8llu %-9.3f %.3f-%.3f   %-10s%s\n", (unsigned long long)d->step[i].strong,
                   (unsigned long long)d->step[i].weak, d->step[i].rate, d->step[i].lo, d->step[i].hi, mde,
                   d->step[i].significant ? "  *" : "");
        }
        printf("  skill depth: %d of %d doublings help significantly (* : interval above 0.5; detectable: the smallest "
               "departure from 0.5 these pairs find 80%% of the time)\n",
               d->depth, d->nsteps);
        printf("  mcts:iters=%llu against random: %.3f (%.3f-%.3f)\n", (unsigned long long)d->random.strong,
               d->random.rate, d->random.lo, d->random.hi);
    }
}

static void skill_csv_row(FILE *f, const char *label, const char *kind, const skill_step *st)
{
    fprintf(f, "%s,%s,%llu,%llu,%d,%.6f,%.6f,%.6f,%d,", label, kind, (unsigned long long)st->strong,
            (unsigned long long)st->weak, st->pairs, st->rate, st->lo, st->hi, st->significant ? 1 : 0);
    if (!isnan(st->mde))
        fprintf(f, "%.6f", st->mde);
    fputc('\n', f);
}

static int skill_write_csv(const skill *s, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    cli_csv_comment(f, "formicary skill: one row per step; %d players, %d paired games (%d games) per step", s->nseats,
                    s->pairs, 2 * s->pairs);
    skill_compared(s, f, "", true);
    cli_csv_comment(f, "mde: the smallest departure of the win rate from 0.5 the step's pairs detect (95%% "
                       "confidence, 80%% power, from their measured variance); empty: no variation seen");
    fprintf(f, "design,kind,strong_iters,weak_iters,pairs,win_rate,lo95,hi95,significant,mde\n");
    for (int k = 0; k < s->ndesigns; k++) {
        for (int i = 0; i < s->d[k].nsteps; i++)
            skill_csv_row(f, s->d[k].label, "doubling", &s->d[k].step[i]);
        skill_csv_row(f, s->d[k].label, "vs_random", &s->d[k].random);
    }
    return cli_finish_output(o);
}

static void skill_json_step(cli_json *j, const skill_step *st)
{
    cli_json_obj(j);
    cli_json_key(j, "strong_iters");
    cli_json_int(j, (long long)st->strong);
    cli_json_key(j, "weak_iters");
    cli_json_int(j, (long long)st->weak);
    cli_json_key(j, "pairs");
    cli_json_int(j, st->pairs);
    cli_json_key(j, "win_rate");
    cli_json_num(j, st->rate);
    cli_json_key(j, "lo95");
    cli_json_num(j, st->lo);
    cli_json_key(j, "hi95");
    cli_json_num(j, st->hi);
    cli_json_key(j, "significant");
    cli_json_bool(j, st->significant);
    cli_json_key(j, "mde");
    cli_json_num(j, st->mde);
    cli_json_end_obj(j);
}

static int skill_write_json(const skill *s, const char *game, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    cli_json j;
    cli_json_init(&j, f);
    cli_json_obj(&j);
    cli_json_key(&j, "game");
    cli_json_str(&j, game);
    cli_json_key(&j, "players");
    cli_json_int(&j, s->nseats);
    cli_json_key(&j, "pairs_per_step");
    cli_json_int(&j, s->pairs);
    cli_json_key(&j, "seed");
    cli_json_int(&j, (long long)s->seed);
    cli_json_key(&j, "agents"); /* what each step plays */
    cli_json_obj(&j);
    cli_json_key(&j, "doubling");
    cli_json_str(&j, "mcts:iters=2N against mcts:iters=N");
    cli_json_key(&j, "from_iters");
    cli_json_int(&j, (long long)s->from);
    cli_json_key(&j, "to_iters");
    cli_json_int(&j, (long long)s->d[0].random.strong);
    cli_json_key(&j, "vs_random");
    cli_json_str(&j, "random");
    cli_json_end_obj(&j);
    if (s->ndesigns > 1)
        cli_diff_json(&j, "difference", s->d[0].rules, s->d[1].rules);
    cli_json_key(&j, "designs");
    cli_json_arr(&j);
    for (int k = 0; k < s->ndesigns; k++) {
        const skill_design *d = &s->d[k];
        cli_json_obj(&j);
        cli_json_key(&j, "label");
        cli_json_str(&j, d->label);
        cli_rules_json(&j, "rule_set", d->rules);
        cli_json_key(&j, "steps");
        cli_json_arr(&j);
        for (int i = 0; i < d->nsteps; i++)
            skill_json_step(&j, &d->step[i]);
        cli_json_end_arr(&j);
        cli_json_key(&j, "skill_depth");
        cli_json_int(&j, d->depth);
        cli_json_key(&j, "vs_random");
        skill_json_step(&j, &d->random);
        cli_json_end_obj(&j);
    }
    cli_json_end_arr(&j);
    cli_json_end_obj(&j);
    fputc('\n', f);
    return cli_finish_output(o);
}

/* Win rate of the stronger bot against log2 of its budget, one line per design, intervals as
 * bars, the 0.5 line dashed. */
static int skill_write_svg(const skill *s, const char *game, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    const int W = 640, H = 360 + 16 * s->ndesigns, L = 60, R = 20, T = 40, B = 50 + 16 * s->ndesigns;
    int n = s->d[0].nsteps > 1 ? s->d[0].nsteps : 2;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
               "font-size=\"12\">\n", W, H);
    fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H);
    fprintf(f, "<text x=\"%d\" y=\"20\">skill %s, %d players: win rate of MCTS at 2N iterations against N</text>\n", L,
            game, s->nseats);
#define SX(i) (L + (double)(i) * (W - L - R) / (n - 1))
#define SY(v) (T + (1 - (v)) * (H - T - B))
    for (int k = 0; k <= 4; k++)
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ccc\"%s/><text x=\"%d\" y=\"%.1f\" "
                   "text-anchor=\"end\">%.2f</text>\n", L, W - R, SY(k / 4.0), SY(k / 4.0),
                k == 2 ? " stroke-dasharray=\"4 3\" stroke-width=\"1.5\"" : "", L - 6, SY(k / 4.0) + 4, k / 4.0);
    for (int i = 0; i < s->d[0].nsteps; i++)
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%llu</text>\n", SX(i), H - B + 18,
                (unsigned long long)s->d[0].step[i].strong);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">iterations of the stronger bot</text>\n", (L + W - R) / 2,
            H - 12);
    static const char *const color[2] = {"#1f77b4", "#d62728"};
    for (int k = 0; k < s->ndesigns; k++) {
        const skill_design *d = &s->d[k];
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", color[k]);
        for (int i = 0; i < d->nsteps; i++)
            fprintf(f, "%.1f,%.1f ", SX(i), SY(d->step[i].rate));
        fprintf(f, "\"/>\n");
        for (int i = 0; i < d->nsteps; i++)
            fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/><circle cx=\"%.1f\" "
                       "cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", SX(i) + 3 * k, SX(i) + 3 * k, SY(d->step[i].lo),
                    SY(d->step[i].hi), color[k], SX(i), SY(d->step[i].rate), color[k]);
        fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s: depth %d, vs random %.2f</text>\n", W - R - 220, T + 16 + 16 * k,
                color[k], d->label, d->depth, d->random.rate);
    }
#undef SX
#undef SY
    static const char *const colour[2] = {"black", "black"};
    cli_svg_designs(f, s->d[0].rules, s->ndesigns > 1 ? s->d[1].rules : NULL, H - 12 - 16 * (s->ndesigns - 1),
                    s->ndesigns > 1 ? color : colour);
    fprintf(f, "</svg>\n");
    return cli_finish_output(o);
}

/* ---- command ---- */

static int skill_options(cli *c, skill *s, int *players)
{
    uint64_t games = 50;
    s->from = 8;
    s->to = 4096;
    s->seed = 1;
    if (!cli_opt_int(c, "--players", 1, FC_MAX_SEATS, 0, players) || !cli_opt_u64(c, "--games", 50, &games) ||
        !cli_opt_u64(c, "--from", 8, &s->from) || !cli_opt_u64(c, "--to", 4096, &s->to) ||
        !cli_opt_int(c, "--threads", 1, 1024, 1, &s->threads) || !cli_opt_u64(c, "--seed", 1, &s->seed))
        return CLI_EXIT_USAGE;
    if (games < 2 || games > 1000000)
        return cli_usage("skill: option --games: %llu is out of range 2..1000000", (unsigned long long)games);
    if (s->from < 1 || s->from > 100000000 || s->to > 100000000 || s->to < s->from * 2)
        return cli_usage("skill: --from %llu --to %llu: need 1 <= from and from * 2 <= to <= 100000000",
                         (unsigned long long)s->from, (unsigned long long)s->to);
    s->pairs = (int)games;
    return 0;
}

/* The run in the runs database: each design's steps and its skill depth (docs/runs.md). */
static void skill_record(cli_runs *runs, const skill *s)
{
    for (int k = 0; k < s->ndesigns; k++) {
        const skill_design *d = &s->d[k];
        char name[64];
        for (int i = 0; i <= d->nsteps; i++) {
            const skill_step *st = i < d->nsteps ? &d->step[i] : &d->random;
            if (st->weak)
                snprintf(name, sizeof name, "win:%llu-vs-%llu", (unsigned long long)st->strong,
                         (unsigned long long)st->weak);
            else
                snprintf(name, sizeof name, "win:%llu-vs-random", (unsigned long long)st->strong);
            cli_runs_metric(runs, d->label, name, st->rate, st->lo, st->hi, NAN, NULL);
            if (!isnan(st->mde)) { /* "mde:16-vs-8": the detectable departure from 0.5 */
                char key[72];
                snprintf(key, sizeof key, "mde:%s", name + 4);
                cli_runs_metric(runs, d->label, key, st->mde, NAN, NAN, NAN, NULL);
            }
        }
        cli_runs_metric(runs, d->label, "skill_depth", d->depth, NAN, NAN, NAN, NULL);
    }
}

/* The run in the runs database: its designs and, as seats rows, its agents (1 random, 2.. each
 * budget), which the games rows name (docs/runs.md). */
static cli_runs *skill_record_begin(const cli *c, skill *sk, const char *game)
{
    cli_runs *runs = cli_runs_begin(c, "skill", game, sk->nseats, sk->seed, sk->threads, sk->total);
    for (int k = 0; runs && k < sk->ndesigns; k++) {
        char text[8192];
        if (k == 0)
            cli_rules_text(sk->d[0].rules, text, sizeof text);
        else
            cli_design_b_text(sk->d[0].rules, sk->d[1].rules, text, sizeof text);
        cli_runs_design(runs, sk->d[k].label, sk->d[k].rules, text);
    }
    sk->runs = runs;
    for (int j = 0; runs && (sk->from << j) <= sk->to && j < 62; j++) {
        char spec[SKILL_SPEC];
        skill_spec(spec, sk->from << j);
        cli_runs_seat(runs, j + 2, spec, NULL);
    }
    cli_runs_seat(runs, 1, "random", NULL);
    return runs;
}

/* Every design's steps; the progress line ends either way. */
static int skill_run_designs(skill *s, fc_error *err)
{
    for (int k = 0; k < s->ndesigns; k++)
        if (skill_design_run(s, &s->d[k], err) != 0) {
            if (s->progress)
                fputc('\n', stderr);
            return cli_mpi_rank() == 0 ? cli_fail("%s%s", s->ndesigns > 1 ? (k ? "B: " : "A: ") : "", err->msg)
                                       : CLI_EXIT_FAIL;
        }
    if (s->progress)
        fputc('\n', stderr);
    return 0;
}

/* One row of the --html chart and table: a step of design k. */
static void skill_html_row(const skill *s, int k, const skill_step *st, cli_html_est *e, int *group, char *label,
                           size_t n)
{
    char against[32];
    snprintf(against, sizeof against, st->weak ? "%llu" : "random", (unsigned long long)st->weak);
    snprintf(label, n, "%s%s%llu vs %s", s->ndesigns > 1 ? s->d[k].label : "", s->ndesigns > 1 ? ": " : "",
             (unsigned long long)st->strong, against);
    *e = (cli_html_est){label, st->rate, st->lo, st->hi};
    *group = k;
}

/* --html: what ran and was compared, then per design the win rate of every step (and against
 * random) over the line at 0.5, and the table with each step's detectable departure from 0.5. */
static int skill_write_html(const skill *s, const char *game, const char *path)
{
    char title[160], text[4096];
    snprintf(title, sizeof title, "formicary skill: %s", game);
    cli_html *h = cli_html_begin(path, title);
    if (!h)
        return CLI_EXIT_FAIL;
    cli_html_heading(h, "Run");
    cli_html_text(h, "%s, %d players, %d paired games (%d games) per step, seed %llu (game i: seeds from (seed, i)).",
                  game, s->nseats, s->pairs, 2 * s->pairs, (unsigned long long)s->seed);
    cli_html_text(h, "Agents: mcts:iters=2N against mcts:iters=N for N from %llu to %llu, doubling (default MCTS, the "
                     "stronger in the even seats, then in the odd ones with the same seeds), then mcts:iters=%llu "
                     "against random.",
                  (unsigned long long)s->from, (unsigned long long)s->d[0].random.strong / 2,
                  (unsigned long long)s->d[0].random.strong);
    cli_rules_text(s->d[0].rules, text, sizeof text);
    cli_html_text(h, "%s%s", s->ndesigns > 1 ? "Design A: " : "Rules: ", text);
    if (s->ndesigns > 1) {
        cli_design_b_text(s->d[0].rules, s->d[1].rules, text, sizeof text);
        cli_html_text(h, "Design %s", text);
    }
    enum { ROWS = 2 * (SKILL_MAX_STEPS + 1) };
    cli_html_est e[ROWS];
    int group[ROWS], n = 0;
    char label[ROWS][64], cell[ROWS + 1][7][48];
    const char *cells[(ROWS + 1) * 7], *groups[2] = {"A", "B"};
    const char *head[7] = {"design", "budget", "against", "win rate", "95% interval", "detectable", "helps"};
    for (int c = 0; c < 7; c++)
        cells[c] = head[c];
    for (int k = 0; k < s->ndesigns; k++)
        for (int i = 0; i <= s->d[k].nsteps; i++, n++) {
            const skill_step *st = i < s->d[k].nsteps ? &s->d[k].step[i] : &s->d[k].random;
            skill_html_row(s, k, st, &e[n], &group[n], label[n], sizeof label[n]);
            snprintf(cell[n][0], 48, "%s", s->d[k].label);
            snprintf(cell[n][1], 48, "%llu", (unsigned long long)st->strong);
            snprintf(cell[n][2], 48, st->weak ? "%llu" : "random", (unsigned long long)st->weak); /* as the label */
            snprintf(cell[n][3], 48, "%.3f", st->rate);
            snprintf(cell[n][4], 48, "%.3f .. %.3f", st->lo, st->hi);
            snprintf(cell[n][5], 48, isnan(st->mde) ? "n/a" : "+-%.3f", st->mde);
            snprintf(cell[n][6], 48, "%s", st->significant ? "yes" : "no");
            for (int c = 0; c < 7; c++)
                cells[(n + 1) * 7 + c] = cell[n][c];
        }
    cli_html_heading(h, "Win rate per step");
    cli_html_text(h, "Each dot is the stronger bot's win rate over the step's paired games, the whisker its 95%% "
                     "interval; the dashed line is 0.5, where the doubled budget does not help. A step whose interval "
                     "lies above it helps significantly: skill depth %d of %d doublings%s.",
                  s->d[0].depth, s->d[0].nsteps, s->ndesigns > 1 ? " in design A" : "");
    if (s->ndesigns > 1)
        cli_html_text(h, "Design B: skill depth %d of %d doublings.", s->d[1].depth, s->d[1].nsteps);
    cli_html_intervals_grouped(h, "Win rate of the stronger bot (95% intervals)", "win rate", e, n, 0.5, group, groups,
                               s->ndesigns);
    cli_html_text(h, "Detectable: the smallest departure of the win rate from 0.5 the step's pairs find with 80%% "
                     "power at 95%% confidence, from their measured variance (n/a: no variation seen).");
    cli_html_table(h, 7, n + 1, cells);
    return cli_html_end(h);
}

/* The table (unless --json -), then the --csv, --json, --svg and --html files, stopping at a failure. */
static int skill_outputs(const cli *c, const skill *s, const char *game)
{
    const char *json = cli_opt(c, "--json"), *csv = cli_opt(c, "--csv"), *svg = cli_opt(c, "--svg");
    int rc = 0;
    if (!json || strcmp(json, "-") != 0)
        skill_print(s, game);
    if (csv && (rc = skill_write_csv(s, csv)) != 0)
        return rc;
    if (json && (rc = skill_write_json(s, game, json)) != 0)
        return rc;
    if (svg && (rc = skill_write_svg(s, game, svg)) != 0)
        return rc;
    if (cli_opt(c, "--html"))
        rc = skill_write_html(s, game, cli_opt(c, "--html"));
    return rc;
}

int cli_cmd_skill(cli *c)
{
    skill s;
    memset(&s, 0, sizeof s);
    int players = 0;
    int rc = skill_options(c, &s, &players);
    if (rc != 0)
        return rc;
    /* Under mpirun every rank runs this with the same arguments; the games of each comparison
     * are spread over the ranks (docs/distributed.md) and rank 0 alone reports. */
    if (cli_mpi_begin() != 0)
        return CLI_EXIT_FAIL;
    fc_context *ctx = cli_context(c, NULL, 0);
    if (cli_mpi_agree(ctx ? 0 : CLI_EXIT_FAIL) != 0) {
        fc_context_free(ctx);
        cli_mpi_end();
        return CLI_EXIT_FAIL;
    }
    fc_error err;
    fc_error_clear(&err);
    const char *game = c->pos[0];
    cli_runs *runs = NULL;
    s.d[0].label = "A";
    s.d[0].rules = cli_rules(c, ctx, game, players);
    s.ndesigns = 1;
    if (!s.d[0].rules) { /* said in one line by cli_rules; every rank still ends MPI */
        rc = CLI_EXIT_FAIL;
        goto out;
    }
    s.nseats = fc_rules_nseats(s.d[0].rules);
    if (cli_opt(c, "--against-rules") || cli_opt(c, "--against-variant") || cli_opt_count(c, "--against-set")) {
        s.d[1].label = "B";
        if (!(s.d[1].rules = skill_rules_b(c, ctx, game, s.nseats, &err))) {
            rc = cli_fail("B: %s", err.msg);
            goto out;
        }
        s.ndesigns = 2;
    }
    if (s.nseats < 2) {
        rc = cli_fail("skill: %s with %d player has no opponent to measure against", game, s.nseats);
        goto out;
    }
    if (!(s.games = calloc((size_t)s.pairs, sizeof *s.games))) {
        rc = cli_fail("out of memory");
        goto out;
    }
    int steps = 0;
    for (uint64_t b = s.from * 2; b <= s.to && steps < SKILL_MAX_STEPS; b *= 2)
        steps++;
    s.total = s.ndesigns * (steps + 1) * 2 * s.pairs;
    runs = skill_record_begin(c, &s, game);
    s.progress = cli_mpi_rank() == 0 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
    if ((rc = skill_run_designs(&s, &err)) == 0 && cli_mpi_rank() == 0)
        rc = skill_outputs(c, &s, game); /* every rank holds every result; rank 0 writes */
out:
    if (runs && rc == 0)
        skill_record(runs, &s);
    cli_runs_end(runs, rc == 0, rc == 0 ? s.total : 0);
    free(s.games);
    for (int k = 0; k < 2; k++)
        fc_rules_free(s.d[k].rules);
    fc_context_free(ctx);
    cli_mpi_end();
    return rc;
}
