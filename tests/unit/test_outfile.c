/* fc_outfile (core/src/base/outfile.c): the one writer of every output file. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "formicary/outfile.h"

static char *tmpdir(void)
{
    char *d = strdup("/tmp/fc-outfile-XXXXXX");
    assert_non_null(d);
    assert_non_null(mkdtemp(d));
    return d;
}

static void rmtree(char *d)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", d);
    assert_int_equal(system(cmd), 0);
    free(d);
}

/* The errno of the write that failed, even when that write was the last one and nothing is left
 * buffered at the end (a stdio stream then only remembers "an error", which used to be EIO). */
static void test_errno_of_the_failing_write(void **state)
{
    (void)state;
    static char big[100000];
    memset(big, 'a', sizeof big);
    fc_error err;
    fc_error_clear(&err);
    fc_outfile *o = fc_outfile_open("/dev/full", &err);
    assert_non_null(o);
    fwrite(big, 1, sizeof big, fc_outfile_stream(o));
    assert_int_not_equal(fc_outfile_close(o, &err), 0);
    assert_non_null(strstr(err.msg, strerror(ENOSPC)));
}

static void test_link_target_written_link_kept(void **state)
{
    (void)state;
    char *d = tmpdir(), a[128], l[128];
    snprintf(a, sizeof a, "%s/a.txt", d);
    snprintf(l, sizeof l, "%s/l.txt", d);
    fc_error err;
    assert_int_equal(fc_outfile_write(a, "old\n", 4, &err), 0);
    assert_int_equal(chmod(a, 0640), 0);
    assert_int_equal(symlink("a.txt", l), 0);
    assert_int_equal(fc_outfile_write(l, "new\n", 4, &err), 0);
    struct stat st;
    assert_int_equal(lstat(l, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(stat(a, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0640);
    assert_int_equal(st.st_size, 4);
    rmtree(d);
}

static void test_refusals(void **state)
{
    (void)state;
    char *d = tmpdir(), p[128];
    fc_error err;
    fc_error_clear(&err);
    assert_int_not_equal(fc_outfile_write(d, "x", 1, &err), 0); /* a folder */
    assert_non_null(strstr(err.msg, "a folder"));
    snprintf(p, sizeof p, "%s/fifo", d);
    assert_int_equal(mkfifo(p, 0600), 0);
    assert_int_not_equal(fc_outfile_write(p, "x", 1, &err), 0); /* no reader: at once */
    assert_non_null(strstr(err.msg, "no reader"));
    snprintf(p, sizeof p, "%s/dangling", d);
    assert_int_equal(symlink("missing/x", p), 0);
    assert_int_not_equal(fc_outfile_write(p, "x", 1, &err), 0);
    assert_non_null(strstr(err.msg, "symbolic link"));
    snprintf(p, sizeof p, "%s/no/such/x", d);
    assert_int_not_equal(fc_outfile_check(p, &err), 0);
    snprintf(p, sizeof p, "%s/x", d);
    assert_int_equal(fc_outfile_check(p, &err), 0);
    assert_int_equal(fc_outfile_check("/dev/null", &err), 0);
    rmtree(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_errno_of_the_failing_write),
        cmocka_unit_test(test_link_target_written_link_kept),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
