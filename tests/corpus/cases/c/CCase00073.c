#include <stdio.h>

static int tracing = 0;

void enable_tracing(void)
{
    tracing = 1;
}

int main(void)
{
    long started;
    if (tracing) {
        puts("tracing on");
    } else {
        started = 0;
    }
    printf("start at %ld\n", started);
    return 0;
}
