#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define LINELEN 256
#define MAXELEM 32

struct elemcount {
    char sym[4];
    long n;
    double mass;
};

static struct elemcount elems[MAXELEM];
static int nelems = 0;
static char line[LINELEN];

static double atomic_mass(const char *sym)
{
    static const struct { const char *s; double m; } tab[] = {
        {"H", 1.008}, {"C", 12.011}, {"N", 14.007}, {"O", 15.999},
        {"P", 30.974}, {"S", 32.06}, {"FE", 55.845}, {"ZN", 65.38},
        {"MG", 24.305}, {"CA", 40.078}, {"NA", 22.990}, {"CL", 35.45}
    };
    size_t i;

    for (i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
        if (strcmp(tab[i].s, sym) == 0)
            return tab[i].m;
    return 0.0;
}

static void column(const char *s, int from, int to, char *out)
{
    int len = (int)strlen(s), k = 0, i, n;

    for (i = from - 1; i < to && i < len; i++)
        out[k++] = s[i];
    out[k] = '\0';
    n = k;
    while (isspace((unsigned char)out[n - 1]))
        out[--n] = '\0';
    for (i = 0; out[i] == ' '; i++)
        ;
    if (i > 0)
        memmove(out, out + i, strlen(out + i) + 1);
}

static struct elemcount *element_slot(const char *sym)
{
    int i;

    for (i = 0; i < nelems; i++)
        if (strcmp(elems[i].sym, sym) == 0)
            return &elems[i];
    if (nelems >= MAXELEM)
        return NULL;
    strcpy(elems[nelems].sym, sym);
    elems[nelems].mass = atomic_mass(sym);
    return &elems[nelems++];
}

int main(int argc, char **argv)
{
    FILE *fp;
    char name[8], elem[4], xs[12], ys[12], zs[12];
    double x, y, z, m, cx = 0, cy = 0, cz = 0, mtot = 0;
    struct elemcount *ec;
    long natoms = 0;
    int i;

    if (argc != 2) {
        fprintf(stderr, "usage: %s file.pdb\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp)) {
        if (strncmp(line, "ATOM  ", 6) != 0 && strncmp(line, "HETATM", 6) != 0)
            continue;
        line[strcspn(line, "\r\n")] = '\0';
        column(line, 13, 16, name);
        column(line, 31, 38, xs);
        column(line, 39, 46, ys);
        column(line, 47, 54, zs);
        column(line, 77, 78, elem);
        if (!elem[0])
            snprintf(elem, sizeof(elem), "%.1s", name);
        for (i = 0; elem[i]; i++)
            elem[i] = toupper((unsigned char)elem[i]);
        x = atof(xs);
        y = atof(ys);
        z = atof(zs);
        ec = element_slot(elem);
        m = ec ? ec->mass : 0.0;
        if (ec)
            ec->n++;
        cx += m * x;
        cy += m * y;
        cz += m * z;
        mtot += m;
        natoms++;
    }
    fclose(fp);
    printf("atoms\t%ld\n", natoms);
    for (i = 0; i < nelems; i++)
        printf("%-2s\t%ld\n", elems[i].sym, elems[i].n);
    if (mtot > 0)
        printf("center_of_mass\t%.3f\t%.3f\t%.3f\n", cx / mtot, cy / mtot, cz / mtot);
    return 0;
}
