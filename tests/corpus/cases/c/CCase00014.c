#include <stdio.h>
#include <stdlib.h>

#include "lib/util.h"

int main(void)
{
    const char *port = config_value("PORT");
    int p = atoi(port);
    printf("listening on %d\n", p);
    return 0;
}
