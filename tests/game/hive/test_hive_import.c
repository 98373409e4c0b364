/* Hive's import formats (plugins/hive/src/import_*.c) through the plugin ABI, with a sink that
 * logs what the readers report, and the core's import (core/src/engine/import.c) on top:
 * records written, skipped games with their reasons, hostile input refused with one line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "formicary/context.h"
#include "formicary/import.h"
#include "formicary/record.h"

/* ---- a sink that logs ---- */

typedef struct logsink {
    fc_import_sink sink;
    char log[8192];
} logsink;

static void lg(logsink *l, const char *fmt, ...)
{
    size_t n = strlen(l->log);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->log + n, sizeof l->log - n, fmt, ap);
    va_end(ap);
}

static void l_begin(fc_import_sink *s, int line) { lg((logsink *)s, "begin %d\n", line); }
static void l_meta(fc_import_sink *s, const char *k, const char *v) { lg((logsink *)s, "%s=%s\n", k, v); }
static void l_decision(fc_import_sink *s, const char *t) { lg((logsink *)s, "| %s\n", t); }
static void l_end(fc_import_sink *s, const char *why) { lg((logsink *)s, "end %s\n", why ? why : "ok"); }

static fc_context *load(void)
{
    fc_error err;
    fc_context *ctx = fc_context_new();
    if (!ctx || fc_context_load(ctx, HIVE_SO, &err) < 0)
        fail_msg("load: %s", err.msg);
    return ctx;
}

/* What format `name` of the hive plugin reports for text. */
static void read_as(const char *name, const char *text, logsink *l)
{
    fc_context *ctx = load();
    fc_error err;
    const fc_plugin *p = fc_context_find(ctx, "hive", &err);
    assert_non_null(p);
    const fc_import_format *f = fc_import_format_find(p, name);
    assert_non_null(f);
    memset(l, 0, sizeof *l);
    l->sink = (fc_import_sink){l, l_begin, l_meta, l_decision, l_end};
    assert_int_equal(f->read(fc_context_host(ctx), "test", text, strlen(text), &l->sink, &err), 0);
    fc_context_free(ctx);
}

static void expect(const logsink *l, const char *what)
{
    if (!strstr(l->log, what))
        fail_msg("expected '%s' in:\n%s", what, l->log);
}

/* ---- the readers ---- */

static void test_gamestring(void **state)
{
    (void)state;
    logsink l;
    read_as("gamestring", "# comment\n\nBase+MLP;WhiteWins;Black[3];wQ;bL wQ-;wA1 -wQ\r\nnonsense\n", &l);
    expect(&l, "begin 3\n");
    expect(&l, "result=1-0\n| wQ\n| bL wQ-\n| wA1 -wQ\nparam:game_type=Base+MLP\nparam:tournament=false\nend ok\n");
    expect(&l, "begin 4\n");
    expect(&l, "'nonsense' is not a GameTypeString");
}

static void test_pgn(void **state)
{
    (void)state;
    logsink l;
    read_as("pgn",
            "[GameType \"Base+LP\"]\n[White \"ann\"]\n[Black \"?\"]\n[Result \"BlackWins\"]\n\n"
            "1. wS1 {opening; a comment}\n2. bS1 wS1- (2. bG1 -wS1) $1\n3.wQ -wS1 ; rest\n0-1\n"
            "[GameType \"Base\"]\n1. wS1 2. bS1\n",
            &l);
    expect(&l, "begin 1\nsource=PGN\nwhite=ann\nresult=0-1\n| wS1\n| bS1 wS1-\n| wQ -wS1\n");
    expect(&l, "param:game_type=Base+LP\nend ok\nbegin 10\n");
    expect(&l, "move 2 'bS1' has no reference piece");
    assert_null(strstr(l.log, "bG1"));
}

static const char sgf_game[] = "(;GM[27]SU[hive]P0[id \"alice\"]P1[id \"bob\"]\n"
                               "; P0[0 Start P0]\n"
                               "; P0[1 Dropb wS1 N 13 .]; P0[2 Done]\n"
                               "; P1[3 Dropb bS1 O 13 wS1-]; P1[4 Done]\n"
                               "; P0[5 Pick W 3 wA2]; P0[6 Dropb wA2 M 13 -wS1]\n"
                               "; P0[7 Pickb M 13 wA2]; P0[8 Dropb wA2 M 12 \\\\wS1]; P0[9 Done]\n"
                               "; P1[10 Dropb bQ P 13 bS1-]; P1[11 Done]\n"
                               "; P0[12 Dropb wQ M 13 -wS1]; P0[13 Done]\n"
                               "; P1[14 Dropb bB1 Q 13 bQ-]; P1[15 Done]\n"
                               "; P0[16 Move W wA2 Q 12 bQ/]; P0[17 Done]\n"
                               "; P1[18 Pickb Q 13 bB1]; P1[19 Dropb bB1 Q 13 .]; P1[20 Done]\n"
                               "; P1[21 Move B bB1 Q 12 .]\n"
                               "; P0[22 Resign]\n)\n";

static void test_sgf(void **state)
{
    (void)state;
    logsink l;
    read_as("sgf", sgf_game, &l);
    /* wA2 comes down first: it is wA1 in UHP; the tentative drop at M 13 does not count; the
     * Beetle put back where it stood is no move; the climb onto the Ant uses the coordinates */
    expect(&l, "| wS1\n| bS1 wS1-\n| wA1 \\wS1\n| bQ bS1-\n| wQ -wS1\n| bB1 bQ-\n| wA1 bQ/\n| bB1 wA1\n");
    expect(&l, "white=alice\nblack=bob\nresult=0-1\nparam:game_type=Base\nend ok\n");
}

static void test_sgf_old_and_bad(void **state)
{
    (void)state;
    logsink l;
    read_as("sgf",
            "(;SU[hive-lm]P0[id \"x\"]P1[id \"y\"]\n;P0[1 dropb L1 N 13 .]\n;P1[2 dropb L1 O 13 wL-]\n"
            ";P0[3 dropb q M 13 -wL]\n;P1[4 AcceptDraw])\n"
            "(;SU[hive];P0[1 dropb wX1 N 13 .])\n"
            "(;SU[hive];P0[1 dropb wS1 N 13 .];P1[2 dropb bS1 O 13 bA1-])\n"
            "(;SU[hive];P0[1 Fly wS1])\n(;SU[chess])\n(;SU[hive];P0[1 dropb wS1 N 13 .]",
            &l);
    expect(&l, "| wL\n| bL wL-\n| wQ -wL\nwhite=x\nblack=y\nresult=1/2-1/2\nparam:game_type=Base+ML\nend ok\n");
    expect(&l, "unknown piece 'wX1'");
    expect(&l, "the reference piece bA1 is not on the board");
    expect(&l, "unknown boardspace command 'Fly wS1'");
    expect(&l, "SU[chess] is not a boardspace Hive variant");
    expect(&l, "the file ends inside the game");
    read_as("sgf",
            "(;SU[hive]P0[id \"r\"]P1[id \"s\"];P0[1 move W S1 N 13 .];P1[2 move B S1 O 13 wS1-]\n"
            ";P0[3 move W Q M 13 -wS1];P1[4 move B Q P 13 bS1-];P0[5 move W B1 L 13 -wQ])",
            &l);
    /* robots' moves without Done, colourless pieces with the colour of the command */
    expect(&l, "| wS1\n| bS1 wS1-\n| wQ -wS1\n| bQ bS1-\n| wB1 -wQ\nwhite=r\nblack=s\nresult=*\n");
}

/* RE[...] names the winner (a robot without its digit), Edit and Drop, a climb written "wQ.". */
static void test_sgf_site_result(void **state)
{
    (void)state;
    logsink l;
    read_as("sgf",
            "(;SU[hive]P0[id \"Dumbot0\"]P1[id \"ann\"]RE[Game won by Dumbot]\n;P0[0 Edit];P0[1 Start P0]\n"
            ";P0[2 Dropb wS1 N 13 .];P0[3 Done];P1[4 Dropb bB1 O 13 wS1-];P1[5 Drop B 0 bB1]\n"
            ";P1[6 Dropb bS1 O 13 wS1-];P1[7 Done];P0[8 Dropb wQ M 13 -wS1];P0[9 Done]\n"
            ";P1[10 Dropb bQ P 13 bS1-];P1[11 Done];P0[12 Dropb wB1 L 13 -wQ];P0[13 Done]\n"
            ";P1[14 Dropb bA1 Q 13 bQ-];P1[15 Done];P0[16 Move W B1 M 13 wQ.];P0[17 Done])\n",
            &l);
    expect(&l, "| wS1\n| bS1 wS1-\n| wQ -wS1\n| bQ bS1-\n| wB1 -wQ\n| bA1 bQ-\n| wB1 wQ\n");
    expect(&l, "white=Dumbot0\nblack=ann\nresult=1-0\n");
}

/* A drop with no reference piece (".") on a cell never seen: placed through the affine map from
 * boardspace's (column, row) to cells that the coordinates seen so far agree on. */
static void test_sgf_calibrated(void **state)
{
    (void)state;
    logsink l;
    read_as("sgf",
            "(;SU[hive];P0[1 dropb wS1 N 13 .];P1[2 dropb bS1 O 13 wS1-];P0[3 dropb wQ M 13 -wS1]\n"
            ";P1[4 dropb bQ O 12 bS1/];P0[5 dropb wA1 M 14 .])\n"
            "(;SU[hive];P0[1 dropb wS1 N 13 .];P1[2 dropb bS1 O 13 wS1-];P0[3 dropb wQ M 13 -wS1]\n"
            ";P1[4 dropb bQ P 13 bS1-];P0[5 dropb wA1 M 14 .])\n",
            &l);
    expect(&l, "| bQ bS1/\n| wA1 /wQ\n");
    /* four points on one row say nothing about the other rows */
    expect(&l, "'dropb wA1 M 14 .': no reference piece, and M 14 cannot be placed");
}

/* ---- the core's import ---- */

typedef struct reasons {
    char text[4096];
} reasons;

static void on_skipped(void *ctx, const char *file, const char *line)
{
    reasons *r = ctx;
    size_t n = strlen(r->text);
    snprintf(r->text + n, sizeof r->text - n, "%s: %s\n", file, line);
}

static int import_as(const char *path, const char *text, const char *format, const char *dir, int force,
                     fc_import_result *res, reasons *why, fc_error *err)
{
    fc_context *ctx = load();
    fc_import_options opt = {format, force, dir == NULL, on_skipped, why};
    memset(why, 0, sizeof *why);
    int rc = fc_import_text(ctx, "hive", path, text, strlen(text), dir, &opt, res, err);
    fc_context_free(ctx);
    return rc;
}

static int import(const char *text, const char *format, const char *dir, int force, fc_import_result *res,
                  reasons *why, fc_error *err)
{
    return import_as("t/games.uhp", text, format, dir, force, res, why, err);
}

static void test_core_import(void **state)
{
    (void)state;
    fc_import_result res;
    reasons why;
    fc_error err;
    const char *text = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-\n"
                       "Base;InProgress;White[2];wS1;bS1 wS1-;wA1 bS1-\n";
    assert_int_equal(import(text, NULL, NULL, 0, &res, &why, &err), 0);
    assert_string_equal(res.format, "gamestring");
    assert_int_equal(res.games, 2);
    assert_int_equal(res.imported, 1);
    assert_int_equal(res.skipped, 1);
    if (!strstr(why.text, "t/games.uhp: game 2 (line 2): move 3 'wA1 bS1-' is illegal"))
        fail_msg("reasons: %s", why.text);
}

static void test_hostile(void **state)
{
    (void)state;
    fc_import_result res;
    reasons why;
    fc_error err;
    assert_int_not_equal(import("", "pgn", NULL, 0, &res, &why, &err), 0);
    assert_non_null(strstr(err.msg, "no game found"));
    assert_int_not_equal(import_as("t/junk.bin", "\x01\x02 garbage \xff", NULL, NULL, 0, &res, &why, &err), 0);
    assert_non_null(strstr(err.msg, "t/junk.bin: cannot tell its format (give --format: sgf, pgn, gamestring)"));
    assert_int_equal(import("\x1b[31m;garbage\n", NULL, NULL, 0, &res, &why, &err), 0);
    assert_int_equal(res.skipped, 1);
    assert_null(strchr(why.text, '\x1b')); /* reasons are printed: no terminal escapes */
    assert_int_not_equal(import("Base;InProgress;White[1]", "chess", NULL, 0, &res, &why, &err), 0);
    assert_non_null(strstr(err.msg, "unknown format 'chess'"));
    size_t n = FC_IMPORT_MAX_LINE + 10;
    char *big = malloc(n + 8);
    memcpy(big, "Base\n", 5);
    memset(big + 5, 'x', n);
    big[n + 5] = '\0';
    assert_int_not_equal(import(big, "gamestring", NULL, 0, &res, &why, &err), 0);
    assert_non_null(strstr(err.msg, "t/games.uhp:2: line longer than"));
    /* a game of 4000 passes: skipped, bounded */
    size_t off = (size_t)snprintf(big, n, "Base;InProgress;White[1]");
    for (int i = 0; i < 4000 && off + 8 < n; i++)
        off += (size_t)snprintf(big + off, n - off, ";pass");
    assert_int_equal(import(big, NULL, NULL, 0, &res, &why, &err), 0);
    assert_int_equal(res.skipped, 1);
    assert_non_null(strstr(why.text, "more than 500 moves"));
    free(big);
}

static void test_write(void **state)
{
    (void)state;
    char dir[] = "/tmp/fc-import-test-XXXXXX", path[128], link_path[128];
    assert_non_null(mkdtemp(dir));
    fc_import_result res;
    reasons why;
    fc_error err;
    const char *text = "Base;InProgress;White[2];wS1;bS1 wS1-\n";
    assert_int_equal(import(text, NULL, dir, 0, &res, &why, &err), 0);
    assert_int_equal(res.imported, 1);
    snprintf(path, sizeof path, "%s/games-0001.fcr", dir);
    fc_context *ctx = load();
    fc_rules *r = NULL;
    fc_match *m = NULL;
    fc_record_info *info = calloc(1, sizeof *info);
    if (fc_record_load(ctx, path, &r, &m, info, &err) != 0)
        fail_msg("%s", err.msg);
    assert_int_equal((int)info->decisions, 2);
    assert_string_equal(fc_record_meta_get(&info->meta, "import_line"), "1");
    fc_match_free(m);
    fc_rules_free(r);
    free(info);
    fc_context_free(ctx);
    assert_int_equal(import(text, NULL, dir, 0, &res, &why, &err), 0); /* kept */
    assert_int_equal(res.skipped, 1);
    assert_non_null(strstr(why.text, "exists (--force replaces it)"));
    assert_int_equal(import(text, NULL, dir, 1, &res, &why, &err), 0);
    assert_int_equal(res.imported, 1);
    unlink(path); /* a symbolic link is never replaced, even with force */
    snprintf(link_path, sizeof link_path, "%s/elsewhere", dir);
    assert_int_equal(symlink(link_path, path), 0);
    assert_int_not_equal(import(text, NULL, dir, 1, &res, &why, &err), 0);
    assert_non_null(strstr(err.msg, "not a regular file"));
    struct stat st;
    assert_int_not_equal(stat(link_path, &st), 0);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gamestring), cmocka_unit_test(test_pgn),         cmocka_unit_test(test_sgf),
        cmocka_unit_test(test_sgf_old_and_bad), cmocka_unit_test(test_sgf_calibrated), cmocka_unit_test(test_sgf_site_result), cmocka_unit_test(test_core_import), cmocka_unit_test(test_hostile),
        cmocka_unit_test(test_write),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
