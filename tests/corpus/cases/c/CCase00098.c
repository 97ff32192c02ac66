#include <stdio.h>

static int parse_digit(char c, int *out)
{
    if (c >= '0' && c <= '9') {
        *out = c - '0';
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int digit;
    if (argc > 1)
        parse_digit(argv[1][0], &digit);
    printf("%d\n", digit);
    return 0;
}
