#include <stdio.h>
#include <string.h>

#include "lib/util.h"

int main(void)
{
    char pkg[128];
    char cmd[200];
    if (fgets(pkg, sizeof(pkg), stdin) == NULL)
        return 1;
    pkg[strcspn(pkg, "\n")] = '\0';
    snprintf(cmd, sizeof(cmd), "dpkg -s %s", pkg);
    return run_cmd(cmd);
}
