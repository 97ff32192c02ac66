#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INCLUDE 16
#define PATH_LEN 256

struct frame {
    FILE *fp;
    char path[PATH_LEN];
    unsigned line;
};

struct pp_opts {
    const char *incdirs[8];
    int nincdirs;
    int markers;
};

static int dir_of(const char *path, char *out, size_t outsz)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) : 0;
    if (n >= outsz)
        return -1;
    memcpy(out, path, n);
    out[n] = '\0';
    return 0;
}

static FILE *open_include(const struct pp_opts *o, const char *from, const char *name, char *path, size_t pathsz)
{
    char dir[PATH_LEN];
    FILE *fp;
    int i;
    if (name[0] == '/') {
        snprintf(path, pathsz, "%s", name);
        return fopen(path, "r");
    }
    if (dir_of(from, dir, sizeof dir) == 0) {
        snprintf(path, pathsz, "%s%s%s", dir, dir[0] ? "/" : "", name);
        if ((fp = fopen(path, "r")) != NULL)
            return fp;
    }
    for (i = 0; i < o->nincdirs; i++) {
        snprintf(path, pathsz, "%s/%s", o->incdirs[i], name);
        if ((fp = fopen(path, "r")) != NULL)
            return fp;
    }
    return NULL;
}

static int parse_include(const char *line, char *name, size_t namesz)
{
    const char *p = line, *q;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p++ != '#')
        return 0;
    while (*p == ' ' || *p == '\t')
        p++;
    if (strncmp(p, "include", 7) != 0)
        return 0;
    p += 7;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p != '"' || !(q = strchr(p + 1, '"')) || (size_t)(q - p - 1) >= namesz)
        return -1;
    memcpy(name, p + 1, (size_t)(q - p - 1));
    name[q - p - 1] = '\0';
    return 1;
}

int pp_run(const struct pp_opts *o, const char *path, FILE *out)
{
    struct frame stack[MAX_INCLUDE];
    char line[1024], name[PATH_LEN];
    int depth = 0, rc = 0, k;
    struct frame *top;
    if (!(stack[0].fp = fopen(path, "r")))
        return -1;
    snprintf(stack[0].path, sizeof stack[0].path, "%s", path);
    stack[0].line = 0;
    depth = 1;
    if (o->markers)
        fprintf(out, "# 1 \"%s\"\n", path);
    while (depth > 0) {
        top = &stack[depth - 1];
        if (!fgets(line, sizeof line, top->fp)) {
            fclose(top->fp);
            if (--depth > 0 && o->markers)
                fprintf(out, "# %u \"%s\"\n", stack[depth - 1].line + 1, stack[depth - 1].path);
            continue;
        }
        top->line++;
        k = parse_include(line, name, sizeof name);
        if (k == 0) {
            fputs(line, out);
            continue;
        }
        if (k < 0) {
            fprintf(stderr, "%s:%u: malformed #include\n", top->path, top->line);
            rc = -1;
            continue;
        }
        stack[depth].fp = open_include(o, top->path, name, stack[depth].path, sizeof stack[depth].path);
        if (!stack[depth].fp) {
            fprintf(stderr, "%s:%u: cannot open \"%s\"\n", top->path, top->line, name);
            rc = -1;
            continue;
        }
        stack[depth].line = 0;
        depth++;
        if (o->markers)
            fprintf(out, "# 1 \"%s\"\n", stack[depth - 1].path);
    }
    return rc;
}

int main(int argc, char **argv)
{
    struct pp_opts o;
    int i;
    memset(&o, 0, sizeof o);
    for (i = 1; i < argc - 1; i++) {
        if (strcmp(argv[i], "-P") == 0)
            o.markers = 0;
        else if (strcmp(argv[i], "-m") == 0)
            o.markers = 1;
        else if (strncmp(argv[i], "-I", 2) == 0 && o.nincdirs < 8)
            o.incdirs[o.nincdirs++] = argv[i] + 2;
    }
    if (argc < 2) {
        fprintf(stderr, "usage: %s [-m] [-Idir] file\n", argv[0]);
        return 2;
    }
    return pp_run(&o, argv[argc - 1], stdout) < 0;
}
