#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum scan_state { S_HEADER, S_NAME_SECTION, S_DONE };

struct man_entry {
    char *name;
    char section[8];
    char *summary;
};

struct man_index {
    struct man_entry *e;
    size_t n, cap;
};

static bool index_push(struct man_index *ix, struct man_entry ent)
{
    if (ix->n == ix->cap) {
        const size_t ncap = ix->cap ? ix->cap * 2 : 32;
        struct man_entry *g = realloc(ix->e, ncap * sizeof *g);
        if (!g)
            return false;
        ix->e = g;
        ix->cap = ncap;
    }
    ix->e[ix->n++] = ent;
    return true;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

int man_scan(FILE *fp, struct man_index *ix)
{
    char line[512];
    char name[32];
    struct man_entry ent = { .name = NULL, .section = "", .summary = NULL };
    enum scan_state st = S_HEADER;
    while (st != S_DONE && fgets(line, sizeof line, fp)) {
        char *l = trim(line);
        if (st == S_HEADER && strncmp(l, ".TH ", 4) == 0) {
            char sect[16] = "";
            const char *tok = l + 4;
            const size_t tl = strcspn(tok, " \t");
            strncpy(name, tok, tl < sizeof name ? tl : sizeof name);
            if (tl < sizeof name)
                name[tl] = '\0';
            if (sscanf(tok + tl, " %15s", sect) == 1)
                snprintf(ent.section, sizeof ent.section, "%s", sect);
            free(ent.name);
            ent.name = strdup(name);
            if (!ent.name)
                return -1;
        } else if (strncmp(l, ".SH", 3) == 0 && strstr(l, "NAME")) {
            st = S_NAME_SECTION;
        } else if (st == S_NAME_SECTION && l[0] != '.' && l[0] != '\0') {
            const char *dash = strstr(l, "\\-");
            ent.summary = strdup(dash ? trim((char *)dash + 2) : l);
            st = S_DONE;
        }
    }
    if (!ent.name || !ent.summary) {
        free(ent.name);
        free(ent.summary);
        return 1;
    }
    for (char *p = ent.name; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    if (!index_push(ix, ent)) {
        free(ent.name);
        free(ent.summary);
        return -1;
    }
    return 0;
}

static int cmp_entry(const void *a, const void *b)
{
    const struct man_entry *x = a, *y = b;
    const int c = strcmp(x->name, y->name);
    return c ? c : strcmp(x->section, y->section);
}

int main(int argc, char **argv)
{
    struct man_index ix = { .e = NULL, .n = 0, .cap = 0 };
    for (int i = 1; i < argc; i++) {
        FILE *fp = fopen(argv[i], "r");
        if (!fp) {
            perror(argv[i]);
            continue;
        }
        const int rc = man_scan(fp, &ix);
        fclose(fp);
        if (rc < 0)
            break;
        if (rc > 0)
            fprintf(stderr, "%s: no NAME section\n", argv[i]);
    }
    if (ix.n > 1)
        qsort(ix.e, ix.n, sizeof ix.e[0], cmp_entry);
    for (size_t i = 0; i < ix.n; i++) {
        char key[64];
        snprintf(key, sizeof key, "%s(%s)", ix.e[i].name, ix.e[i].section);
        printf("%-24s - %s\n", key, ix.e[i].summary);
        free(ix.e[i].name);
        free(ix.e[i].summary);
    }
    free(ix.e);
    return 0;
}
