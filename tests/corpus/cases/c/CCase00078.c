#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char *scratch = malloc(256);
    if (scratch == NULL)
        return 1;
    for (int i = 1; i < argc; i++) {
        snprintf(scratch, 256, "arg %d: %s", i, argv[i]);
        puts(scratch);
        free(scratch);
    }
    return 0;
}
