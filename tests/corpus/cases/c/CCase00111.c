#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int greet(const char *name)
{
    char *msg = malloc(strlen(name) + 8);
    if (msg == NULL)
        return -1;
    strcpy(msg, "hello, ");
    strcat(msg, name);
    puts(msg);
    free(msg);
    return 0;
}

int main(int argc, char **argv)
{
    return greet(argc > 1 ? argv[1] : "world");
}
