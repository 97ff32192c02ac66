#include <stdio.h>

int main(void)
{
    const char *user_format = "%-20s %8s\n";
    printf(user_format, "NAME", "SIZE");
    printf(user_format, "core.db", "12M");
    return 0;
}
