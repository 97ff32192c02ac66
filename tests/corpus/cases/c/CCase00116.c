#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    char entry[32] = "name=";
    char *value = strchr(entry, '=');
    if (value == NULL || argc < 2)
        return 1;
    strcpy(value + 1, argv[1]);
    puts(entry);
    return 0;
}
