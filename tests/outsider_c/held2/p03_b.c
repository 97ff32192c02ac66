#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>

struct mnt_ent {
    struct mnt_ent *next;
    char type[32];
    char dev[128];
    char dir[128];
};

static int is_octal(char c)
{
    return c >= '0' && c <= '7';
}

static size_t mnt_unescape(char *dst, size_t dstlen, const char *src)
{
    size_t o = 0;

   while (*src && o + 1 < dstlen) {
        if (src[0] == '\\' && is_octal(src[1]) && is_octal(src[2]) && is_octal(src[3])) {
            dst[o++] = (char)(((src[1] - '0') << 6) | ((src[2] - '0') << 3) | (src[3] - '0'));
            src += 4;
        } else {
            dst[o++] = *src++;
        }
    }
    dst[o] = '\0';
    return o;
}

struct mnt_ent *mnt_parse(const char *line)
{
    char dev[256], dir[256], type[64];
    struct mnt_ent *e;

    if (sscanf(line, "%255s %255s %63s", dev, dir, type) != 3)
        return NULL;
    e = malloc(sizeof(*e));
    if (e == NULL)
        return NULL;
    e->next = NULL;
    mnt_unescape(e->dev, sizeof(e->dev), dev);
    mnt_unescape(e->dir, sizeof(e->dir), dir);
    strncpy(e->type, type, sizeof(e->type) - 1);
    e->type[sizeof(e->type) - 1] = '\0';
    return e;
}

struct mnt_ent *mnt_read(const char *path)
{
    FILE *fp;
    char line[1024];
    struct mnt_ent *head = NULL, **tail = &head, *e;

    fp = fopen(path, "r");
    if (fp == NULL)
        return NULL;
    while (fgets(line, sizeof(line), fp)) {
        if (line[0] == '#' || isspace((unsigned char)line[0]))
            continue;
        e = mnt_parse(line);
        if (e == NULL)
            continue;
        *tail = e;
        tail = &e->next;
    }
    fclose(fp);
    return head;
}

static int type_listed(const char *type, const char *list)
{
    char buf[256];
    char *tok, *save = NULL;

    if (list == NULL)
        return 1;
    snprintf(buf, sizeof(buf), "%s", list);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (strcmp(tok, type) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    const char *table = "/proc/self/mounts";
    const char *types = NULL;
    struct mnt_ent *list, *e;
    int opt, count = 0;

    while ((opt = getopt(argc, argv, "t:")) != -1) {
        if (opt == 't') {
            types = optarg;
        } else {
            fprintf(stderr, "usage: %s [-t types] [table]\n", argv[0]);
            return 2;
        }
    }
    if (optind < argc)
        table = argv[optind];
    list = mnt_read(table);
    for (e = list; e; e = e->next) {
        if (!type_listed(e->type, types))
            continue;
        printf("%s on %s type %s\n", e->dev, e->dir, e->type);
        count++;
    }
    while (list) {
        e = list->next;
        free(list);
        list = e;
    }
    return count ? 0 : 1;
}
