#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

typedef unsigned char u_char;

#define OK      0
#define ERROR  -1

#define MAX_POST_BODY  8192

static int
hexval(u_char ch)
{
    if (ch >= '0' && ch <= '9') {
        return ch - '0';
    }
    ch |= 0x20;
    if (ch >= 'a' && ch <= 'f') {
        return ch - 'a' + 10;
    }
    return -1;
}

static ssize_t
form_unescape(u_char *dst, size_t size, u_char *src, u_char *last)
{
    size_t  n = 0;
    int     v;
    u_char  ch, decoded = 0;
    enum { sw_usual = 0, sw_quoted, sw_quoted_second } state = sw_usual;

    for ( ; src < last; src++) {
        ch = *src;

        switch (state) {
        case sw_usual:
            if (ch == '%') {
                state = sw_quoted;
                continue;
            }
            if (ch == '+') {
                ch = ' ';
            }
            break;
        case sw_quoted:
            v = hexval(ch);
            if (v < 0) {
                return ERROR;
            }
            decoded = (u_char) (v << 4);
            state = sw_quoted_second;
            continue;
        case sw_quoted_second:
            v = hexval(ch);
            if (v < 0) {
                return ERROR;
            }
            ch = (u_char) (decoded + v);
            state = sw_usual;
            break;
        }

        if (n >= size) {
            return ERROR;
        }
        dst[n++] = ch;
    }

    if (state != sw_usual) {
        return ERROR;
    }
    dst[n] = '\0';
    return (ssize_t) n;
}

int
cgi_walk_params(u_char *p, u_char *last, FILE *out)
{
    u_char   key[32], value[128], *start, *eq, *end;
    int      count = 0;

    while (p < last) {
        start = p;
        end = memchr(p, '&', last - p);
        if (end == NULL) {
            end = last;
        }
        p = (end < last) ? end + 1 : last;

        eq = memchr(start, '=', end - start);
        if (eq == NULL || eq == start) {
            continue;
        }

        if (form_unescape(key, sizeof(key), start, eq) == ERROR
            || form_unescape(value, sizeof(value), eq + 1, end) == ERROR)
        {
            fprintf(out, "invalid parameter at offset %d\n", count);
            return ERROR;
        }

        fprintf(out, "%-16s = %s\n", key, value);
        count++;
    }

    return count;
}

int
main(void)
{
    char    *method, *qs, *cl, *body;
    size_t   len;
    int      rc;

    method = getenv("REQUEST_METHOD");
    printf("Content-Type: text/plain\r\n\r\n");

    if (method != NULL && strcmp(method, "POST") == 0) {
        cl = getenv("CONTENT_LENGTH");
        len = cl ? (size_t) atoi(cl) : 0;
        if (len == 0 || len > MAX_POST_BODY) {
            printf("invalid content length\n");
            return 1;
        }
        body = malloc(len);
        if (body == NULL) {
            return 1;
        }
        len = fread(body, 1, len, stdin);
        rc = cgi_walk_params((u_char *) body, (u_char *) body + len, stdout);
        free(body);
    } else {
        qs = getenv("QUERY_STRING");
        if (qs == NULL) {
            qs = "";
        }
        rc = cgi_walk_params((u_char *) qs, (u_char *) qs + strlen(qs), stdout);
    }

    printf("%d parameter(s)\n", rc < 0 ? 0 : rc);
    return rc < 0 ? 1 : 0;
}
