#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>

struct host_entry {
    char *name;
    struct in_addr addr;
    struct host_entry *next;
};

struct host_table {
    struct host_entry *head;
    size_t count;
    size_t rejected;
};

static void table_free(struct host_table *t)
{
    struct host_entry *e = t->head, *next;

    while (e != NULL) {
        next = e->next;
        free(e->name);
        free(e);
        e = next;
    }
    t->head = NULL;
    t->count = 0;
}

static int name_is_valid(const char *name)
{
    size_t len = strlen(name);

    if (len == 0 || len > 253 || name[0] == '-' || name[0] == '.')
        return 0;
    return strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-.") == len;
}

int load_hosts(const char *path, struct host_table *t)
{
    char line[512], ip[64], name[256];
    struct host_entry *e;
    FILE *fp;

    memset(t, 0, sizeof(*t));
    fp = fopen(path, "r");
    if (fp == NULL)
        return -1;
    while (fgets(line, sizeof(line), fp) != NULL) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        e = calloc(1, sizeof(*e));
        if (e == NULL) {
            fclose(fp);
            table_free(t);
            return -1;
        }
        if (sscanf(line, "%63s %255s", ip, name) != 2 ||
            inet_pton(AF_INET, ip, &e->addr) != 1 || !name_is_valid(name)) {
            t->rejected++;
            continue;
        }
        e->name = strdup(name);
        if (e->name == NULL) {
            free(e);
            fclose(fp);
            table_free(t);
            return -1;
        }
        e->next = t->head;
        t->head = e;
        t->count++;
    }
    fclose(fp);
    return 0;
}

const struct host_entry *lookup_host(const struct host_table *t, const char *name)
{
    const struct host_entry *e;

    for (e = t->head; e != NULL; e = e->next) {
        if (strcmp(e->name, name) == 0)
            return e;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    struct host_table t;
    const struct host_entry *e;
    char buf[INET_ADDRSTRLEN];
    int i, missing = 0;

    if (argc < 3) {
        fprintf(stderr, "usage: %s HOSTSFILE NAME...\n", argv[0]);
        return 2;
    }
    if (load_hosts(argv[1], &t) != 0) {
        perror(argv[1]);
        return 1;
    }
    fprintf(stderr, "%zu entries, %zu rejected\n", t.count, t.rejected);
    for (i = 2; i < argc; i++) {
        e = lookup_host(&t, argv[i]);
        if (e == NULL) {
            printf("%s: not found\n", argv[i]);
            missing++;
            continue;
        }
        inet_ntop(AF_INET, &e->addr, buf, sizeof(buf));
        printf("%s: %s\n", argv[i], buf);
    }
    table_free(&t);
    return missing ? 1 : 0;
}
