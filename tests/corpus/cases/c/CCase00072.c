#include <stdio.h>

static const int tracing = 0;

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
