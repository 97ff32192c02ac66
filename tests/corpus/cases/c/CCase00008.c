#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    unsigned short len;
    char *copy;
    if (argc < 2)
        return 2;
    len = (unsigned short)(strlen(argv[1]) + 1);
    copy = malloc(len);
    if (copy == NULL)
        return 1;
    memcpy(copy, argv[1], strlen(argv[1]) + 1);
    puts(copy);
    free(copy);
    return 0;
}
