#include <stdio.h>

#define SECONDS_PER_DAY (24 * 60 * 60)

int main(void)
{
    long week = 7L;
    long seconds = week * SECONDS_PER_DAY;
    printf("%ld seconds in a week\n", seconds);
    return 0;
}
