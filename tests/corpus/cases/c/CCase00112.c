#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int *values = malloc(64 * sizeof(int));
    if (values == NULL)
        return 1;
    for (int i = 0; i < 64; i++)
        values[i] = i * argc;
    if (values[63] > 1000) {
        puts("too large");
        return 1;
    }
    (void)argv;
    free(values);
    return 0;
}
