#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    int id;
    char label[32];
    int *adj;
    int degree;
    int cap;
};

struct graph {
    struct node **nodes;
    int count;
    int cap;
    int next_id;
};

static struct node *find_node(struct graph *g, const char *label, int *index)
{
    int i;
    for (i = 0; i < g->count; i++) {
        if (strcmp(g->nodes[i]->label, label) == 0) {
            if (index)
                *index = i;
            return g->nodes[i];
        }
    }
    return NULL;
}

static struct node *add_node(struct graph *g, const char *label)
{
    struct node *n = find_node(g, label, NULL);
    if (n)
        return n;
    if (g->count == g->cap) {
        int nc = g->cap ? g->cap * 2 : 8;
        struct node **tmp = realloc(g->nodes, (size_t)nc * sizeof(*tmp));
        if (!tmp)
            return NULL;
        g->nodes = tmp;
        g->cap = nc;
    }
    n = calloc(1, sizeof(*n));
    if (!n)
        return NULL;
    n->id = g->next_id++;
    strncpy(n->label, label, sizeof(n->label) - 1);
    g->nodes[g->count++] = n;
    return n;
}

static int link_nodes(struct node *a, struct node *b)
{
    if (a->degree == a->cap) {
        int nc = a->cap ? a->cap * 2 : 4;
        int *tmp = realloc(a->adj, (size_t)nc * sizeof(int));
        if (!tmp)
            return -1;
        a->adj = tmp;
        a->cap = nc;
    }
    a->adj[a->degree++] = b->id;
    return 0;
}

static void purge_edges(struct graph *g, int id)
{
    int i, j, k;
    for (i = 0; i < g->count; i++) {
        struct node *n = g->nodes[i];
        for (j = 0, k = 0; j < n->degree; j++)
            if (n->adj[j] != id)
                n->adj[k++] = n->adj[j];
        n->degree = k;
    }
}

int graph_remove(struct graph *g, const char *label)
{
    int idx;
    struct node *victim = find_node(g, label, &idx);
    if (!victim)
        return -1;
    free(victim->adj);
    free(victim);
    g->nodes[idx] = g->nodes[--g->count];
    purge_edges(g, victim->id);
    return 0;
}

static void graph_print(const struct graph *g)
{
    int i, j;
    for (i = 0; i < g->count; i++) {
        printf("%s[%d]:", g->nodes[i]->label, g->nodes[i]->id);
        for (j = 0; j < g->nodes[i]->degree; j++)
            printf(" %d", g->nodes[i]->adj[j]);
        putchar('\n');
    }
}

int main(void)
{
    struct graph g = { NULL, 0, 0, 1 };
    char line[128], cmd[16], a[32], b[32];
    int i;

    while (fgets(line, sizeof(line), stdin)) {
        int n = sscanf(line, "%15s %31s %31s", cmd, a, b);
        if (n >= 3 && strcmp(cmd, "edge") == 0) {
            struct node *x = add_node(&g, a), *y = add_node(&g, b);
            if (x && y) {
                link_nodes(x, y);
                link_nodes(y, x);
            }
        } else if (n >= 2 && strcmp(cmd, "del") == 0) {
            if (graph_remove(&g, a) != 0)
                fprintf(stderr, "no such node: %s\n", a);
        } else if (n >= 1 && strcmp(cmd, "show") == 0) {
            graph_print(&g);
        }
    }
    for (i = 0; i < g.count; i++) {
        free(g.nodes[i]->adj);
        free(g.nodes[i]);
    }
    free(g.nodes);
    return 0;
}
