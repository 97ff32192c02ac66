#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define CMDLINE_MAX 4096

static int is_executable(const char *path)
{
    struct stat st;

    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    return access(path, X_OK) == 0;
}

int path_search(const char *prog, char *out, size_t outsz)
{
    const char *path, *p, *colon;
    char dir[PATH_MAX];
    size_t len;

    if (strchr(prog, '/')) {
        if (strlen(prog) >= outsz || !is_executable(prog))
            return -1;
        strcpy(out, prog);
        return 0;
    }
    path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    for (p = path; p; p = colon ? colon + 1 : NULL) {
        colon = strchr(p, ':');
        len = colon ? (size_t)(colon - p) : strlen(p);
        if (len == 0) {
            strcpy(dir, ".");
        } else {
            if (len >= sizeof(dir))
                continue;
            memcpy(dir, p, len);
            dir[len] = '\0';
        }
        if (snprintf(out, outsz, "%s/%s", dir, prog) >= (int)outsz)
            continue;
        if (is_executable(out))
            return 0;
    }
    return -1;
}

static int build_cmdline(char *buf, size_t size, const char *prog, char **args)
{
    size_t used;
    int i;

    if (strlen(prog) >= size)
        return -1;
    strcpy(buf, prog);
    used = strlen(buf);
    for (i = 0; args[i]; i++) {
        size_t n = strlen(args[i]);
        if (used + 1 + n >= size)
            return -1;
        strcat(buf, " ");
        strcat(buf, args[i]);
        used += 1 + n;
    }
    return 0;
}

static int run_program(const char *cmdline)
{
    int status = system(cmdline);

    if (status == -1)
        return -1;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

int main(int argc, char **argv)
{
    char found[PATH_MAX];
    char cmdline[CMDLINE_MAX];
    int verbose = 0, argi = 1, rc;

    if (argi < argc && strcmp(argv[argi], "-v") == 0) {
        verbose = 1;
        argi++;
    }
    if (argi >= argc) {
        fprintf(stderr, "usage: %s [-v] PROGRAM [ARGS...]\n", argv[0]);
        return 2;
    }
    if (path_search(argv[argi], found, sizeof(found)) != 0) {
        fprintf(stderr, "%s: command not found\n", argv[argi]);
        return 127;
    }
    if (build_cmdline(cmdline, sizeof(cmdline), found, argv + argi + 1) != 0) {
        fprintf(stderr, "argument list too long\n");
        return 2;
    }
    if (verbose)
        fprintf(stderr, "+ %s\n", cmdline);
    rc = run_program(cmdline);
    if (rc < 0) {
        perror("run");
        return 126;
    }
    return rc;
}
