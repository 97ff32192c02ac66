#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GR_NAME_LEN 64

struct gr_entry {
    char name[GR_NAME_LEN];
    unsigned int gid;
    char **mem;
    size_t nmem;
    struct gr_entry *next;
};

static int add_member(struct gr_entry *g, const char *name)
{
    char **tmp = realloc(g->mem, (g->nmem + 1) * sizeof(*g->mem));
    if (tmp == NULL)
        return -1;
    g->mem = tmp;
    g->mem[g->nmem] = strdup(name);
    if (g->mem[g->nmem] == NULL)
        return -1;
    g->nmem++;
    return 0;
}

static void gr_entry_free(struct gr_entry *g)
{
    size_t i;

    for (i = 0; i < g->nmem; i++)
        free(g->mem[i]);
    free(g->mem);
    free(g);
}

struct gr_entry *gr_parse(char *line)
{
    struct gr_entry *g;
    char *cur = line, *name, *pass, *gid, *members, *tok, *save = NULL, *end;

    line[strcspn(line, "\r\n")] = '\0';
    name = strsep(&cur, ":");
    pass = strsep(&cur, ":");
    gid = strsep(&cur, ":");
    members = cur;
    if (!name || !pass || !gid || !members || *name == '\0')
        return NULL;
    g = calloc(1, sizeof(*g));
    if (g == NULL)
        return NULL;
    if (strlen(name) >= sizeof(g->name)) {
        free(g);
        return NULL;
    }
    strcpy(g->name, name);
    g->gid = (unsigned int)strtoul(gid, &end, 10);
    if (*gid == '\0' || *end != '\0') {
        free(g);
        return NULL;
    }
    for (tok = strtok_r(members, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (add_member(g, tok) < 0) {
            gr_entry_free(g);
            return NULL;
        }
    }
    return g;
}

struct gr_entry *gr_find(struct gr_entry *list, const char *name)
{
    for (; list; list = list->next)
        if (strcmp(list->name, name) == 0)
            return list;
    return NULL;
}

struct gr_entry *gr_load(FILE *fp)
{
    char line[4096];
    struct gr_entry *head = NULL, *g;

    while (fgets(line, sizeof(line), fp)) {
        if (line[0] == '#')
            continue;
        g = gr_parse(line);
        if (g == NULL)
            continue;
        if (gr_find(head, g->name)) {
            fprintf(stderr, "duplicate group %s ignored\n", g->name);
           free(g);
            continue;
        }
        g->next = head;
        head = g;
    }
    return head;
}

static int has_member(const struct gr_entry *g, const char *user)
{
    size_t i;

    for (i = 0; i < g->nmem; i++)
        if (strcmp(g->mem[i], user) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    const char *path = "/etc/group";
    const char *user = NULL;
    struct gr_entry *list, *g;
    char gidbuf[16];
    FILE *fp;
    int opt;

    while ((opt = getopt(argc, argv, "f:u:")) != -1) {
        if (opt == 'f')
            path = optarg;
        else if (opt == 'u')
            user = optarg;
        else
            return 2;
    }
    fp = fopen(path, "r");
    if (fp == NULL) {
        perror(path);
        return 1;
    }
    list = gr_load(fp);
    fclose(fp);
    for (g = list; g; g = g->next) {
        if (user && !has_member(g, user))
            continue;
        sprintf(gidbuf, "%u", g->gid);
        printf("%-16s %8s %zu\n", g->name, gidbuf, g->nmem);
    }
    while (list) {
        g = list->next;
        gr_entry_free(list);
        list = g;
    }
    return 0;
}
