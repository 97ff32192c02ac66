#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>
#include <limits.h>
#include <sys/stat.h>

struct entry {
    char name[256];
    char target[PATH_MAX];
    mode_t mode;
    off_t size;
};

static void mode_string(mode_t m, char *buf, size_t size)
{
    const char *rwx = "rwxrwxrwx";
    size_t i;

    if (size < 11)
        return;
    buf[0] = S_ISDIR(m) ? 'd' : S_ISLNK(m) ? 'l' : S_ISFIFO(m) ? 'p' : '-';
    for (i = 0; i < 9; i++)
        buf[i + 1] = (m & (1u << (8 - i))) ? rwx[i] : '-';
    buf[10] = '\0';
}

static char indicator(mode_t m)
{
    if (S_ISDIR(m))
        return '/';
    if (S_ISLNK(m))
        return '@';
    if (S_ISFIFO(m))
        return '|';
    if (m & S_IXUSR)
        return '*';
    return 0;
}

char *format_entry(const struct entry *e)
{
    char mode[11];
    char num[24];
    char *line;
    size_t need;
    char ind;
    int n;

    mode_string(e->mode, mode, sizeof(mode));
    ind = indicator(e->mode);
    snprintf(num, sizeof(num), "%12lld", (long long)e->size);
    need = strlen(mode) + 1 + strlen(num) + 1 + strlen(e->name) + 2;
    if (e->target[0])
        need += strlen(e->target);
    line = malloc(need);
    if (!line)
        return NULL;
    n = sprintf(line, "%s %s %s", mode, num, e->name);
    if (ind)
        line[n++] = ind;
    line[n] = '\0';
    if (e->target[0])
        sprintf(line + n, " -> %s", e->target);
    return line;
}

static int cmp_entry(const void *a, const void *b)
{
    const struct entry *x = a, *y = b;
    return strcmp(x->name, y->name);
}

static int load_entry(const char *dir, const char *name, struct entry *e)
{
    char path[PATH_MAX];
    struct stat st;
    ssize_t n;

    if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
        return -1;
    if (lstat(path, &st) != 0)
        return -1;
    memset(e, 0, sizeof(*e));
    strncpy(e->name, name, sizeof(e->name) - 1);
    e->mode = st.st_mode;
    e->size = st.st_size;
    if (S_ISLNK(st.st_mode)) {
        n = readlink(path, e->target, sizeof(e->target) - 1);
        if (n > 0)
            e->target[n] = '\0';
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    struct entry *ents = NULL, *tmp;
    size_t count = 0, cap = 0, i;
    struct dirent *de;
    DIR *d;

    d = opendir(dir);
    if (!d) {
        perror(dir);
        return 1;
    }
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 16;
            tmp = realloc(ents, cap * sizeof(*ents));
            if (!tmp)
                break;
            ents = tmp;
        }
        if (load_entry(dir, de->d_name, &ents[count]) == 0)
            count++;
    }
    closedir(d);
    if (count)
        qsort(ents, count, sizeof(*ents), cmp_entry);
    for (i = 0; i < count; i++) {
        char *line = format_entry(&ents[i]);
        if (line) {
            puts(line);
            free(line);
        }
    }
    printf("total %zu\n", count);
    free(ents);
    return 0;
}
