#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int *counts = calloc(16, sizeof(int));
    if (counts == NULL)
        return 1;
    if (argc > 3) {
        fputs("ignoring extra arguments\n", stderr);
        free(counts);
    }
    counts[0] = argc;
    printf("%d\n", counts[0]);
    free(counts);
    return 0;
}
