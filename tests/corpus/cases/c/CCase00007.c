#include <stdio.h>
#include <string.h>

#include "lib/util.h"

int main(void)
{
    char name[128];
    if (fgets(name, sizeof(name), stdin) == NULL)
        return 1;
    name[strcspn(name, "\n")] = '\0';
    log_msg(name);
    return 0;
}
