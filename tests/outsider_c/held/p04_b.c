#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <math.h>

#define MAX_STARS 512

struct star {
    char name[40];
    double ra_hours;
    double dec_deg;
    double mag;
};

static FILE *log_fp;
static int verbose;

static void log_msg(const char *fmt, ...)
{
    va_list ap;

    if (!verbose)
        return;
    va_start(ap, fmt);
    vfprintf(log_fp ? log_fp : stderr, fmt, ap);
    va_end(ap);
}

static void format_ra(double hours, char *out, size_t outlen)
{
    int h = (int)hours;
    int m = (int)((hours - h) * 60.0);
    double s = ((hours - h) * 60.0 - m) * 60.0;
    snprintf(out, outlen, "%02dh%02dm%04.1fs", h, m, s);
}

static void format_dec(double deg, char *out, size_t outlen)
{
    char sign = deg < 0 ? '-' : '+';
    double a = fabs(deg);
    int d = (int)a;
    int m = (int)((a - d) * 60.0);
    snprintf(out, outlen, "%c%02d\xc2\xb0%02d'", sign, d, m);
}

static int parse_star(const char *line, struct star *s)
{
    if (sscanf(line, "%39[^,],%lf,%lf,%lf", s->name, &s->ra_hours, &s->dec_deg, &s->mag) != 4)
        return -1;
    if (s->ra_hours < 0 || s->ra_hours >= 24 || s->dec_deg < -90 || s->dec_deg > 90)
        return -1;
    return 0;
}

int catalog_load(FILE *fp, struct star *stars, int max, double limit)
{
    char line[256], msg[160];
    int n = 0, lineno = 0;

    while (n < max && fgets(line, sizeof(line), fp)) {
        struct star s;
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (parse_star(line, &s) != 0) {
            log_msg("line %d: skipped\n", lineno);
            continue;
        }
        if (s.mag > limit) {
            snprintf(msg, sizeof(msg), "%s too faint (mag %.2f)\n", s.name, s.mag);
            log_msg(msg);
            continue;
        }
        stars[n++] = s;
    }
    return n;
}

static int by_mag(const void *a, const void *b)
{
    const struct star *x = a, *y = b;
    return (x->mag > y->mag) - (x->mag < y->mag);
}

int main(int argc, char **argv)
{
    static struct star stars[MAX_STARS];
    double limit = 6.0;
    FILE *fp;
    int n, i;

    if (argc < 2) {
        fprintf(stderr, "usage: %s catalog.csv [mag-limit] [-v]\n", argv[0]);
        return 2;
    }
    if (argc > 2)
        limit = atof(argv[2]);
    if (argc > 3 && strcmp(argv[3], "-v") == 0)
        verbose = 1;
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    n = catalog_load(fp, stars, MAX_STARS, limit);
    fclose(fp);
    qsort(stars, (size_t)n, sizeof(stars[0]), by_mag);
    for (i = 0; i < n; i++) {
        char ra[24], dec[24];
        format_ra(stars[i].ra_hours, ra, sizeof(ra));
        format_dec(stars[i].dec_deg, dec, sizeof(dec));
        printf("%-20s %s %s %5.2f\n", stars[i].name, ra, dec, stars[i].mag);
    }
    return 0;
}
