#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static int try_connect(int attempt)
{
    return attempt >= 3 ? 0 : -1;
}

int main(void)
{
    int attempt;
    srand((unsigned)time(NULL));
    for (attempt = 0; attempt < 5; attempt++) {
        if (try_connect(attempt) == 0) {
            puts("connected");
            return 0;
        }
        unsigned int pause_us = 200000u + (unsigned int)(rand() % 100000);
        usleep(pause_us);
    }
    return 1;
}
