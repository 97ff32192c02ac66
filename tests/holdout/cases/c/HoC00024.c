#include <stdio.h>
#include <stdlib.h>

#include "lib/hold.h"

int main(void)
{
    char *line = slurp_line(stdin);
    int rc;

    if (line == NULL)
        return 1;
    rc = launch(line);
    free(line);
    return rc;
}
