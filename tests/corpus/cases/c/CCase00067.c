#include <stdio.h>
#include <stdlib.h>

static int *alloc_table(size_t n)
{
    int *t = malloc(n * sizeof(*t));
    if (t == NULL)
        fprintf(stderr, "out of memory\n");
    return t;
}

int main(void)
{
    int *table = alloc_table(1024);
    table[0] = 42;
    printf("%d\n", table[0]);
    free(table);
    return 0;
}
