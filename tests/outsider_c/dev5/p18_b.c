#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum {
    PATH_OK = 0,
    PATH_ERR_NOMEM,
    PATH_ERR_ESCAPE
} path_status;

typedef struct path_seg {
    const char *ptr;
    size_t len;
} path_seg;

typedef struct seg_stack {
    path_seg *segs;
    size_t len;
    size_t cap;
} seg_stack;

static inline int seg_is(const char *p, size_t n, const char *lit)
{
    return n == strlen(lit) && memcmp(p, lit, n) == 0;
}

static path_status seg_reserve(seg_stack *s, size_t extra)
{
    size_t ncap = s->cap ? s->cap : 16;
    path_seg *p;

    if (s->len + extra <= s->cap)
        return PATH_OK;
    while (ncap < s->len + extra)
        ncap *= 2;
    p = realloc(s->segs, ncap * sizeof(*p));
    if (!p)
        return PATH_ERR_NOMEM;
    s->segs = p;
    s->cap = ncap;
    return PATH_OK;
}

path_status path_normalise(char *path, int allow_escape)
{
    seg_stack st = { NULL, 0, 0 };
    const char *p = path;
    char *tmp, *w;
    int absolute = path[0] == '/';
    size_t n, i, total = strlen(path);

    if (total == 0)
        return PATH_OK;
    while (*p) {
        while (*p == '/')
            p++;
        n = strcspn(p, "/");
        if (n == 0 || seg_is(p, n, ".")) {
            p += n;
            continue;
        }
        if (seg_is(p, n, "..")) {
            if (st.len > 0 && !seg_is(st.segs[st.len - 1].ptr, st.segs[st.len - 1].len, "..")) {
                st.len--;
                p += n;
                continue;
            }
            if (absolute) {
                p += n;
                continue;
            }
            if (!allow_escape) {
                free(st.segs);
                return PATH_ERR_ESCAPE;
            }
        }
        if (seg_reserve(&st, 1) != PATH_OK) {
            free(st.segs);
            return PATH_ERR_NOMEM;
        }
        st.segs[st.len].ptr = p;
        st.segs[st.len++].len = n;
        p += n;
    }
    tmp = malloc(total + 2);
    if (!tmp) {
        free(st.segs);
        return PATH_ERR_NOMEM;
    }
    w = tmp;
    if (absolute)
        *w++ = '/';
    for (i = 0; i < st.len; i++) {
        if (i > 0)
            *w++ = '/';
        memcpy(w, st.segs[i].ptr, st.segs[i].len);
        w += st.segs[i].len;
    }
    if (w == tmp)
        *w++ = '.';
    *w = '\0';
    strcpy(path, tmp);
    free(tmp);
    free(st.segs);
    return PATH_OK;
}

char *path_join(const char *base, const char *rel)
{
    size_t lb, lr;
    char *out;

    if (rel[0] == '/')
        return strdup(rel);
    lb = strlen(base);
    lr = strlen(rel);
    if (lb == 0)
        return strdup(rel);
    while (lb > 1 && base[lb - 1] == '/')
        lb--;
    out = malloc(lb + lr + 1);
    if (!out)
        return NULL;
    memcpy(out, base, lb);
    out[lb] = '/';
    memcpy(out + lb + 1, rel, lr);
    out[lb + 1 + lr] = '\0';
    return out;
}

int main(int argc, char **argv)
{
    char *joined;
    path_status st;
    int i, rc = 0;

    if (argc < 3) {
        fprintf(stderr, "usage: %s BASE REL...\n", argv[0]);
        return 2;
    }
    for (i = 2; i < argc; i++) {
        char *rel = strdup(argv[i]);
        if (!rel)
            return 1;
        st = rel[0] == '/' ? PATH_ERR_ESCAPE : path_normalise(rel, 0);
        if (st != PATH_OK) {
            fprintf(stderr, "%s: refusing path outside base\n", argv[i]);
            free(rel);
            rc = 1;
            continue;
        }
        joined = path_join(argv[1], rel);
        free(rel);
        if (!joined)
            return 1;
        if (path_normalise(joined, 1) == PATH_OK)
            printf("%s\n", joined);
        free(joined);
    }
    return rc;
}
