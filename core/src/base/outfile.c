/* Safe whole-file writes (formicary/outfile.h). */
#define _GNU_SOURCE /* realpath, fchown */
#include "formicary/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct fc_outfile {
    FILE *f;
    int fd;          /* under f (fopencookie), or -1 */
    int werr;        /* errno of the first failed write, or 0 */
    bool borrowed;   /* fc_outfile_wrap: not closed */
    char *target;    /* the file renamed over (NULL: written through) */
    char *tmp;       /* the temporary file, or NULL */
    char name[1024]; /* for messages: the path as given */
};

static int out_fail(fc_error *err, const char *path, int e)
{
    return fc_error_set(err, FC_EIO, "%s: cannot write: %s", path, strerror(e ? e : EIO));
}

/* The stream writes through these, so the errno of a failed write is kept (a stdio stream
 * only remembers that one failed). */
static ssize_t out_cookie_write(void *cookie, const char *buf, size_t n)
{
    fc_outfile *o = cookie;
    size_t off = 0;
    while (off < n) {
        ssize_t k = write(o->fd, buf + off, n - off);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            if (!o->werr)
                o->werr = k < 0 ? errno : EIO;
            return 0; /* fopencookie: 0 is the error return; a negative one must not be given */
        }
        off += (size_t)k;
    }
    return (ssize_t)n;
}

static int out_cookie_close(void *cookie)
{
    (void)cookie; /* fc_outfile_close closes the descriptor itself, after fsync */
    return 0;
}

/* The stream over o->fd; on failure fd is closed. */
static int out_stream(fc_outfile *o, int fd, fc_error *err)
{
    cookie_io_functions_t io = {.read = NULL, .write = out_cookie_write, .seek = NULL, .close = out_cookie_close};
    o->fd = fd;
    if (!(o->f = fopencookie(o, "w", io))) {
        int e = errno;
        close(fd);
        o->fd = -1;
        return out_fail(err, o->name, e);
    }
    return FC_OK;
}

/* Where path leads: *real is the path to write (malloc'd), *st its status when it exists
 * (*exists). A symbolic link is resolved; a dangling one is refused. */
static int out_resolve(const char *path, char **real, struct stat *st, bool *exists, fc_error *err)
{
    *real = NULL;
    *exists = false;
    if (!path || !*path)
        return fc_error_set(err, FC_EINVAL, "expected a file name to write");
    if (lstat(path, st) != 0) {
        if (errno != ENOENT)
            return out_fail(err, path, errno);
        *real = strdup(path);
        return *real ? FC_OK : fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    if (S_ISLNK(st->st_mode)) {
        char *r = realpath(path, NULL);
        if (!r)
            return fc_error_set(err, FC_EIO, "%s: cannot write: a symbolic link to a missing file or folder (%s)", path,
                                strerror(errno));
        if (stat(r, st) != 0) {
            int e = errno;
            free(r);
            return out_fail(err, path, e);
        }
        *real = r;
    } else if (!(*real = strdup(path))) {
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    *exists = true;
    if (S_ISDIR(st->st_mode) || S_ISBLK(st->st_mode) || S_ISSOCK(st->st_mode)) {
        free(*real);
        *real = NULL;
        return fc_error_set(err, FC_EIO, "%s: cannot write: %s", path,
                            S_ISDIR(st->st_mode) ? "a folder" : "not a regular file, character device or FIFO");
    }
    return FC_OK;
}

/* The folder of path (malloc'd): "." for a bare name. */
static char *out_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, path, n);
        d[n] = '\0';
    }
    return d;
}

/* A device or FIFO: written through. A FIFO without a reader fails at once (ENXIO). */
static int out_open_through(fc_outfile *o, const char *real, fc_error *err)
{
    int fd = open(real, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return errno == ENXIO ? fc_error_set(err, FC_EIO, "%s: cannot write: a FIFO with no reader", o->name)
                              : out_fail(err, o->name, errno);
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
        int e = errno;
        close(fd);
        return out_fail(err, o->name, e);
    }
    return out_stream(o, fd, err);
}

/* A new temporary file next to real: mode 0666 less the umask for a new target (the kernel
 * applies it), the target's own mode (and owner, where allowed) for an existing one. */
static int out_open_tmp(fc_outfile *o, const char *real, const struct stat *st, bool exists, fc_error *err)
{
    size_t n = strlen(real) + 32;
    if (!(o->tmp = malloc(n)))
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^ (uint64_t)(uintptr_t)&ts ^ (uint64_t)getpid() << 40;
    int fd = -1;
    for (int tries = 0; fd < 0 && tries < 100; tries++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        snprintf(o->tmp, n, "%s.tmp%06llx", real, (unsigned long long)(x >> 40));
        fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, exists ? 0600 : 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) {
        int e = errno;
        free(o->tmp);
        o->tmp = NULL;
        return out_fail(err, o->name, e);
    }
    if (exists) {
        /* only root may give a file away: a refusal is not an error; the mode is the target's */
        if (fchown(fd, st->st_uid, st->st_gid) != 0)
            errno = 0;
        if (fchmod(fd, st->st_mode & 07777) != 0)
            errno = 0;
    }
    int rc = out_stream(o, fd, err);
    if (rc != 0) {
        unlink(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
    }
    return rc;
}

fc_outfile *fc_outfile_open(const char *path, fc_error *err)
{
    char *real;
    struct stat st;
    bool exists;
    if (out_resolve(path, &real, &st, &exists, err) != 0)
        return NULL;
    fc_outfile *o = calloc(1, sizeof *o);
    if (o)
        o->fd = -1;
    if (!o) {
        free(real);
        fc_error_set(err, FC_ENOMEM, "out of memory");
        return NULL;
    }
    snprintf(o->name, sizeof o->name, "%s", path);
    int rc = exists && !S_ISREG(st.st_mode) ? out_open_through(o, real, err) : out_open_tmp(o, real, &st, exists, err);
    if (rc != 0) {
        free(real);
        free(o);
        return NULL;
    }
    if (o->tmp)
        o->target = real;
    else
        free(real);
    return o;
}

fc_outfile *fc_outfile_wrap(FILE *f, const char *name)
{
    fc_outfile *o = calloc(1, sizeof *o);
    if (o) {
        o->f = f;
        o->fd = -1;
        o->borrowed = true;
        snprintf(o->name, sizeof o->name, "%s", name ? name : "output");
    }
    return o;
}

FILE *fc_outfile_stream(fc_outfile *o) { return o->f; }

static void out_free(fc_outfile *o)
{
    free(o->target);
    free(o->tmp);
    free(o);
}

int fc_outfile_close(fc_outfile *o, fc_error *err)
{
    if (!o)
        return fc_error_set(err, FC_EINVAL, "no output file");
    errno = 0;
    int e = 0;
    if (fflush(o->f) != 0 || ferror(o->f))
        e = o->werr ? o->werr : errno ? errno : EIO;
    if (!o->borrowed) {
        fclose(o->f);
        if (!e && o->werr)
            e = o->werr;
        if (!e && o->tmp && fsync(o->fd) != 0)
            e = errno;
        if (close(o->fd) != 0 && !e)
            e = errno;
        if (!e && o->tmp && rename(o->tmp, o->target) != 0)
            e = errno;
        if (e && o->tmp)
            unlink(o->tmp);
    }
    int rc = e ? out_fail(err, o->name, e) : FC_OK;
    out_free(o);
    return rc;
}

void fc_outfile_discard(fc_outfile *o)
{
    if (!o)
        return;
    if (!o->borrowed) {
        fclose(o->f);
        close(o->fd);
        if (o->tmp)
            unlink(o->tmp);
    }
    out_free(o);
}

int fc_outfile_check(const char *path, fc_error *err)
{
    char *real;
    struct stat st;
    bool exists;
    if (out_resolve(path, &real, &st, &exists, err) != 0)
        return err ? err->code : FC_EIO;
    int rc = FC_OK;
    if (exists && !S_ISREG(st.st_mode)) {
        if (access(real, W_OK) != 0)
            rc = out_fail(err, path, errno);
    } else {
        char *dir = out_dir(real);
        struct stat ds;
        if (!dir)
            rc = fc_error_set(err, FC_ENOMEM, "out of memory");
        else if (stat(dir, &ds) != 0)
            rc = fc_error_set(err, FC_EIO, "%s: cannot write: folder %s: %s", path, dir, strerror(errno));
        else if (!S_ISDIR(ds.st_mode))
            rc = fc_error_set(err, FC_EIO, "%s: cannot write: %s is not a folder", path, dir);
        else if (access(dir, W_OK | X_OK) != 0)
            rc = fc_error_set(err, FC_EIO, "%s: cannot write: folder %s: %s", path, dir, strerror(errno));
        free(dir);
    }
    free(real);
    return rc;
}

int fc_outfile_write(const char *path, const void *data, size_t len, fc_error *err)
{
    fc_outfile *o = fc_outfile_open(path, err);
    if (!o)
        return err && err->code ? err->code : FC_EIO;
    if (len && fwrite(data, 1, len, o->f) != len) {
        int e = o->werr ? o->werr : errno;
        fc_outfile_discard(o);
        return out_fail(err, path, e);
    }
    return fc_outfile_close(o, err);
}
