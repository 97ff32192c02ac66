#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PARTS 6

enum ver_err { VER_OK = 0, VER_ERR_EMPTY, VER_ERR_PARTS, VER_ERR_CHAR, VER_ERR_PRE };

struct version {
    unsigned long epoch;
    unsigned long part[MAX_PARTS];
    size_t nparts;
    char pre[24];
};

static enum ver_err parse_version(const char *s, struct version *v)
{
    v->epoch = 0;
    v->nparts = 0;
    if (*s == '\0')
        return VER_ERR_EMPTY;
    const char *colon = strchr(s, ':');
    if (colon) {
        v->epoch = strtoul(s, NULL, 10);
        s = colon + 1;
    }
    while (*s && *s != '-') {
        if (!isdigit((unsigned char)*s))
            return VER_ERR_CHAR;
        if (v->nparts == MAX_PARTS)
            return VER_ERR_PARTS;
        char *end;
        v->part[v->nparts++] = strtoul(s, &end, 10);
        s = end;
        if (*s == '.')
            s++;
    }
    if (*s == '-') {
        if (strlen(s + 1) >= sizeof v->pre)
            return VER_ERR_PRE;
        strcpy(v->pre, s + 1);
    }
    return v->nparts ? VER_OK : VER_ERR_EMPTY;
}

static int cmp_ul(unsigned long a, unsigned long b)
{
    return a < b ? -1 : a > b ? 1 : 0;
}

int version_cmp(const struct version *a, const struct version *b)
{
    int c = cmp_ul(a->epoch, b->epoch);
    if (c)
        return c;
    const size_t n = a->nparts > b->nparts ? a->nparts : b->nparts;
    for (size_t i = 0; i < n; i++) {
        c = cmp_ul(i < a->nparts ? a->part[i] : 0, i < b->nparts ? b->part[i] : 0);
        if (c)
            return c;
    }
    const bool apre = a->pre[0] != '\0';
    const bool bpre = b->pre[0] != '\0';
    if (apre != bpre)
        return apre ? -1 : 1;
    return apre ? strcmp(a->pre, b->pre) : 0;
}

static const char *op_name(int c)
{
    return c < 0 ? "<" : c > 0 ? ">" : "==";
}

static bool check_constraint(int c, const char *op)
{
    if (strcmp(op, "lt") == 0) return c < 0;
    if (strcmp(op, "le") == 0) return c <= 0;
    if (strcmp(op, "eq") == 0) return c == 0;
    if (strcmp(op, "ge") == 0) return c >= 0;
    if (strcmp(op, "gt") == 0) return c > 0;
    return false;
}

int main(int argc, char **argv)
{
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: %s VER1 VER2 [lt|le|eq|ge|gt]\n", argv[0]);
        return 2;
    }
    struct version a, b;
    enum ver_err e = parse_version(argv[1], &a);
    if (e == VER_OK)
        e = parse_version(argv[2], &b);
    if (e != VER_OK) {
        fprintf(stderr, "invalid version (%d)\n", (int)e);
        return 2;
    }
    const int c = version_cmp(&a, &b);
    if (argc == 4)
        return check_constraint(c, argv[3]) ? 0 : 1;
    char msg[128];
    snprintf(msg, sizeof msg, "%s %s %s", argv[1], op_name(c), argv[2]);
    puts(msg);
    return 0;
}
