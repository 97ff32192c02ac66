#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char cmd[256];

    if (argc < 2)
        return 2;
    snprintf(cmd, sizeof cmd, "gzip -9 %s", argv[1]);
    return system(cmd);
}
