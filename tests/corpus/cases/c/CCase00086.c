#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    char *last = NULL;
    for (int i = 1; i < argc; i++) {
        last = strdup(argv[i]);
        if (last == NULL)
            return 1;
    }
    if (last != NULL) {
        puts(last);
        free(last);
    }
    return 0;
}
