#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct grid {
    int n;
    int box;
    char *cells;
};

static int isqrt_exact(int n)
{
    int r = 1;
    while (r * r < n)
        r++;
    return r * r == n ? r : -1;
}

static struct grid *grid_new(int n)
{
    struct grid *g;
    int box = isqrt_exact(n);

    if (n < 4 || n > 36 || box < 0)
        return NULL;
    g = malloc(sizeof(*g));
    if (!g)
        return NULL;
    g->n = n;
    g->box = box;
    g->cells = malloc((size_t)n * n);
    if (!g->cells) {
        free(g);
        return NULL;
    }
    memset(g->cells, '.', (size_t)n * n);
    return g;
}

static int cell_value(char c)
{
    if (c >= '1' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 0;
}

static int grid_consistent(const struct grid *g)
{
    int r, c, k;
    for (r = 0; r < g->n; r++) {
        for (c = 0; c < g->n; c++) {
            int v = cell_value(g->cells[r * g->n + c]);
            if (!v)
                continue;
            if (v > g->n)
                return 0;
            for (k = 0; k < g->n; k++) {
                if (k != c && cell_value(g->cells[r * g->n + k]) == v)
                    return 0;
                if (k != r && cell_value(g->cells[k * g->n + c]) == v)
                    return 0;
            }
        }
    }
    return 1;
}

struct grid *grid_read(FILE *fp)
{
    char line[256];
    struct grid *g;
    int row = 0;

    if (!fgets(line, sizeof(line), fp))
        return NULL;
    g = grid_new(atoi(line));
    if (!g)
        return NULL;
    while (row < g->n && fgets(line, sizeof(line), fp)) {
        size_t len = strcspn(line, "\r\n");
        if (len == 0 || line[0] == '#')
            continue;
        if (len != (size_t)g->n) {
            fprintf(stderr, "row %d: expected %d cells, got %zu\n", row + 1, g->n, len);
            break;
        }
        memcpy(g->cells + (size_t)row * g->n, line, len);
        row++;
    }
    if (row != g->n) {
        free(g->cells);
        free(g);
        return NULL;
    }
    return g;
}

int main(int argc, char **argv)
{
    FILE *fp = argc > 1 ? fopen(argv[1], "r") : stdin;
    struct grid *g;
    int r, filled = 0;

    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    g = grid_read(fp);
    if (fp != stdin)
        fclose(fp);
    if (!g) {
        fprintf(stderr, "could not read puzzle\n");
        return 1;
    }
    for (r = 0; r < g->n * g->n; r++)
        if (g->cells[r] != '.')
            filled++;
    printf("%dx%d puzzle, %d givens, %s\n", g->n, g->n, filled,
           grid_consistent(g) ? "consistent" : "conflicting");
    free(g->cells);
    free(g);
    return 0;
}
