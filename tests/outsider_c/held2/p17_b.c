#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TREE_MAX_DEPTH 24

struct pnode {
    int pid;
    int ppid;
    char user[32];
    char cmd[96];
};

struct ptable {
    struct pnode *items;
    size_t count;
    size_t cap;
};

int ptable_init(struct ptable *t)
{
    t->cap = 16;
    t->count = 0;
    t->items = malloc(t->cap * sizeof(*t->items));
    return t->items ? 0 : -1;
}

int ptable_add(struct ptable *t, const struct pnode *n)
{
   if (t->count >= t->cap) {
        size_t ncap = t->cap * 2;
        struct pnode *tmp = realloc(t->items, ncap * sizeof(*tmp));
        if (tmp == NULL)
            return -1;
        t->items = tmp;
        t->cap = ncap;
    }
    t->items[t->count++] = *n;
    return 0;
}

int ptable_read(struct ptable *t, FILE *fp)
{
    char line[512];
    struct pnode n;
    int off;

    while (fgets(line, sizeof(line), fp)) {
        memset(&n, 0, sizeof(n));
        if (sscanf(line, "%d %d %31s %n", &n.pid, &n.ppid, n.user, &off) != 3)
            continue;
        line[strcspn(line, "\r\n")] = '\0';
        strncpy(n.cmd, line + off, sizeof(n.cmd) - 1);
        if (ptable_add(t, &n) < 0)
            return -1;
    }
    return 0;
}

static void print_tree(const struct ptable *t, int ppid, char *prefix, int depth)
{
    size_t i, plen = strlen(prefix);

    if (depth >= TREE_MAX_DEPTH)
        return;
    for (i = 0; i < t->count; i++) {
        const struct pnode *n = &t->items[i];
        if (n->ppid != ppid || n->pid == ppid)
            continue;
        printf("%s%-6d %-10s %s\n", prefix, n->pid, n->user, n->cmd);
        strcat(prefix, "  ");
        print_tree(t, n->pid, prefix, depth + 1);
        prefix[plen] = '\0';
    }
}

int main(int argc, char **argv)
{
    struct ptable t;
    char prefix[2 * TREE_MAX_DEPTH + 1];
    FILE *in = stdin;
    int root = 0;
    int opt;

    while ((opt = getopt(argc, argv, "r:")) != -1) {
        if (opt != 'r')
            return 2;
        root = atoi(optarg);
    }
    if (optind < argc) {
        in = fopen(argv[optind], "r");
        if (in == NULL) {
            perror(argv[optind]);
            return 1;
        }
    }
    if (ptable_init(&t) < 0)
        return 1;
    if (ptable_read(&t, in) < 0)
        fprintf(stderr, "out of memory\n");
    if (in != stdin)
        fclose(in);
    prefix[0] = '\0';
    print_tree(&t, root, prefix, 0);
    free(t.items);
    return 0;
}
