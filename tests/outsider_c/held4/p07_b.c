#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define NUM_SLOTS 16

typedef struct {
    uint16_t id;
    const char *name;
    uint8_t max_stack;
    uint16_t weight;
} item_def_t;

typedef struct {
    const item_def_t *def;
    uint8_t count;
    char *label;
} slot_t;

typedef struct {
    slot_t slots[NUM_SLOTS];
    unsigned total_weight;
} inventory_t;

static const item_def_t item_table[] = {
    { 1, "Potion", 20, 1 },
    { 2, "Iron Sword", 1, 12 },
    { 3, "Arrow", 99, 0 },
    { 4, "Lockpick", 10, 0 },
    { 5, "Shield", 1, 15 },
};
#define NUM_ITEMS (sizeof(item_table) / sizeof(item_table[0]))

static const item_def_t *item_lookup(unsigned id)
{
    for (size_t i = 0; i < NUM_ITEMS; i++)
        if (item_table[i].id == id)
            return &item_table[i];
    return NULL;
}

static void inv_recalc(inventory_t *inv)
{
    inv->total_weight = 0;
    for (int i = 0; i < NUM_SLOTS; i++)
        if (inv->slots[i].def)
            inv->total_weight += inv->slots[i].def->weight * inv->slots[i].count;
}

int inv_add(inventory_t *inv, unsigned id, unsigned count, const char *label)
{
    const item_def_t *def = item_lookup(id);
    if (!def || count == 0 || count > def->max_stack)
        return -1;
    for (int i = 0; i < NUM_SLOTS; i++) {
        slot_t *s = &inv->slots[i];
        if (s->def)
            continue;
        s->def = def;
        s->count = (uint8_t)count;
        if (label) {
            s->label = malloc(strlen(label) + 1);
            if (!s->label)
                return -1;
            strcpy(s->label, label);
        }
        inv_recalc(inv);
        return i;
    }
    return -1;
}

void inv_drop(inventory_t *inv, unsigned slot)
{
    if (slot >= NUM_SLOTS || !inv->slots[slot].def)
        return;
    slot_t *s = &inv->slots[slot];
    free(s->label);
    s->def = NULL;
    s->count = 0;
    inv_recalc(inv);
}

void inv_free(inventory_t *inv)
{
    for (int i = 0; i < NUM_SLOTS; i++) {
        free(inv->slots[i].label);
        inv->slots[i].label = NULL;
    }
}

static void inv_list(const inventory_t *inv)
{
    char line[96];
    for (int i = 0; i < NUM_SLOTS; i++) {
        const slot_t *s = &inv->slots[i];
        if (!s->def)
            continue;
        snprintf(line, sizeof(line), "%2d: %-12s x%-3u %s", i, s->def->name, s->count,
                 s->label ? s->label : "");
        puts(line);
    }
    printf("weight: %u\n", inv->total_weight);
}

int main(void)
{
    inventory_t inv;
    char line[128], label[48];
    unsigned a, b;

    memset(&inv, 0, sizeof(inv));
    while (fgets(line, sizeof(line), stdin)) {
        if (sscanf(line, "add %u %u %47s", &a, &b, label) == 3)
            inv_add(&inv, a, b, label);
        else if (sscanf(line, "add %u %u", &a, &b) == 2)
            inv_add(&inv, a, b, NULL);
        else if (sscanf(line, "drop %u", &a) == 1)
            inv_drop(&inv, a);
        else if (strncmp(line, "list", 4) == 0)
            inv_list(&inv);
        else
            fprintf(stderr, "?\n");
    }
    inv_free(&inv);
    return 0;
}
