#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static int fetch(int attempt)
{
    return attempt < 2 ? -1 : 0;
}

int main(void)
{
    int attempt = 0;
    srand((unsigned)time(NULL));
    while (fetch(attempt) != 0) {
        attempt++;
        sleep((unsigned)(1 + rand() % 3));
    }
    puts("done");
    return 0;
}
