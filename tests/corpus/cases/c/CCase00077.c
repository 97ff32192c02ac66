#include <stdlib.h>
#include <string.h>

static char *renamed(char *old)
{
    free(old);
    return strdup("renamed");
}

int main(void)
{
    char *name = strdup("entry");
    if (name == NULL)
        return 1;
    name = renamed(name);
    free(name);
    return 0;
}
