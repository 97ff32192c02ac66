#include <stdio.h>
#include <stdlib.h>

#include "lib/util.h"

int main(void)
{
    char *line;
    unsigned long total = 0;
    while ((line = read_line(stdin)) != NULL) {
        total += (unsigned char)line[0];
        free(line);
    }
    printf("%lu\n", total);
    return 0;
}
