#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void on_alarm(int sig)
{
    (void)sig;
    _exit(2);
}

int main(void)
{
    srand((unsigned)time(NULL));
    signal(SIGALRM, on_alarm);
    alarm((unsigned)(30 + rand() % 30));
    pause();
    return 0;
}
