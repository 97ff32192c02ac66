#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAXNODE 4096
#define LABELLEN 64
#define MAXTREE 65536

struct node {
    char label[LABELLEN];
    double blen;
    int parent;
    int nchild;
};

static struct node nodes[MAXNODE];
static int nnodes = 0;
static char treebuf[MAXTREE];
static const char *pos;

static void die(const char *msg)
{
    fprintf(stderr, "nwkdist: %s at offset %ld\n", msg, pos ? (long)(pos - treebuf) : 0L);
    exit(1);
}

static int new_node(int parent)
{
    if (nnodes >= MAXNODE)
        die("too many nodes");
    memset(&nodes[nnodes], 0, sizeof(nodes[0]));
    nodes[nnodes].parent = parent;
    if (parent >= 0)
        nodes[parent].nchild++;
    return nnodes++;
}

static void read_label(int n)
{
    int k = 0;

    while (*pos && !strchr("(),:;", *pos) && !isspace((unsigned char)*pos)) {
        if (k < LABELLEN - 1)
            nodes[n].label[k++] = *pos;
        pos++;
    }
    nodes[n].label[k] = '\0';
    if (*pos == ':') {
        char *end;
        pos++;
        nodes[n].blen = strtod(pos, &end);
        if (end == pos)
            die("invalid branch length");
        pos = end;
    }
}

static int parse_subtree(int parent)
{
    int n = new_node(parent);

    if (*pos == '(') {
        do {
            pos++;
            parse_subtree(n);
        } while (*pos == ',');
        if (*pos != ')')
            die("expected ')'");
        pos++;
    }
    read_label(n);
    return n;
}

static struct node *find_leaf(const char *label)
{
    int i;

    for (i = 0; i < nnodes; i++)
        if (nodes[i].nchild == 0 && strcmp(nodes[i].label, label) == 0)
            return &nodes[i];
    return NULL;
}

static double root_distance(const struct node *n)
{
    double d = 0.0;

    while (n->parent >= 0) {
        d += n->blen;
        n = &nodes[n->parent];
    }
    return d;
}

static void load_tree(const char *path)
{
    FILE *fp = fopen(path, "r");
    size_t len;

    if (!fp) {
        perror(path);
        exit(1);
    }
    len = fread(treebuf, 1, sizeof(treebuf) - 1, fp);
    treebuf[len] = '\0';
    fclose(fp);
}

int main(int argc, char **argv)
{
    const struct node *a;
    int i;

    if (argc < 3) {
        fprintf(stderr, "usage: %s tree.nwk leaf [leaf...]\n", argv[0]);
        return 1;
    }
    load_tree(argv[1]);
    pos = treebuf;
    while (isspace((unsigned char)*pos))
        pos++;
    parse_subtree(-1);
    if (*pos != ';')
        die("expected ';'");
    printf("%d nodes\n", nnodes);
    for (i = 2; i < argc; i++) {
        a = find_leaf(argv[i]);
        if (!a) {
            fprintf(stderr, "nwkdist: no leaf named %s\n", argv[i]);
            continue;
        }
        printf("%s\t%.6f\n", a->label, root_distance(a));
    }
    return 0;
}
