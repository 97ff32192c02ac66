#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int *counts = calloc(16, sizeof(int));
    if (counts == NULL)
        return 1;
    (void)argv;
    counts[0] = argc;
    printf("%d\n", counts[0]);
    free(counts);
    counts = NULL;
    free(counts);
    return 0;
}
