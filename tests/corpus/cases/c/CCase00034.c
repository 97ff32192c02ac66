#include <stdlib.h>
#include <string.h>

static const char *const actions[] = {
    "systemctl reload nginx",
    "systemctl restart php-fpm",
};

int main(int argc, char **argv)
{
    int which = argc > 1 && strcmp(argv[1], "php") == 0;
    return system(actions[which]);
}
