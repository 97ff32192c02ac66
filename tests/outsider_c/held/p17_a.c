#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <sys/stat.h>

#define PATH_LEN 512

struct thumb_opts {
    const char *outdir;
    int size;
    int quality;
};

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static int is_newer(const char *src, const char *dst)
{
    struct stat a, b;
    if (stat(src, &a) != 0)
        return -1;
    if (stat(dst, &b) != 0)
        return 1;
    return a.st_mtime > b.st_mtime;
}

static int run_convert(const char *src, const char *dst, const struct thumb_opts *o)
{
    char geometry[32], quality[16];
    pid_t pid;
    int status;

    snprintf(geometry, sizeof(geometry), "%dx%d", o->size, o->size);
    snprintf(quality, sizeof(quality), "%d", o->quality);
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        char *argv[] = { "convert", (char *)src, "-thumbnail", geometry,
                         "-quality", quality, (char *)dst, NULL };
        execvp("convert", argv);
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int make_thumbnail(const char *src, const struct thumb_opts *o)
{
    char dst[PATH_LEN];
    char *dot;
    int n;

    if (src[0] == '-')
        return -1;
    n = snprintf(dst, sizeof(dst), "%s/%s", o->outdir, base_name(src));
    if (n < 0 || (size_t)n >= sizeof(dst))
        return -1;
    dot = strrchr(dst, '.');
    if (dot && dot > strrchr(dst, '/'))
        *dot = '\0';
    if (strlen(dst) + 5 >= sizeof(dst))
        return -1;
    strcat(dst, ".jpg");
    if (is_newer(src, dst) == 0)
        return 0;
    return run_convert(src, dst, o);
}

int main(int argc, char **argv)
{
    struct thumb_opts o = { "thumbs", 160, 82 };
    char line[PATH_LEN];
    FILE *list;
    int ok = 0, failed = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s manifest.txt [outdir] [size]\n", argv[0]);
        return 2;
    }
    if (argc > 2)
        o.outdir = argv[2];
    if (argc > 3) {
        o.size = atoi(argv[3]);
        if (o.size < 16 || o.size > 1024)
            o.size = 160;
    }
    mkdir(o.outdir, 0755);
    list = fopen(argv[1], "r");
    if (!list) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), list)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0] || line[0] == '#')
            continue;
        if (make_thumbnail(line, &o) == 0)
            ok++;
        else
            failed++;
    }
    fclose(list);
    printf("%d thumbnail(s), %d failure(s)\n", ok, failed);
    return failed ? 1 : 0;
}
