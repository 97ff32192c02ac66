#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <time.h>

typedef unsigned char u_char;

typedef struct {
    size_t      len;
    u_char     *data;
} str_t;

#define OK      0
#define ERROR  -1

typedef struct {
    u_char     *data;
    size_t      len;
    size_t      cap;
} buf_t;

typedef struct {
    str_t       remote_addr;
    str_t       remote_user;
    str_t       request;
    str_t       user_agent;
    int         status;
    size_t      body_bytes_sent;
    time_t      time;
} log_request_t;

static int
buf_reserve(buf_t *b, size_t n)
{
    u_char  *nd;
    size_t   cap;

    if (b->len + n <= b->cap) {
        return OK;
    }
    cap = b->cap ? b->cap : 128;
    while (cap < b->len + n) {
        cap *= 2;
    }
    nd = realloc(b->data, cap);
    if (nd == NULL) {
        return ERROR;
    }
    b->data = nd;
    b->cap = cap;
    return OK;
}

static int
buf_append(buf_t *b, const u_char *s, size_t n)
{
    if (buf_reserve(b, n) != OK) {
        return ERROR;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    return OK;
}

static int
buf_append_escaped(buf_t *b, str_t *s)
{
    size_t  i;
    char    hex[5];
    u_char  ch;

    if (s->len == 0) {
        return buf_append(b, (u_char *) "-", 1);
    }
    for (i = 0; i < s->len; i++) {
        ch = s->data[i];
        if (ch < 0x20 || ch >= 0x7f || ch == '"' || ch == '\\') {
            sprintf(hex, "\\x%02X", ch);
            if (buf_append(b, (u_char *) hex, 4) != OK) {
                return ERROR;
            }
        } else if (buf_append(b, &ch, 1) != OK) {
            return ERROR;
        }
    }
    return OK;
}

static int
log_variable(buf_t *b, u_char *name, size_t len, log_request_t *r)
{
    char        tmp[64];
    struct tm   tm;
    int         n;

    if (len == 11 && memcmp(name, "remote_addr", 11) == 0) {
        return buf_append_escaped(b, &r->remote_addr);
    }
    if (len == 11 && memcmp(name, "remote_user", 11) == 0) {
        return buf_append_escaped(b, &r->remote_user);
    }
    if (len == 7 && memcmp(name, "request", 7) == 0) {
        return buf_append_escaped(b, &r->request);
    }
    if (len == 15 && memcmp(name, "http_user_agent", 15) == 0) {
        return buf_append_escaped(b, &r->user_agent);
    }
    if (len == 6 && memcmp(name, "status", 6) == 0) {
        n = snprintf(tmp, sizeof(tmp), "%03d", r->status);
        return buf_append(b, (u_char *) tmp, n);
    }
    if (len == 15 && memcmp(name, "body_bytes_sent", 15) == 0) {
        n = snprintf(tmp, sizeof(tmp), "%zu", r->body_bytes_sent);
        return buf_append(b, (u_char *) tmp, n);
    }
    if (len == 10 && memcmp(name, "time_local", 10) == 0) {
        localtime_r(&r->time, &tm);
        n = (int) strftime(tmp, sizeof(tmp), "%d/%b/%Y:%H:%M:%S %z", &tm);
        return buf_append(b, (u_char *) tmp, n);
    }
    return buf_append(b, (u_char *) "-", 1);
}

static void
log_write(FILE *fp, const char *fmt, ...)
{
    va_list  args;

    va_start(args, fmt);
    vfprintf(fp, fmt, args);
    va_end(args);
    fflush(fp);
}

int
access_log_handler(FILE *fp, str_t *format, log_request_t *r)
{
    buf_t    b = { NULL, 0, 0 };
    u_char  *p, *last, *name;
    int      rc = OK;

    p = format->data;
    last = format->data + format->len;

    while (p < last && rc == OK) {
        if (*p != '$') {
            rc = buf_append(&b, p++, 1);
            continue;
        }
        name = ++p;
        while (p < last && ((*p >= 'a' && *p <= 'z') || *p == '_')) {
            p++;
        }
        rc = log_variable(&b, name, p - name, r);
    }

    if (rc == OK && buf_append(&b, (u_char *) "\n", 2) == OK) {
        log_write(fp, (char *) b.data);
    }

    free(b.data);
    return rc;
}
