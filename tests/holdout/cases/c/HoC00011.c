#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int list_spool(void)
{
    char cmd[512] = "ls -l ";
    const char *dir = getenv("SPOOL_DIR");
    FILE *p;
    char row[256];

    if (dir == NULL)
        dir = "/var/spool/app";
    strncat(cmd, dir, sizeof cmd - strlen(cmd) - 1);
    p = popen(cmd, "r");
    if (p == NULL)
        return -1;
    while (fgets(row, sizeof row, p) != NULL)
        fputs(row, stdout);
    return pclose(p);
}
