#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char cmd[512];
    if (argc < 2)
        return 2;
    snprintf(cmd, sizeof(cmd), "tar -czf /tmp/backup.tgz %s", argv[1]);
    return system(cmd);
}
