#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int mail_reset_code(const char *user)
{
    unsigned int reset_pin = (unsigned int)(rand() % 1000000);
    printf("To: %s\nSubject: your reset code\n\n%06u\n", user, reset_pin);
    return 0;
}

int main(int argc, char **argv)
{
    srand((unsigned)time(NULL));
    return mail_reset_code(argc > 1 ? argv[1] : "root");
}
