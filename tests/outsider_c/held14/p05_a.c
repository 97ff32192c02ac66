#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <regex.h>

typedef unsigned char u_char;

typedef struct {
    size_t      len;
    u_char     *data;
} str_t;

#define OK      0
#define ERROR  -1

#define REWRITE_LAST      1
#define REWRITE_REDIRECT  2

typedef struct {
    regex_t      re;
    int          ncaptures;
    regmatch_t  *captures;
    str_t        replacement;
    int          flags;
} rewrite_t;

int
rewrite_init(rewrite_t *rw, const char *pattern, const char *replacement, const char *flag)
{
    char  err[128];
    int   rc;

    memset(rw, 0, sizeof(rewrite_t));

    rc = regcomp(&rw->re, pattern, REG_EXTENDED);
    if (rc != 0) {
        regerror(rc, &rw->re, err, sizeof(err));
        fprintf(stderr, "rewrite: \"%s\": %s\n", pattern, err);
        return ERROR;
    }

    rw->ncaptures = (int) rw->re.re_nsub + 1;
    rw->captures = calloc(rw->ncaptures, sizeof(regmatch_t));
    rw->replacement.len = strlen(replacement);
    rw->replacement.data = malloc(rw->replacement.len + 1);
    if (rw->captures == NULL || rw->replacement.data == NULL) {
        regfree(&rw->re);
        free(rw->captures);
        free(rw->replacement.data);
        return ERROR;
    }
    strcpy((char *) rw->replacement.data, replacement);

    if (flag != NULL && strcmp(flag, "redirect") == 0) {
        rw->flags = REWRITE_REDIRECT;
    } else {
        rw->flags = REWRITE_LAST;
    }
    return OK;
}

static size_t
capture_span(rewrite_t *rw, int n, size_t *start)
{
    regmatch_t  *m;

    if (n >= rw->ncaptures) {
        return 0;
    }
    m = &rw->captures[n];
    if (m->rm_so == -1) {
        return 0;
    }
    *start = (size_t) m->rm_so;
    return (size_t) (m->rm_eo - m->rm_so);
}

static size_t
script_run(rewrite_t *rw, const char *uri, u_char *dst)
{
    u_char  *p, *last;
    size_t   len = 0, start = 0, n;

    p = rw->replacement.data;
    last = p + rw->replacement.len;

    while (p < last) {
        if (*p == '$' && p + 1 < last && p[1] >= '0' && p[1] <= '9') {
            n = capture_span(rw, p[1] - '0', &start);
            if (dst) {
                memcpy(dst + len, uri + start, n);
            }
            len += n;
            p += 2;
            continue;
        }
        if (dst) {
            dst[len] = *p;
        }
        len++;
        p++;
    }
    return len;
}

char *
rewrite_run(rewrite_t *rw, const char *uri, int *redirect)
{
    size_t   len;
    u_char  *out;

    if (regexec(&rw->re, uri, rw->ncaptures, rw->captures, 0) != 0) {
        return NULL;
    }

    len = script_run(rw, uri, NULL);
    out = malloc(len + 1);
    if (out == NULL) {
        return NULL;
    }
    script_run(rw, uri, out);
    out[len] = '\0';

    if (redirect) {
        *redirect = (rw->flags == REWRITE_REDIRECT);
    }
    return (char *) out;
}

void
rewrite_free(rewrite_t *rw)
{
    regfree(&rw->re);
    free(rw->captures);
    free(rw->replacement.data);
    memset(rw, 0, sizeof(rewrite_t));
}
