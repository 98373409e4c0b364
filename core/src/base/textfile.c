#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textfile.h"

int fc_textfile_read(const char *path, size_t max_bytes, int nul_code, char **out, fc_error *err)
{
    *out = NULL;
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return fc_error_set(err, FC_EIO, "%s: cannot read: %s", path, strerror(errno));
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
