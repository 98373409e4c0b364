#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "formicary/error.h"

const char *fc_error_name(int code)
{
    switch (code) {
#define FC_X_CASE(name, value, text) \
    case name: \
        return text;
        FC_ERRORS(FC_X_CASE)
#undef FC_X_CASE
    }
    return "unknown error";
}

int fc_error_set(fc_error *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        /* One line: a message never carries a newline into a terminal or a log. */
        for (char *p = err->msg; *p; p++)
            if (*p == '\n' || *p == '\r')
                *p = ' ';
        err->code = code;
    }
    return code;
}

void fc_error_clear(fc_error *err)
{
    if (err) {
        err->code = FC_OK;
        err->msg[0] = '\0';
    }
}
