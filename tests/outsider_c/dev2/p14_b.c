#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <errno.h>
#include <stdint.h>

#define NFIELDS 5
#define FIELD_LEN 64

struct field_spec {
    const char *name;
    int min;
    int max;
};

static const struct field_spec specs[NFIELDS] = {
    { "minute", 0, 59 },
    { "hour", 0, 23 },
    { "day", 1, 31 },
    { "month", 1, 12 },
    { "weekday", 0, 7 },
};

struct cron_entry {
    uint64_t bits[NFIELDS];
    char *command;
};

static int parse_num(const char *s, const char **endp, int *out)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (end == s || errno || v < 0 || v > 1000)
        return -1;
    *out = (int)v;
    *endp = end;
    return 0;
}

static int parse_element(const char *s, const char *end, const struct field_spec *sp, uint64_t *bits)
{
    const char *p = s;
    int lo, hi, step = 1, v;

    if (p < end && *p == '*') {
        lo = sp->min;
        hi = sp->max;
        p++;
    } else {
        if (parse_num(p, &p, &lo) != 0)
            return -1;
        if (p < end && *p == '-') {
            if (parse_num(p + 1, &p, &hi) != 0)
                return -1;
        }
        else if (p >= end || *p != '/')
            hi = lo;
    }
    if (p < end && *p == '/') {
        if (parse_num(p + 1, &p, &step) != 0 || step == 0)
            return -1;
    }
    if (p != end)
        return -1;
    if (lo < sp->min || hi > sp->max || lo > hi)
        return -1;
    for (v = lo; v <= hi; v += step)
        *bits |= 1ULL << v;
    return 0;
}

static int parse_field(const char *field, const struct field_spec *sp, uint64_t *bits)
{
    const char *p = field;

    *bits = 0;
    for (;;) {
        const char *comma = strchr(p, ',');
        const char *end = comma ? comma : p + strlen(p);

        if (parse_element(p, end, sp, bits) != 0)
            return -1;
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

int cron_parse_line(const char *line, struct cron_entry *e)
{
    char field[FIELD_LEN];
    const char *p = line;
    size_t n;
    int i;

    for (i = 0; i < NFIELDS; i++) {
        while (isspace((unsigned char)*p))
            p++;
        n = strcspn(p, " \t");
        if (n == 0 || n >= sizeof(field))
            return -1;
        memcpy(field, p, n);
        field[n] = '\0';
        if (parse_field(field, &specs[i], &e->bits[i]) != 0) {
            fprintf(stderr, "invalid %s field '%s'\n", specs[i].name, field);
            return -1;
        }
        p += n;
    }
    if (e->bits[4] & (1ULL << 7))
        e->bits[4] = (e->bits[4] | 1ULL) & ~(1ULL << 7);
    while (isspace((unsigned char)*p))
        p++;
    if (*p == '\0')
        return -1;
    e->command = strdup(p);
    return e->command ? 0 : -1;
}

static void print_bits(const char *label, uint64_t bits, int min, int max)
{
    char buf[256];
    size_t o = 0;
    int v;

    buf[0] = '\0';
    for (v = min; v <= max; v++) {
        if (!(bits & (1ULL << v)))
            continue;
        o += (size_t)snprintf(buf + o, sizeof(buf) - o, o ? ",%d" : "%d", v);
    }
    printf("  %-8s %s\n", label, buf);
}

int main(int argc, char **argv)
{
    char line[1024];
    struct cron_entry e;
    FILE *fp = argc > 1 ? fopen(argv[1], "r") : stdin;
    unsigned lineno = 0;
    int i, errors = 0;

    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[strspn(line, " \t")] == '\0')
            continue;
        if (cron_parse_line(line, &e) != 0) {
            fprintf(stderr, "line %u: cannot parse\n", lineno);
            errors++;
            continue;
        }
        printf("%s\n", e.command);
        for (i = 0; i < NFIELDS; i++)
            print_bits(specs[i].name, e.bits[i], specs[i].min, specs[i].max);
        free(e.command);
    }
    if (fp != stdin)
        fclose(fp);
    return errors ? 1 : 0;
}
