#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SKU_W        10
#define DESC_W       24
#define LOC_W         6
#define QTY_W         7
#define ROP_W         5
#define COST_W        9
#define STOCK_REC_LEN (SKU_W + DESC_W + LOC_W + QTY_W + ROP_W + COST_W)
#define HASH_SIZE   211

struct stock_item {
    char sku[SKU_W + 1];
    char desc[DESC_W + 1];
    char loc[LOC_W + 1];
    long on_hand;
    long reorder_pt;
    long unit_cost;
    struct stock_item *next;
};

static struct stock_item *bucket[HASH_SIZE];
static char rpt[96];

static unsigned int sku_hash(const char *sku)
{
    unsigned int h = 0;

    while (*sku)
        h = h * 31 + (unsigned char)*sku++;
    return h % HASH_SIZE;
}

static struct stock_item *stock_find(const char *sku)
{
    struct stock_item *it;

    for (it = bucket[sku_hash(sku)]; it != NULL; it = it->next)
        if (strcmp(it->sku, sku) == 0)
            return it;
    return NULL;
}

static void get_text(char *dst, const char *rec, int off, int width)
{
    int n = width;

    memcpy(dst, rec + off, width);
    while (n > 0 && dst[n - 1] == ' ')
        n--;
    dst[n] = '\0';
}

static long get_num(const char *rec, int off, int width)
{
    char tmp[16];

    memcpy(tmp, rec + off, width);
    tmp[width] = '\0';
    return atol(tmp);
}

static int load_master(FILE *fp)
{
    char rec[STOCK_REC_LEN + 8];
    struct stock_item *it;
    unsigned int h;
    int loaded = 0;

    while (fgets(rec, sizeof rec, fp) != NULL) {
        if (strcspn(rec, "\r\n") < STOCK_REC_LEN)
            continue;
        if ((it = malloc(sizeof *it)) == NULL)
            return -1;
        get_text(it->sku, rec, 0, SKU_W);
        get_text(it->desc, rec, SKU_W, DESC_W);
        get_text(it->loc, rec, SKU_W + DESC_W, LOC_W);
        it->on_hand = get_num(rec, SKU_W + DESC_W + LOC_W, QTY_W);
        it->reorder_pt = get_num(rec, SKU_W + DESC_W + LOC_W + QTY_W, ROP_W);
        it->unit_cost = get_num(rec, SKU_W + DESC_W + LOC_W + QTY_W + ROP_W, COST_W);
        if (it->sku[0] == '\0' || it->unit_cost < 0) {
            fprintf(stderr, "master: bad record for SKU '%s'\n", it->sku);
            free(it);
            continue;
        }
        if (stock_find(it->sku) != NULL) {
            fprintf(stderr, "master: duplicate SKU %s ignored\n", it->sku);
            continue;
        }
        h = sku_hash(it->sku);
        it->next = bucket[h];
        bucket[h] = it;
        loaded++;
    }
    return loaded;
}

static void apply_movement(const char *line)
{
    char type, sku[SKU_W + 1];
    long qty;
    struct stock_item *it;

    if (sscanf(line, " %c %10s %ld", &type, sku, &qty) != 3 || qty < 0 || qty > 9999999)
        return;
    if ((it = stock_find(sku)) == NULL) {
        fprintf(stderr, "movement: unknown SKU %s\n", sku);
        return;
    }
    if (type == 'R')
        it->on_hand += qty;
    else if (type == 'I')
        it->on_hand -= qty;
    else if (type == 'A')
        it->on_hand = qty;
}

int main(int argc, char **argv)
{
    FILE *fp;
    char line[64];
    struct stock_item *it, *nx;
    long value = 0;
    int h;

    if (argc < 2 || (fp = fopen(argv[1], "r")) == NULL) {
        fprintf(stderr, "usage: %s stockmaster < movements\n", argv[0]);
        return 1;
    }
    if (load_master(fp) < 0) {
        fclose(fp);
        return 1;
    }
    fclose(fp);
    while (fgets(line, sizeof line, stdin) != NULL)
        apply_movement(line);

    for (h = 0; h < HASH_SIZE; h++) {
        for (it = bucket[h]; it != NULL; it = nx) {
            nx = it->next;
            value += it->on_hand * it->unit_cost;
            if (it->on_hand <= it->reorder_pt) {
                sprintf(rpt, "REORDER %-10s %-24s %-6s ON HAND %7ld ROP %5ld",
                        it->sku, it->desc, it->loc, it->on_hand, it->reorder_pt);
                puts(rpt);
            }
            free(it);
        }
        bucket[h] = NULL;
    }
    printf("STOCK VALUE %ld.%02ld\n", value / 100, value % 100);
    return 0;
}
