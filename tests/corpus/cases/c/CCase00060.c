#include <stdio.h>

#include "lib/util.h"

int main(void)
{
    char *line = read_line(stdin);
    char first = line[0];
    if (line == NULL)
        return 1;
    printf("first character: %c\n", first);
    return 0;
}
