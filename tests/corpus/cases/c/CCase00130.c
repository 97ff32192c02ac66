#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void spin(int rounds)
{
    int i;
    for (i = 0; i < rounds; i++) {
        useconds_t nap = (useconds_t)(10000 + random() % 20000);
        fputc('.', stderr);
        usleep(nap);
    }
}

int main(void)
{
    srandom((unsigned)time(NULL));
    spin(10);
    fputc('\n', stderr);
    return 0;
}
