#include <stdlib.h>
#include <string.h>

char *join_path(const char *dir, const char *file)
{
    unsigned short len = strlen(dir) + strlen(file) + 2;
    char *out = malloc(len);

    if (out == NULL)
        return NULL;
    strcpy(out, dir);
    strcat(out, "/");
    strcat(out, file);
    return out;
}
