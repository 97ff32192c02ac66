#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct msym {
    unsigned long long addr, size;
    char type;
    char name[256];
};

struct symmap {
    struct msym *v;
    size_t n, cap;
};

static int map_add(struct symmap *m, const struct msym *s)
{
    struct msym *nv;
    if (m->n == m->cap) {
        size_t nc = m->cap ? m->cap * 2 : 128;
        if (!(nv = realloc(m->v, nc * sizeof *nv)))
            return -1;
        m->v = nv;
        m->cap = nc;
    }
    m->v[m->n++] = *s;
    return 0;
}

int map_read(struct symmap *m, FILE *in)
{
    char line[512];
    struct msym s;
    int lineno = 0;
    while (fgets(line, sizeof line, in)) {
        lineno++;
        memset(&s, 0, sizeof s);
        if (sscanf(line, "%llx %llx %c %255s", &s.addr, &s.size, &s.type, s.name) != 4) {
            if (sscanf(line, "%llx %c %255s", &s.addr, &s.type, s.name) != 3)
                continue;
        }
        if (map_add(m, &s) < 0)
            return -1;
    }
    return lineno;
}

static int demangle(const char *sym, char *out, size_t outsz)
{
    char cmd[320];
    FILE *p;
    size_t n;
    if (strncmp(sym, "_Z", 2) != 0)
        return -1;
    if (sym[strspn(sym, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.$")] != '\0')
        return -1;
    snprintf(cmd, sizeof cmd, "c++filt %s", sym);
    if (!(p = popen(cmd, "r")))
        return -1;
    if (!fgets(out, (int)outsz, p)) {
        pclose(p);
        return -1;
    }
    pclose(p);
    n = strcspn(out, "\n");
    out[n] = '\0';
    return 0;
}

static int by_addr(const void *a, const void *b)
{
    const struct msym *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

int main(int argc, char **argv)
{
    struct symmap m = { NULL, 0, 0 };
    char pretty[512];
    unsigned long long text = 0, data = 0, bss = 0;
    int demangle_names = 0, i;
    size_t k;
    FILE *in = stdin;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-C") == 0)
            demangle_names = 1;
        else if (!(in = fopen(argv[i], "r"))) {
            perror(argv[i]);
            return 1;
        }
    }
    if (map_read(&m, in) < 0) {
        free(m.v);
        return 1;
    }
    if (m.n > 1)
        qsort(m.v, m.n, sizeof *m.v, by_addr);
    for (k = 0; k < m.n; k++) {
        struct msym *s = &m.v[k];
        if (!demangle_names || demangle(s->name, pretty, sizeof pretty) < 0)
            strcpy(pretty, s->name);
        switch (toupper((unsigned char)s->type)) {
        case 'T': text += s->size; break;
        case 'D': case 'R': data += s->size; break;
        case 'B': bss += s->size; break;
        }
        printf("%016llx %8llu %c %s\n", s->addr, s->size, s->type, pretty);
    }
    printf("text %llu data %llu bss %llu\n", text, data, bss);
    if (in != stdin)
        fclose(in);
    free(m.v);
    return 0;
}
