#include <stdio.h>
#include <string.h>

void build_path(const char *dir, const char *name)
{
    char path[256] = "";
    strncat(path, dir, sizeof(path) - strlen(path) - 1);
    strncat(path, "/", sizeof(path) - strlen(path) - 1);
    strncat(path, name, sizeof(path) - strlen(path) - 1);
    puts(path);
}

int main(int argc, char **argv)
{
    if (argc > 2)
        build_path(argv[1], argv[2]);
    return 0;
}
