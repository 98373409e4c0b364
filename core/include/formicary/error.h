/* Error codes and the error struct carried by configuration, plugin, script and record
 * operations. Every fallible public function returns 0 on success or a negative FC_E… code,
 * and fills an optional fc_error with a one-line, human-readable message. */
#ifndef FORMICARY_ERROR_H
#define FORMICARY_ERROR_H

#include <stddef.h>

#define FC_ERRORS(X) \
    X(FC_OK, 0, "ok") \
    X(FC_EINVAL, -1, "invalid argument") \
    X(FC_ENOMEM, -2, "out of memory") \
    X(FC_EIO, -3, "input/output error") \
    X(FC_EPARSE, -4, "parse error") \
    X(FC_ERANGE, -5, "value out of range") \
    X(FC_EUNKNOWN, -6, "unknown name") \
    X(FC_EILLEGAL, -7, "illegal decision") \
    X(FC_EABI, -8, "plugin ABI mismatch") \
    X(FC_EPLUGIN, -9, "bad plugin") \
    X(FC_ESCRIPT, -10, "script error") \
    X(FC_ERECORD, -11, "record error") \
    X(FC_ESTATE, -12, "operation not possible in this state") \
    X(FC_EDATA, -13, "bad game data file")

enum fc_error_code {
#define FC_X_ENUM(name, value, text) name = value,
    FC_ERRORS(FC_X_ENUM)
#undef FC_X_ENUM
};

#define FC_ERROR_MSG_MAX 512

/* One error: a code and a one-line message such as "rules.ini:12: unknown key 'yaers'". */
typedef struct fc_error {
    int code;
    char msg[FC_ERROR_MSG_MAX];
} fc_error;

/* Returns a static string naming an error code. */
const char *fc_error_name(int code);

/* Sets err (if not NULL) to code and a printf-formatted message; returns code so callers can
 * write `return fc_error_set(err, FC_EPARSE, "…")`. */
int fc_error_set(fc_error *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Clears err to FC_OK with an empty message. */
void fc_error_clear(fc_error *err);

#endif
