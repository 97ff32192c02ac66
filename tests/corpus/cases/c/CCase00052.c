#include <stdio.h>
#include <stdlib.h>

#define LIMIT 1000000

int main(int argc, char **argv)
{
    if (argc < 3)
        return 2;
    int credit = atoi(argv[1]);
    int bonus = atoi(argv[2]);
    if (credit < 0 || credit > LIMIT || bonus < 0 || bonus > LIMIT)
        return 1;
    int total = credit + bonus;
    printf("new balance: %d\n", total);
    return 0;
}
