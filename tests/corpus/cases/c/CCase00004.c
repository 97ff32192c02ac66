#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    char greeting[40];
    const char *user = getenv("USER");
    if (user == NULL)
        user = "nobody";
    sprintf(greeting, "Welcome back, %s! Last login today.", user);
    puts(greeting);
    return 0;
}
