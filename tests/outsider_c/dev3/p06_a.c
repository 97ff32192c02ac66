#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PATH_BUF 256

static void normalize(char *path)
{
    char *src = path, *dst = path;

    while (*src) {
        if (src[0] == '/' && src[1] == '/') {
            src++;
            continue;
        }
        if (src[0] == '/' && src[1] == '.' && (src[2] == '/' || src[2] == '\0')) {
            src += 2;
            continue;
        }
        *dst++ = *src++;
    }
    while (dst > path + 1 && dst[-1] == '/')
        dst--;
    *dst = '\0';
}

int path_join(char *out, size_t outsz, const char *dir, const char *name)
{
    while (*name == '/')
        name++;
    strcpy(out, dir);
    if (out[0] && out[strlen(out) - 1] != '/')
        strcat(out, "/");
    strcat(out, name);
    normalize(out);
    return 0;
}

static const char *kind_of(const struct stat *st)
{
    if (S_ISDIR(st->st_mode))
        return "dir";
    if (S_ISREG(st->st_mode))
        return "file";
    if (S_ISLNK(st->st_mode))
        return "link";
    return "other";
}

static int describe(const char *root, const char *name)
{
    char full[PATH_BUF];
    struct stat st;

    if (path_join(full, sizeof(full), root, name) < 0) {
        fprintf(stderr, "path too long: %s\n", name);
        return -1;
    }
    if (lstat(full, &st) < 0) {
        printf("%-40s missing\n", full);
        return 1;
    }
    printf("%-40s %-5s %10lld\n", full, kind_of(&st), (long long)st.st_size);
    return 0;
}

int main(int argc, char **argv)
{
    char root[PATH_BUF];
    char line[1024];
    int missing = 0, rc;
    FILE *fp = stdin;

    if (argc < 2) {
        fprintf(stderr, "usage: %s ROOT [LIST]\n", argv[0]);
        return 2;
    }
    if (strlen(argv[1]) >= sizeof(root)) {
        fprintf(stderr, "root too long\n");
        return 2;
    }
    strcpy(root, argv[1]);
    normalize(root);
    if (argc > 2 && (fp = fopen(argv[2], "r")) == NULL) {
        perror(argv[2]);
        return 2;
    }
    while (fgets(line, sizeof(line), fp)) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '\0')
            continue;
        rc = describe(root, line);
        if (rc > 0)
            missing++;
    }
    if (fp != stdin)
        fclose(fp);
    printf("%d missing\n", missing);
    return missing ? 1 : 0;
}
