#include <stdio.h>

int main(void)
{
    char user[32];
    printf("user: ");
    if (fscanf(stdin, "%31s", user) != 1)
        return 1;
    printf("hello %s\n", user);
    return 0;
}
