#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char cmd[512];
    (void)argv;
    snprintf(cmd, sizeof(cmd), "tar -czf /tmp/backup.tgz %s", "/etc/myapp");
    if (argc > 3)
        fputs("extra arguments ignored\n", stderr);
    return system(cmd);
}
