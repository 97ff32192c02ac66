#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    char *copy = strdup(argc > 1 ? argv[1] : "x");
    if (copy == NULL)
        return 1;
    if (strlen(copy) > 8) {
        free(copy);
        return 0;
    }
    free(copy);
    return 0;
}
