#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rule {
    char *pattern;
    int negate;
    int dir_only;
    struct rule *next;
};

static int match_class(const char **pp, char c)
{
    const char *p = *pp;
    int negate = 0, found = 0;

    if (*p == '!' || *p == '^') {
        negate = 1;
        p++;
    }
    if (*p == ']') {
        found = (c == ']');
        p++;
    }
    while (*p && *p != ']') {
        if (p[1] == '-' && p[2] && p[2] != ']') {
            if (c >= p[0] && c <= p[2])
                found = 1;
            p += 3;
        } else {
            if (c == *p)
                found = 1;
            p++;
        }
    }
    if (*p == '\0')
        return -1;
    *pp = p + 1;
    return found != negate;
}

int glob_match(const char *pat, const char *str)
{
    while (*pat) {
        switch (*pat) {
        case '*':
            while (*pat == '*')
                pat++;
            if (*pat == '\0')
                return strchr(str, '/') == NULL;
            for (; *str; str++) {
                if (glob_match(pat, str))
                    return 1;
                if (*str == '/')
                    return 0;
            }
            return glob_match(pat, str);
        case '?':
            if (*str == '\0' || *str == '/')
                return 0;
            pat++;
            str++;
            break;
        case '[': {
            int r;
            if (*str == '\0')
                return 0;
            pat++;
            r = match_class(&pat, *str);
            if (r <= 0)
                return 0;
            str++;
            break;
        }
        case '\\':
            if (pat[1])
                pat++;
            if (*pat != *str)
                return 0;
            pat++;
            str++;
            break;
        default:
            if (*pat != *str)
                return 0;
            pat++;
            str++;
        }
    }
    return *str == '\0';
}

static struct rule *load_rules(const char *path)
{
    struct rule *head = NULL, **tail = &head, *r;
    char line[512];
    size_t n;
    FILE *f = fopen(path, "r");

    if (!f)
        return NULL;
    while (fgets(line, sizeof(line), f)) {
        n = strlen(line);
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == ' '))
            line[--n] = '\0';
        if (n == 0 || line[0] == '#')
            continue;
        r = calloc(1, sizeof(*r));
        if (!r)
            break;
        r->negate = line[0] == '!';
        if (n > 1 && line[n - 1] == '/') {
            r->dir_only = 1;
            line[n - 1] = '\0';
        }
        r->pattern = strdup(line + r->negate);
        *tail = r;
        tail = &r->next;
    }
    fclose(f);
    return head;
}

static void free_rules(struct rule *r)
{
    while (r) {
        struct rule *next = r->next;
        free(r->pattern);
        free(r);
        r = next;
    }
}

int main(int argc, char **argv)
{
    struct rule *rules, *r;
    char name[512];
    size_t len;
    int i, ignored, is_dir;

    if (argc < 3) {
        fprintf(stderr, "usage: %s IGNOREFILE NAME...\n", argv[0]);
        return 2;
    }
    rules = load_rules(argv[1]);
    for (i = 2; i < argc; i++) {
        ignored = 0;
        len = strlen(argv[i]);
        is_dir = len > 1 && argv[i][len - 1] == '/';
        snprintf(name, sizeof(name), "%.*s", (int)(len - (size_t)is_dir), argv[i]);
        for (r = rules; r; r = r->next) {
            if (r->dir_only && !is_dir)
                continue;
            if (glob_match(r->pattern, name))
                ignored = !r->negate;
        }
        printf("%-40s %s\n", argv[i], ignored ? "ignored" : "kept");
    }
    free_rules(rules);
    return 0;
}
