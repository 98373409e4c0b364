#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "textfile.h"

/* Opens path for reading; with `regular`, without waiting (O_NONBLOCK, so a FIFO or a link to
 * one or to /dev/stdin cannot block the open) and anything but a regular file is refused before
 * a byte is read. */
static FILE *text_open(const char *path, bool regular, int code, fc_error *err)
{
    int fd = open(path, O_RDONLY | (regular ? O_NONBLOCK : 0) | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        fc_error_set(err, FC_EIO, "%s: cannot read: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    int fl;
    if (fstat(fd, &st) != 0 || (fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
        fc_error_set(err, FC_EIO, "%s: cannot read: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    if (regular && !S_ISREG(st.st_mode)) {
        fc_error_set(err, code, "%s: not a regular file (%s)", path,
                     S_ISDIR(st.st_mode) ? "a folder" : S_ISFIFO(st.st_mode) ? "a FIFO" : "a device or socket");
        close(fd);
        return NULL;
    }
    FILE *fp = fdopen(fd, "rb");
    if (!fp) {
        fc_error_set(err, FC_EIO, "%s: cannot read: %s", path, strerror(errno));
        close(fd);
    }
    return fp;
}

int fc_textfile_read(const char *path, size_t max_bytes, int nul_code, char **out, fc_error *err)
{
    return fc_textfile_read_ex(path, max_bytes, nul_code, false, out, err);
}

int fc_textfile_read_ex(const char *path, size_t max_bytes, int nul_code, bool regular, char **out, fc_error *err)
{
    *out = NULL;
    FILE *fp = text_open(path, regular, nul_code, err);
    if (!fp)
        return err && err->code ? err->code : FC_EIO;
    char *text = NULL;
    size_t len = 0, cap = 0;
    int rc = FC_OK;
    for (;;) {
        if (cap - len < 4096) {
            size_t nc = cap ? cap * 2 : 8192;
            char *nt = realloc(text, nc);
            if (!nt) {
                rc = fc_error_set(err, FC_ENOMEM, "%s: out of memory", path);
                break;
            }
            text = nt;
            cap = nc;
        }
        size_t got = fread(text + len, 1, cap - len - 1, fp);
        len += got;
        if (len > max_bytes) {
            rc = fc_error_set(err, nul_code, "%s: larger than %zu bytes", path, max_bytes);
            break;
        }
        if (got == 0)
            break;
    }
    if (rc == FC_OK && ferror(fp))
        rc = fc_error_set(err, FC_EIO, "%s: cannot read: %s", path, strerror(errno));
    fclose(fp);
    if (rc == FC_OK) {
        text[len] = '\0';
        if (strlen(text) != len)
            rc = fc_error_set(err, nul_code, "%s: contains a NUL byte (not a text file)", path);
    }
    if (rc != FC_OK) {
        free(text);
        return rc;
    }
    *out = text;
    return FC_OK;
}

size_t fc_text_line(const char *p, const char **next)
{
    size_t len = strcspn(p, "\r\n");
    const char *e = p + len;
    if (*e == '\r' && e[1] == '\n')
        e += 2;
    else if (*e)
        e++;
    *next = e;
    return len;
}

char *fc_text_canonical_lines(const char *text)
{
    size_t len = strlen(text);
    char *out = malloc(len + 2);
    if (!out)
        return NULL;
    size_t n = 0;
    const char *p = text;
    while (*p) {
        const char *next;
        size_t k = fc_text_line(p, &next);
        memcpy(out + n, p, k);
        n += k;
        out[n++] = '\n';
        p = next;
    }
    out[n] = '\0';
    return out;
}
