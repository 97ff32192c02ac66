#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    char mode[16];

    if (argc > 1 && argv[1][0] == 'w')
        strcpy(mode, "read-write");
    else
        strcpy(mode, "read-only");
    printf("%s\n", mode);
    return 0;
}
