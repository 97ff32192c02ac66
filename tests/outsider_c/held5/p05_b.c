#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum line_kind { LINE_TEXT, LINE_HEADING, LINE_FENCE };

struct toc_entry {
    int level;
    char *title;
    char *anchor;
};

struct toc {
    struct toc_entry *e;
    size_t n, cap;
};

static char *make_anchor(const char *title)
{
    const size_t len = strlen(title);
    char *a = malloc(len + 1);
    if (!a)
        return NULL;
    size_t j = 0;
    for (size_t i = 0; i < len; i++) {
        const unsigned char c = (unsigned char)title[i];
        if (isalnum(c))
            a[j++] = (char)tolower(c);
        else if ((c == ' ' || c == '-') && j > 0 && a[j - 1] != '-')
            a[j++] = '-';
    }
    a[j] = '\0';
    return a;
}

static bool toc_add(struct toc *t, int level, const char *title)
{
    if (t->n == t->cap) {
        const size_t ncap = t->cap ? t->cap * 2 : 16;
        struct toc_entry *g = realloc(t->e, ncap * sizeof *g);
        if (!g)
            return false;
        t->e = g;
        t->cap = ncap;
    }
    char *ti = strdup(title);
    char *an = make_anchor(title);
    if (!ti || !an) {
        free(ti);
        free(an);
        return false;
    }
    t->e[t->n++] = (struct toc_entry){ .level = level, .title = ti, .anchor = an };
    return true;
}

static enum line_kind classify(const char *line, int *level)
{
    if (strncmp(line, "```", 3) == 0)
        return LINE_FENCE;
    int n = 0;
    while (line[n] == '#')
        n++;
    if (n >= 1 && n <= 6 && line[n] == ' ') {
        *level = n;
        return LINE_HEADING;
    }
    return LINE_TEXT;
}

static void print_links(const char *line, size_t lineno)
{
    const char *p = line;
    while ((p = strstr(p, "](")) != NULL) {
        const char *end = strchr(p + 2, ')');
        if (!end)
            break;
        printf("%zu: link %.*s\n", lineno, (int)(end - p - 2), p + 2);
        p = end + 1;
    }
}

int md_scan(FILE *fp, struct toc *t)
{
    char line[2048];
    bool in_fence = false;
    size_t lineno = 0;
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        int level = 0;
        const enum line_kind k = classify(line, &level);
        if (k == LINE_FENCE) {
            in_fence = !in_fence;
            continue;
        }
        if (in_fence)
            continue;
        if (k == LINE_HEADING) {
            char title[80];
            const char *s = line + level + 1;
            size_t len = strlen(s);
            while (len > 0 && (s[len - 1] == '#' || s[len - 1] == ' '))
                len--;
            if (len > sizeof title - 1)
                len = sizeof title - 1;
            memcpy(title, s, len);
            title[len] = '\0';
            if (!toc_add(t, level, title))
                return -1;
        }
        print_links(line, lineno);
    }
    return 0;
}

int main(int argc, char **argv)
{
    FILE *fp = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    struct toc t = { .e = NULL, .n = 0, .cap = 0 };
    const int rc = md_scan(fp, &t);
    for (size_t i = 0; i < t.n; i++) {
        char indent[16];
        const int lv = t.e[i].level;
        snprintf(indent, sizeof indent, "%*s", (lv - 1) * 2, "");
        printf("%s- [%s](#%s)\n", indent, t.e[i].title, t.e[i].anchor);
        free(t.e[i].title);
        free(t.e[i].anchor);
    }
    free(t.e);
    if (fp != stdin)
        fclose(fp);
    return rc == 0 ? 0 : 1;
}
