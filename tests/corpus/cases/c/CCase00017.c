#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char cmd[64];
    long pid;
    if (argc < 2)
        return 2;
    pid = strtol(argv[1], NULL, 10);
    if (pid <= 0)
        return 2;
    snprintf(cmd, sizeof(cmd), "kill -HUP %ld", pid);
    return system(cmd);
}
