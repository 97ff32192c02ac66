#include <stdio.h>

static const char *mode_name(int mode)
{
    const char *name;
    switch (mode) {
    case 0:
        name = "read";
        break;
    case 1:
        name = "write";
        break;
    default:
        name = "unknown";
        break;
    }
    return name;
}

int main(int argc, char **argv)
{
    (void)argv;
    puts(mode_name(argc));
    return 0;
}
