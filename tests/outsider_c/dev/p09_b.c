#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PATH_BUF 256

static size_t strip_trailing_slashes(char *s)
{
    size_t len = strlen(s);

    while (len > 1 && s[len - 1] == '/')
        s[--len] = '\0';
    return len;
}

int path_join(char *dst, size_t dstsz, const char *dir, const char *name)
{
    size_t dlen = strlen(dir);
    size_t nlen = strlen(name);

    while (nlen > 0 && name[0] == '/') {
        name++;
        nlen--;
    }
    if (dlen + 1 + nlen > dstsz)
        return -1;
    memcpy(dst, dir, dlen);
    dst[dlen] = '/';
    memcpy(dst + dlen + 1, name, nlen);
    dst[dlen + 1 + nlen] = '\0';
    return 0;
}

static void collapse_dots(char *path)
{
    char *r = path, *w = path;

    while (*r != '\0') {
        if (r[0] == '/' && r[1] == '/') {
            r++;
            continue;
        }
        if (r[0] == '/' && r[1] == '.' && (r[2] == '/' || r[2] == '\0')) {
            r += 2;
            continue;
        }
        *w++ = *r++;
    }
    *w = '\0';
}

static int contains_parent_ref(const char *p)
{
    const char *s = p;

    while ((s = strstr(s, "..")) != NULL) {
        if ((s == p || s[-1] == '/') && (s[2] == '/' || s[2] == '\0'))
            return 1;
        s += 2;
    }
    return 0;
}

int resolve_entry(const char *root, const char *rel)
{
    char full[PATH_BUF];

    if (contains_parent_ref(rel)) {
        fprintf(stderr, "%s: refusing parent reference\n", rel);
        return -1;
    }
    if (path_join(full, sizeof(full), root, rel) != 0) {
        fprintf(stderr, "%s: path too long\n", rel);
        return -1;
    }
    collapse_dots(full);
    printf("%s %s\n", access(full, R_OK) == 0 ? "ok  " : "miss", full);
    return 0;
}

int main(int argc, char **argv)
{
    char root[PATH_BUF];
    char line[1024];
    int errors = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s ROOT < list\n", argv[0]);
        return 2;
    }
    if (strlen(argv[1]) >= sizeof(root)) {
        fprintf(stderr, "root too long\n");
        return 2;
    }
    strcpy(root, argv[1]);
    strip_trailing_slashes(root);
    while (fgets(line, sizeof(line), stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#')
            continue;
        if (resolve_entry(root, line) != 0)
            errors++;
    }
    return errors ? 1 : 0;
}
