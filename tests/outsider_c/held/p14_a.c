#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_DEGREE 16

static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

static int parse_term(const char **pp, double *coef, int *exp)
{
    const char *p = skip_ws(*pp);
    char *end;
    int sign = 1;
    double c = 1.0;

    if (*p == '+' || *p == '-') {
        sign = *p == '-' ? -1 : 1;
        p = skip_ws(p + 1);
    }
    if (isdigit((unsigned char)*p) || *p == '.') {
        c = strtod(p, &end);
        p = end;
    }
    p = skip_ws(p);
    if (*p == '*')
        p = skip_ws(p + 1);
    *exp = 0;
    if (*p == 'x') {
        p++;
        *exp = 1;
        if (*p == '^') {
            *exp = (int)strtol(p + 1, &end, 10);
            if (end == p + 1)
                return -1;
            p = end;
        }
    } else if (c == 1.0 && p == *pp) {
        return -1;
    }
    *coef = sign * c;
    *pp = p;
    return 0;
}

int poly_parse(const char *text, double *coef, int *degree)
{
    const char *p = text;
    int deg = 0;

    memset(coef, 0, (MAX_DEGREE + 1) * sizeof(double));
    while (*(p = skip_ws(p)) && *p != '\n') {
        double c;
        int e;
        if (parse_term(&p, &c, &e) != 0)
            return -1;
        if (e < 0 || e > MAX_DEGREE)
            return -1;
        coef[e] += c;
        if (e > deg)
            deg = e;
    }
    *degree = deg;
    return 0;
}

static double poly_eval(const double *coef, int degree, double x)
{
    double y = 0.0;
    int i;
    for (i = degree; i >= 0; i--)
        y = y * x + coef[i];
    return y;
}

static void poly_print(const double *coef, int degree)
{
    char out[512] = "";
    char term[48];
    int i;

    for (i = degree; i >= 0; i--) {
        if (coef[i] == 0.0)
            continue;
        if (i == 0)
            sprintf(term, " %+g", coef[i]);
        else if (i == 1)
            sprintf(term, " %+gx", coef[i]);
        else
            sprintf(term, " %+gx^%d", coef[i], i);
        strcat(out, term);
    }
    puts(out[0] ? out : " 0");
}

int main(int argc, char **argv)
{
    char line[256];
    double coef[MAX_DEGREE + 1];
    int degree, i;

    while (fgets(line, sizeof(line), stdin)) {
        if (poly_parse(line, coef, &degree) != 0) {
            fprintf(stderr, "cannot parse: %s", line);
            continue;
        }
        poly_print(coef, degree);
        for (i = 1; i < argc; i++) {
            double x = atof(argv[i]);
            printf("  p(%g) = %g\n", x, poly_eval(coef, degree, x));
        }
    }
    return 0;
}
