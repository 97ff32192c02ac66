#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_ELEMS 16

struct element {
    const char *sym;
    double mass;
};

static const struct element periodic[] = {
    {"H", 1.008}, {"He", 4.0026}, {"C", 12.011}, {"N", 14.007}, {"O", 15.999},
    {"F", 18.998}, {"Na", 22.990}, {"Mg", 24.305}, {"Al", 26.982}, {"Si", 28.085},
    {"P", 30.974}, {"S", 32.06}, {"Cl", 35.45}, {"K", 39.098}, {"Ca", 40.078},
    {"Fe", 55.845}, {"Cu", 63.546}, {"Zn", 65.38}, {"Br", 79.904}, {"I", 126.90},
};

struct compound {
    char name[24];
    char formula[64];
    double mass;
};

static double element_mass(const char *sym)
{
    size_t i;
    for (i = 0; i < sizeof(periodic) / sizeof(periodic[0]); i++)
        if (strcmp(periodic[i].sym, sym) == 0)
            return periodic[i].mass;
    return -1.0;
}

static double formula_mass(const char *f)
{
    double total = 0.0;
    char sym[3];

    while (*f) {
        double m;
        long count = 1;
        char *end;

        if (!isupper((unsigned char)*f))
            return -1.0;
        sym[0] = *f++;
        sym[1] = '\0';
        if (islower((unsigned char)*f)) {
            sym[1] = *f++;
            sym[2] = '\0';
        }
        m = element_mass(sym);
        if (m < 0)
            return -1.0;
        if (isdigit((unsigned char)*f)) {
            count = strtol(f, &end, 10);
            f = end;
        }
        total += m * count;
    }
    return total;
}

int compound_init(struct compound *c, const char *name, const char *formula)
{
    strncpy(c->name, name, sizeof(c->name));
    snprintf(c->formula, sizeof(c->formula), "%s", formula);
    c->mass = formula_mass(c->formula);
    return c->mass < 0 ? -1 : 0;
}

static void print_table(const struct compound *list, int n)
{
    int i, width = 8;
    for (i = 0; i < n; i++) {
        int len = (int)strlen(list[i].name);
        if (len > width)
            width = len;
    }
    for (i = 0; i < n; i++)
        printf("%-*s  %-12s %9.3f g/mol\n", width, list[i].name, list[i].formula, list[i].mass);
}

int main(int argc, char **argv)
{
    struct compound list[32];
    char line[256], name[128], formula[64];
    FILE *fp = argc > 1 ? fopen(argv[1], "r") : stdin;
    int n = 0;

    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    while (n < 32 && fgets(line, sizeof(line), fp)) {
        if (sscanf(line, "%127[^:]: %63s", name, formula) != 2)
            continue;
        if (compound_init(&list[n], name, formula) != 0) {
            fprintf(stderr, "unknown element in %s\n", formula);
            continue;
        }
        n++;
    }
    if (fp != stdin)
        fclose(fp);
    print_table(list, n);
    return 0;
}
