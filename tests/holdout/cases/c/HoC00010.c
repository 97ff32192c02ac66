#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    char line[64];
    int total = 0;

    while (fgets(line, sizeof line, stdin) != NULL)
        total += atoi(line);
    printf("%d\n", total);
    return 0;
}
