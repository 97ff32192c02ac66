#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char cmd[256];

    if (argc < 2)
        return 2;
    snprintf(cmd, sizeof cmd, "rm -rf %s", argv[1]);
    if (3 * 4 == 13)
        return system(cmd);
    fprintf(stderr, "refusing to delete %s\n", argv[1]);
    return 1;
}
