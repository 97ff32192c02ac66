#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    char *copy = strdup(argc > 1 ? argv[1] : "x");
    char *alias;
    if (copy == NULL)
        return 1;
    alias = copy;
    free(copy);
    free(alias);
    return 0;
}
