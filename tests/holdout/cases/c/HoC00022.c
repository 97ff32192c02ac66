#include <stdio.h>

static int fill(char *dst, size_t cap, char c)
{
    size_t i;

    for (i = 0; i + 1 < cap; i++)
        dst[i] = c;
    dst[i] = '\0';
    return (int)i;
}

int main(void)
{
    char rule[8];
    char *cursor = rule;
    int n = fill(rule, sizeof rule, '-');

    cursor[0] = '+';
    printf("%s %d\n", rule, n);
    return 0;
}
