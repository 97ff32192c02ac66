#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    char cmdline[256] = "";
    for (int i = 1; i < argc; i++) {
        strcat(cmdline, argv[i]);
        strcat(cmdline, " ");
    }
    puts(cmdline);
    return 0;
}
