#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int level;
    if (argc > 1 && strcmp(argv[1], "-v") == 0)
        level = 2;
    else
        level = 0;
    printf("log level %d\n", level);
    return 0;
}
