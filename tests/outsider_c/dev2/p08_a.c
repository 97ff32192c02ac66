#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define MAX_KEEP 20

struct rotate_cfg {
    const char *path;
    int keep;
    int compress;
    int verbose;
};

static int file_exists(const char *p)
{
    struct stat st;

    return stat(p, &st) == 0;
}

static int make_name(char *buf, size_t sz, const char *path, int n, const char *ext)
{
    int r = snprintf(buf, sz, "%s.%d%s", path, n, ext);

    return (r < 0 || (size_t)r >= sz) ? -1 : 0;
}

static int path_chars_ok(const char *s)
{
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && !strchr("._-/", *s))
            return 0;
    return 1;
}

static int compress_file(const char *file)
{
    char cmd[PATH_MAX + 32];
    int r;

    if (!path_chars_ok(file)) {
        fprintf(stderr, "refusing to compress '%s'\n", file);
        return -1;
    }
    r = snprintf(cmd, sizeof(cmd), "gzip -f '%s'", file);
    if (r < 0 || (size_t)r >= sizeof(cmd))
        return -1;
    r = system(cmd);
    if (r == -1 || !WIFEXITED(r) || WEXITSTATUS(r) != 0) {
        fprintf(stderr, "gzip failed for %s\n", file);
        return -1;
    }
    return 0;
}

int rotate_log(const struct rotate_cfg *cfg)
{
    char from[PATH_MAX], to[PATH_MAX];
    const char *ext = cfg->compress ? ".gz" : "";
    FILE *fp;
    int i;

    if (cfg->keep < 1 || cfg->keep > MAX_KEEP)
        return -1;
    if (make_name(to, sizeof(to), cfg->path, cfg->keep, ext) == 0 && file_exists(to))
        unlink(to);
    for (i = cfg->keep - 1; i >= 1; i--) {
        if (make_name(from, sizeof(from), cfg->path, i, ext) != 0 ||
            make_name(to, sizeof(to), cfg->path, i + 1, ext) != 0)
            return -1;
        if (!file_exists(from))
            continue;
        if (rename(from, to) != 0) {
            perror(from);
            return -1;
        }
        if (cfg->verbose)
            printf("%s -> %s\n", from, to);
    }
    if (make_name(to, sizeof(to), cfg->path, 1, "") != 0)
        return -1;
    if (rename(cfg->path, to) != 0) {
        perror(cfg->path);
        return -1;
    }
    if (cfg->verbose)
        printf("%s -> %s\n", cfg->path, to);
    fp = fopen(cfg->path, "a");
    if (fp)
        fclose(fp);
    if (cfg->compress)
        return compress_file(to);
    return 0;
}

int main(int argc, char **argv)
{
    struct rotate_cfg cfg = { NULL, 5, 0, 0 };
    int i;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-k") == 0 && i + 1 < argc) {
            char *end;
            long v;

            errno = 0;
            v = strtol(argv[++i], &end, 10);
            if (errno || *end || v < 1 || v > MAX_KEEP) {
                fprintf(stderr, "invalid keep count\n");
                return 2;
            }
            cfg.keep = (int)v;
        } else if (strcmp(argv[i], "-z") == 0) {
            cfg.compress = 1;
        } else if (strcmp(argv[i], "-v") == 0) {
            cfg.verbose = 1;
        } else if (!cfg.path) {
            cfg.path = argv[i];
        } else {
            cfg.path = NULL;
            break;
        }
    }
    if (!cfg.path) {
        fprintf(stderr, "usage: %s [-k keep] [-z] [-v] logfile\n", argv[0]);
        return 2;
    }
    return rotate_log(&cfg) == 0 ? 0 : 1;
}
