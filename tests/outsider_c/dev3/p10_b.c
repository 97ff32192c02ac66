#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_ENTRIES 128

struct manifest {
    char *paths[MAX_ENTRIES];
    size_t count;
    char algo[16];
};

static const char *tool_for(const char *algo)
{
    if (strcmp(algo, "md5") == 0)
        return "md5sum";
    if (strcmp(algo, "sha1") == 0)
        return "sha1sum";
    return "sha256sum";
}

static int valid_path(const char *p)
{
    if (*p == '\0' || *p == '-')
        return 0;
    for (; *p; p++) {
        if (!isalnum((unsigned char)*p) && !strchr("._/-+", *p))
            return 0;
    }
    return 1;
}

static char *strip(char *s)
{
    char *e;

    while (isspace((unsigned char)*s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

int manifest_load(struct manifest *m, FILE *fp)
{
    char line[512];

    m->count = 0;
    strcpy(m->algo, "sha256");
    while (fgets(line, sizeof(line), fp) && m->count < MAX_ENTRIES) {
        char *p = strip(line);

        if (*p == '\0' || *p == '#')
            continue;
        if (strncmp(p, "algo ", 5) == 0) {
            snprintf(m->algo, sizeof(m->algo), "%s", strip(p + 5));
            continue;
        }
        if (!valid_path(p)) {
            fprintf(stderr, "skipping entry with unsupported characters: %s\n", p);
            continue;
        }
        m->paths[m->count] = strdup(p);
        if (!m->paths[m->count])
            return -1;
        m->count++;
    }
    return 0;
}

static int digest_one(const struct manifest *m, const char *path, const char *report)
{
    char cmd[1024];
    int n;

    n = snprintf(cmd, sizeof(cmd), "%s %s >> %s", tool_for(m->algo), path, report);
    if (n < 0 || (size_t)n >= sizeof(cmd))
        return -1;
    return system(cmd);
}

static void manifest_free(struct manifest *m)
{
    size_t i;

    for (i = 0; i < m->count; i++)
        free(m->paths[i]);
    m->count = 0;
}

int main(int argc, char **argv)
{
    struct manifest m;
    const char *report = "digests.txt";
    size_t i;
    int failures = 0;
    FILE *fp;

    if (argc < 2) {
        fprintf(stderr, "usage: %s MANIFEST [REPORT]\n", argv[0]);
        return 2;
    }
    if (argc > 2)
        report = argv[2];
    if (!valid_path(report)) {
        fprintf(stderr, "invalid report name\n");
        return 2;
    }
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 2;
    }
    if (manifest_load(&m, fp) < 0) {
        fclose(fp);
        manifest_free(&m);
        return 2;
    }
    fclose(fp);
    for (i = 0; i < m.count; i++) {
        if (digest_one(&m, m.paths[i], report) != 0) {
            fprintf(stderr, "failed: %s\n", m.paths[i]);
            failures++;
        }
    }
    manifest_free(&m);
    return failures ? 1 : 0;
}
