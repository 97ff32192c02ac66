#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLUMNS 64
#define COL_NAME_MAX 48

struct coldef {
    char name[COL_NAME_MAX];
    unsigned size;
    unsigned align;
    unsigned offset;
    int nullable;
};

struct schema {
    struct coldef cols[MAX_COLUMNS];
    unsigned ncols;
    unsigned row_size;
};

static char *ltrim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

static char *rtrim(char *s)
{
    size_t n = strlen(s);

    while (isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static int parse_type(const char *t, unsigned *size, unsigned *align)
{
    unsigned n;

    if (strcmp(t, "int8") == 0 || strcmp(t, "bool") == 0)
        *size = *align = 1;
    else if (strcmp(t, "int16") == 0)
        *size = *align = 2;
    else if (strcmp(t, "int32") == 0 || strcmp(t, "float32") == 0)
        *size = *align = 4;
    else if (strcmp(t, "int64") == 0 || strcmp(t, "float64") == 0)
        *size = *align = 8;
    else if (sscanf(t, "char(%u)", &n) == 1 && n > 0 && n <= 4096) {
        *size = n;
        *align = 1;
    } else
        return -1;
    return 0;
}

int schema_add_line(struct schema *sc, char *line)
{
    struct coldef *c;
    char *name, *type, *colon, *opt;

    line[strcspn(line, "#\r\n")] = '\0';
    name = ltrim(line);
    if (*name == '\0')
        return 0;
    if ((colon = strchr(name, ':')) == NULL || sc->ncols >= MAX_COLUMNS)
        return -1;
    *colon = '\0';
    name = rtrim(name);
    type = ltrim(colon + 1);
    if ((opt = strchr(type, ' ')) != NULL)
        *opt++ = '\0';
    if (strlen(name) == 0 || strlen(name) >= COL_NAME_MAX)
        return -1;

    c = &sc->cols[sc->ncols];
    if (parse_type(type, &c->size, &c->align) != 0)
        return -1;
    strcpy(c->name, name);
    c->nullable = !(opt != NULL && strstr(opt, "not null") != NULL);
    sc->ncols++;
    return 0;
}

void schema_layout(struct schema *sc)
{
    unsigned off = (sc->ncols + 7) / 8, i, maxalign = 1;

    for (i = 0; i < sc->ncols; i++) {
        struct coldef *c = &sc->cols[i];
        off = (off + c->align - 1) & ~(c->align - 1);
        c->offset = off;
        off += c->size;
        if (c->align > maxalign)
            maxalign = c->align;
    }
    sc->row_size = (off + maxalign - 1) & ~(maxalign - 1);
}

int main(int argc, char **argv)
{
    static struct schema sc;
    char line[256];
    FILE *fp;
    int lineno = 0;
    unsigned i;

    if (argc != 2) {
        fprintf(stderr, "usage: %s schema.def\n", argv[0]);
        return 2;
    }
    if ((fp = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp) != NULL) {
        lineno++;
        if (schema_add_line(&sc, line) != 0) {
            fprintf(stderr, "%s:%d: invalid column definition\n", argv[1], lineno);
            fclose(fp);
            return 1;
        }
    }
    fclose(fp);
    schema_layout(&sc);
    for (i = 0; i < sc.ncols; i++)
        printf("%-24s off=%-5u size=%-5u %s\n", sc.cols[i].name, sc.cols[i].offset,
               sc.cols[i].size, sc.cols[i].nullable ? "null" : "not null");
    printf("row size %u bytes\n", sc.row_size);
    return 0;
}
