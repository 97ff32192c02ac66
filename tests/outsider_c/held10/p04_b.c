#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_SIZE 256
#define MAX_PAGES 8192
#define NO_PAGE 0xffffffffu

struct node_hdr {
    uint16_t nkeys;
    uint16_t leaf;
    uint32_t leftmost;
};

struct entry {
    uint32_t key;
    uint32_t val;
};

#define NODE_CAP ((PAGE_SIZE - sizeof(struct node_hdr)) / sizeof(struct entry))

struct pager {
    uint8_t *pages[MAX_PAGES];
    uint32_t npages;
    uint32_t root;
};

static struct node_hdr *hdr(uint8_t *pg) { return (struct node_hdr *)pg; }
static struct entry *ents(uint8_t *pg) { return (struct entry *)(pg + sizeof(struct node_hdr)); }

static uint32_t pager_alloc(struct pager *p, int leaf)
{
    uint8_t *pg;

    if (p->npages >= MAX_PAGES)
        return NO_PAGE;
    pg = malloc(PAGE_SIZE);
    if (pg == NULL)
        return NO_PAGE;
    memset(pg, 0, PAGE_SIZE);
    hdr(pg)->leaf = (uint16_t)leaf;
    hdr(pg)->leftmost = NO_PAGE;
    p->pages[p->npages] = pg;
    return p->npages++;
}

static size_t lower_bound(uint8_t *pg, uint32_t key)
{
    size_t lo = 0, hi = hdr(pg)->nkeys;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (ents(pg)[mid].key < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static uint32_t child_for(uint8_t *pg, uint32_t key)
{
    size_t pos = lower_bound(pg, key);
    if (pos < hdr(pg)->nkeys && ents(pg)[pos].key == key)
        pos++;
    return pos == 0 ? hdr(pg)->leftmost : ents(pg)[pos - 1].val;
}

static void node_insert_at(uint8_t *pg, size_t pos, uint32_t key, uint32_t val)
{
    struct node_hdr *h = hdr(pg);
    struct entry *e = ents(pg);

    memmove(&e[pos + 1], &e[pos], (h->nkeys - pos) * sizeof(*e));
    e[pos].key = key;
    e[pos].val = val;
    h->nkeys++;
}

static int node_split(struct pager *p, uint32_t pgno, uint32_t *sep, uint32_t *right)
{
    uint8_t *l = p->pages[pgno], *r;
    uint32_t rno = pager_alloc(p, hdr(l)->leaf);
    size_t n = hdr(l)->nkeys, mid = n / 2;

    if (rno == NO_PAGE)
        return -1;
    r = p->pages[rno];
    if (hdr(l)->leaf) {
        memcpy(ents(r), ents(l) + mid, (n - mid) * sizeof(struct entry));
        hdr(r)->nkeys = (uint16_t)(n - mid);
        *sep = ents(r)[0].key;
    } else {
        *sep = ents(l)[mid].key;
        hdr(r)->leftmost = ents(l)[mid].val;
        memcpy(ents(r), ents(l) + mid + 1, (n - mid - 1) * sizeof(struct entry));
        hdr(r)->nkeys = (uint16_t)(n - mid - 1);
    }
    hdr(l)->nkeys = (uint16_t)mid;
    *right = rno;
    return 0;
}

static int insert_rec(struct pager *p, uint32_t pgno, uint32_t key, uint32_t val,
                      uint32_t *sep, uint32_t *right)
{
    uint8_t *pg = p->pages[pgno];
    size_t pos = lower_bound(pg, key);
    int split = 0;

    if (hdr(pg)->leaf) {
        if (pos < hdr(pg)->nkeys && ents(pg)[pos].key == key) {
            ents(pg)[pos].val = val;
            return 0;
        }
    } else {
        uint32_t csep, cright;
        int rc = insert_rec(p, child_for(pg, key), key, val, &csep, &cright);
        if (rc <= 0)
            return rc;
        key = csep;
        val = cright;
    }
    if (hdr(pg)->nkeys >= NODE_CAP) {
        if (node_split(p, pgno, sep, right) != 0)
            return -1;
        split = 1;
        if (key >= *sep)
            pg = p->pages[*right];
    }
    pos = lower_bound(pg, key);
    node_insert_at(pg, pos, key, val);
    return split;
}

int btree_insert(struct pager *p, uint32_t key, uint32_t val)
{
    uint32_t sep, right, nroot;
    int rc = insert_rec(p, p->root, key, val, &sep, &right);

    if (rc <= 0)
        return rc;
    nroot = pager_alloc(p, 0);
    if (nroot == NO_PAGE)
        return -1;
    hdr(p->pages[nroot])->leftmost = p->root;
    node_insert_at(p->pages[nroot], 0, sep, right);
    p->root = nroot;
    return 0;
}

int main(int argc, char **argv)
{
    static struct pager p;
    char line[64];
    unsigned long key;
    uint32_t lineno = 0, depth = 1, pg;

    if ((p.root = pager_alloc(&p, 1)) == NO_PAGE)
        return 1;
    while (fgets(line, sizeof(line), stdin) != NULL) {
        lineno++;
        if (sscanf(line, "%lu", &key) != 1 || key > UINT32_MAX)
            continue;
        if (btree_insert(&p, (uint32_t)key, lineno) != 0) {
            fprintf(stderr, "%s: insert failed at line %u\n", argv[0], lineno);
            break;
        }
    }
    for (pg = p.root; !hdr(p.pages[pg])->leaf; pg = hdr(p.pages[pg])->leftmost)
        depth++;
    printf("pages=%u depth=%u\n", p.npages, depth);
    for (pg = 0; pg < p.npages; pg++)
        free(p.pages[pg]);
    (void)argc;
    return 0;
}
