#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXCONV 512
#define UNITLEN 24
#define LINELEN 256

struct conv {
    char from[UNITLEN];
    char to[UNITLEN];
    double factor;
    double offset;
};

static struct conv table[MAXCONV];
static int nconv = 0;

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "unitconv: %s %s\n", msg, arg ? arg : "");
    exit(1);
}

static int has_suffix(const char *s, const char *suf)
{
    size_t n = strlen(s), m = strlen(suf);
    return n >= m && strcmp(s + n - m, suf) == 0;
}

static FILE *open_table(const char *path, int *piped)
{
    char cmd[1024];

    *piped = 0;
    if (!has_suffix(path, ".gz"))
        return fopen(path, "r");
    if (strlen(path) > sizeof(cmd) - 16)
        die("table path too long:", path);
    if (strspn(path, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/") != strlen(path) ||
        path[0] == '-')
        die("unsupported characters in table path:", path);
    snprintf(cmd, sizeof(cmd), "gzip -dc %s", path);
    *piped = 1;
    return popen(cmd, "r");
}

static void load_table(const char *path)
{
    FILE *fp;
    char buf[LINELEN];
    int piped, n;
    struct conv *c;

    fp = open_table(path, &piped);
    if (!fp)
        die("cannot read", path);
    while (fgets(buf, sizeof(buf), fp) && nconv < MAXCONV) {
        if (buf[0] == '#' || buf[0] == '\n')
            continue;
        c = &table[nconv];
        c->offset = 0.0;
        n = sscanf(buf, "%23s %23s %lf %lf", c->from, c->to, &c->factor, &c->offset);
        if (n < 3) {
            fprintf(stderr, "unitconv: skipping line: %s", buf);
            continue;
        }
        nconv++;
    }
    if (piped)
        pclose(fp);
    else
        fclose(fp);
}

static int convert(const char *from, const char *to, double v, double *out)
{
    int i;

    if (strcmp(from, to) == 0) {
        *out = v;
        return 0;
    }
    for (i = 0; i < nconv; i++) {
        if (strcmp(table[i].from, from) == 0 && strcmp(table[i].to, to) == 0) {
            *out = v * table[i].factor + table[i].offset;
            return 0;
        }
        if (strcmp(table[i].from, to) == 0 && strcmp(table[i].to, from) == 0 &&
            table[i].factor != 0.0) {
            *out = (v - table[i].offset) / table[i].factor;
            return 0;
        }
    }
    return -1;
}

int main(int argc, char **argv)
{
    double v, r;
    char *end;
    char result[64];

    if (argc != 5) {
        fprintf(stderr, "usage: %s table[.gz] value from-unit to-unit\n", argv[0]);
        return 1;
    }
    v = strtod(argv[2], &end);
    if (*end || end == argv[2])
        die("not a number:", argv[2]);
    load_table(argv[1]);
    if (convert(argv[3], argv[4], v, &r) < 0)
        die("no conversion for", argv[3]);
    sprintf(result, "%.10g", r);
    printf("%s %s = %s %s\n", argv[2], argv[3], result, argv[4]);
    return 0;
}
