#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

typedef unsigned char u_char;

typedef struct {
    size_t      len;
    u_char     *data;
} str_t;

#define OK      0
#define ERROR  -1
#define AGAIN  -2

#define CR     (u_char) '\r'
#define LF     (u_char) '\n'

#define HTTP_UNKNOWN  0x0001
#define HTTP_GET      0x0002
#define HTTP_HEAD     0x0004
#define HTTP_POST     0x0008

typedef struct {
    int         method;
    str_t       method_name;
    u_char      uri[256];
    size_t      uri_len;
    str_t       args;
    int         http_major;
    int         http_minor;
} request_line_t;

static u_char *
cpystrn(u_char *dst, u_char *src, size_t n)
{
    if (n == 0) {
        return dst;
    }

    while (--n) {
        *dst = *src;
        if (*dst == '\0') {
            return dst;
        }
        dst++;
        src++;
    }

    *dst = '\0';
    return dst;
}

static int
parse_method(u_char *m, size_t len)
{
    if (len == 3 && memcmp(m, "GET", 3) == 0) {
        return HTTP_GET;
    }
    if (len == 4 && memcmp(m, "HEAD", 4) == 0) {
        return HTTP_HEAD;
    }
    if (len == 4 && memcmp(m, "POST", 4) == 0) {
        return HTTP_POST;
    }
    return HTTP_UNKNOWN;
}

static int
parse_request_line(request_line_t *r, u_char *p, u_char *last)
{
    u_char  ch, *m = p, *u = NULL, *q;
    enum { sw_method = 0, sw_spaces, sw_uri, sw_http, sw_major, sw_minor, sw_done } state;

    state = sw_method;

    for ( ; p < last; p++) {
        ch = *p;

        switch (state) {
        case sw_method:
            if (ch == ' ') {
                r->method_name.data = m;
                r->method_name.len = p - m;
                r->method = parse_method(m, p - m);
                state = sw_spaces;
                break;
            }
            if ((ch < 'A' || ch > 'Z') && ch != '_' && ch != '-') {
                return ERROR;
            }
            break;
        case sw_spaces:
            if (ch == ' ') {
                break;
            }
            if (ch != '/') {
                return ERROR;
            }
            u = p;
            state = sw_uri;
            break;
        case sw_uri:
            if (ch == ' ') {
                r->uri_len = p - u;
                memcpy(r->uri, u, r->uri_len);
                r->uri[r->uri_len] = '\0';
                q = (u_char *) strchr((char *) r->uri, '?');
                if (q) {
                    r->args.data = q + 1;
                    r->args.len = r->uri + r->uri_len - (q + 1);
                }
                state = sw_http;
                m = p + 1;
                break;
            }
            if (ch == CR || ch == LF || ch == '\0') {
                return ERROR;
            }
            break;
        case sw_http:
            if (ch == '/') {
                if (p - m != 4 || memcmp(m, "HTTP", 4) != 0) {
                    return ERROR;
                }
                state = sw_major;
            }
            break;
        case sw_major:
            if (ch == '.') {
                state = sw_minor;
                break;
            }
            if (ch < '0' || ch > '9') {
                return ERROR;
            }
            r->http_major = r->http_major * 10 + (ch - '0');
            if (r->http_major > 99) {
                return ERROR;
            }
            break;
        case sw_minor:
            if (ch == CR || ch == LF) {
                state = sw_done;
                break;
            }
            if (ch < '0' || ch > '9') {
                return ERROR;
            }
            r->http_minor = r->http_minor * 10 + (ch - '0');
            if (r->http_minor > 99) {
                return ERROR;
            }
            break;
        case sw_done:
            return OK;
        }
    }

    return (state == sw_done) ? OK : AGAIN;
}

int
http_process_request_line(u_char *buf, size_t n, FILE *log)
{
    request_line_t  r;
    u_char          method[16];
    int             rc;

    memset(&r, 0, sizeof(r));

    rc = parse_request_line(&r, buf, buf + n);
    if (rc != OK) {
        fprintf(log, "request line: %s\n", rc == AGAIN ? "incomplete" : "invalid");
        return rc;
    }

    cpystrn(method, r.method_name.data,
            r.method_name.len + 1 < sizeof(method) ? r.method_name.len + 1 : sizeof(method));

    fprintf(log, "%s \"%s\" HTTP/%d.%d args=%.*s\n", method, r.uri,
            r.http_major, r.http_minor, (int) r.args.len,
            r.args.data ? (char *) r.args.data : "");

    return r.method == HTTP_UNKNOWN ? ERROR : OK;
}
