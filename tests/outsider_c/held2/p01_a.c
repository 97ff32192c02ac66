#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PW_NAME_LEN 32
#define PW_GECOS_LEN 128
#define PW_PATH_LEN 256

struct pw_entry {
    char name[PW_NAME_LEN];
    unsigned int uid;
    unsigned int gid;
    char gecos[PW_GECOS_LEN];
    char dir[PW_PATH_LEN];
    char shell[PW_PATH_LEN];
    struct pw_entry *next;
};

static char *next_field(char **cursor)
{
    char *start = *cursor;
    char *sep;

    if (start == NULL)
        return NULL;
    sep = strchr(start, ':');
    if (sep) {
        *sep = '\0';
        *cursor = sep + 1;
    } else {
        *cursor = NULL;
    }
    return start;
}

static void copy_field(char *dst, size_t size, const char *src)
{
    strncpy(dst, src, size - 1);
    dst[size - 1] = '\0';
}

int pw_parse_line(char *line, struct pw_entry *pw)
{
    char *cur = line;
    char *f[7];
    int i;

    line[strcspn(line, "\r\n")] = '\0';
    if (line[0] == '\0' || line[0] == '#')
        return -1;
    for (i = 0; i < 7; i++) {
        f[i] = next_field(&cur);
        if (f[i] == NULL)
            return -1;
    }
    copy_field(pw->name, sizeof(pw->name), f[0]);
    pw->uid = (unsigned int)strtoul(f[2], NULL, 10);
    pw->gid = (unsigned int)strtoul(f[3], NULL, 10);
    copy_field(pw->gecos, sizeof(pw->gecos), f[4]);
    copy_field(pw->dir, sizeof(pw->dir), f[5]);
    copy_field(pw->shell, sizeof(pw->shell), f[6]);
    pw->next = NULL;
    return 0;
}

struct pw_entry *pw_load(const char *path)
{
    FILE *fp = fopen(path, "r");
    char line[1024];
    struct pw_entry *head = NULL, **tail = &head;

    if (fp == NULL)
        return NULL;
    while (fgets(line, sizeof(line), fp)) {
        struct pw_entry *pw = calloc(1, sizeof(*pw));
        if (pw == NULL)
            break;
        if (pw_parse_line(line, pw) < 0) {
            free(pw);
            continue;
        }
        *tail = pw;
        tail = &pw->next;
    }
    fclose(fp);
    return head;
}

struct pw_entry *pw_find(struct pw_entry *list, const char *name)
{
    for (; list; list = list->next)
        if (strcmp(list->name, name) == 0)
            return list;
    return NULL;
}

static void pw_free(struct pw_entry *list)
{
    while (list) {
        struct pw_entry *n = list->next;
        free(list);
        list = n;
    }
}

static void usage(const char *prog)
{
    fprintf(stderr, "usage: %s [-f passwd] [-d|-s|-g] user\n", prog);
}

int main(int argc, char **argv)
{
    const char *file = "/etc/passwd";
    char what = 'd';
    struct pw_entry *list, *pw;
    char label[64];
    int opt;

    while ((opt = getopt(argc, argv, "f:dsg")) != -1) {
        switch (opt) {
        case 'f':
            file = optarg;
            break;
        case 'd':
        case 's':
        case 'g':
            what = (char)opt;
            break;
        default:
            usage(argv[0]);
            return 2;
        }
    }
    if (optind >= argc) {
        usage(argv[0]);
        return 2;
    }
    list = pw_load(file);
    if (list == NULL) {
        fprintf(stderr, "%s: cannot read %s\n", argv[0], file);
        return 1;
    }
    pw = pw_find(list, argv[optind]);
   if (pw == NULL) {
       fprintf(stderr, "%s: no such user\n", argv[optind]);
       pw_free(list);
       return 1;
   }
    snprintf(label, sizeof(label), "%s(%u)", pw->name, pw->uid);
    if (what == 's')
        printf("%s: %s\n", label, pw->shell);
    else if (what == 'g')
        printf("%s: %s\n", label, pw->gecos);
    else
        printf("%s: %s\n", label, pw->dir);
    pw_free(list);
    return 0;
}
