#include <crypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static const char alphabet[] = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

int main(int argc, char **argv)
{
    char salt[20] = "$6$";
    int i;
    srand((unsigned)time(NULL) ^ (unsigned)getpid());
    for (i = 3; i < 19; i++)
        salt[i] = alphabet[rand() % 64];
    salt[19] = '\0';
    puts(crypt(argc > 1 ? argv[1] : "", salt));
    return 0;
}
