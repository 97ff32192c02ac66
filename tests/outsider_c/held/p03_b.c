#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITEMS 4096

struct ingredient {
    char name[48];
    char unit[12];
    double qty;
};

struct recipe {
    char title[80];
    unsigned servings;
    unsigned count;
    struct ingredient *items;
};

static void trim_newline(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
}

static int read_item(FILE *fp, struct ingredient *it)
{
    char line[160];

    if (!fgets(line, sizeof(line), fp))
        return -1;
    trim_newline(line);
    memset(it, 0, sizeof(*it));
    if (sscanf(line, "%lf %11s %47[^\n]", &it->qty, it->unit, it->name) != 3)
        return -1;
    return 0;
}

struct recipe *recipe_load(FILE *fp)
{
    char line[160];
    unsigned count, servings, bytes, i;
    struct recipe *r;

    if (!fgets(line, sizeof(line), fp))
        return NULL;
    if (sscanf(line, "%u %u", &servings, &count) != 2 || servings == 0)
        return NULL;
    if (count == 0 || count > MAX_ITEMS)
        return NULL;
    r = calloc(1, sizeof(*r));
    if (!r)
        return NULL;
    if (fgets(r->title, sizeof(r->title), fp))
        trim_newline(r->title);
    bytes = count * (unsigned)sizeof(struct ingredient);
    r->items = malloc(bytes);
    if (!r->items) {
        free(r);
        return NULL;
    }
    r->servings = servings;
    for (i = 0; i < count; i++) {
        if (read_item(fp, &r->items[i]) != 0)
            break;
    }
    r->count = i;
    return r;
}

static void recipe_scale(struct recipe *r, unsigned target)
{
    double factor = (double)target / r->servings;
    unsigned i;

    for (i = 0; i < r->count; i++)
        r->items[i].qty *= factor;
    r->servings = target;
}

static void recipe_print(const struct recipe *r)
{
    char header[128];
    unsigned i;

    snprintf(header, sizeof(header), "%s (serves %u)", r->title, r->servings);
    puts(header);
    for (i = 0; i < r->count; i++)
        printf("  %8.2f %-6s %s\n", r->items[i].qty, r->items[i].unit, r->items[i].name);
}

int main(int argc, char **argv)
{
    FILE *fp;
    struct recipe *r;
    unsigned target = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s recipe.txt [servings]\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    r = recipe_load(fp);
    fclose(fp);
    if (!r) {
        fprintf(stderr, "could not parse recipe\n");
        return 1;
    }
    if (argc > 2)
        target = (unsigned)atoi(argv[2]);
    if (target > 0)
        recipe_scale(r, target);
    recipe_print(r);
    free(r->items);
    free(r);
    return 0;
}
