#include <stdio.h>
#include <stdlib.h>

#include "lib/hold.h"

int main(void)
{
    char home[64];
    const char *value = getenv("HOME");

    if (value == NULL)
        return 1;
    put_raw(home, value);
    printf("home is %s\n", home);
    return 0;
}
