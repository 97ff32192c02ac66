#include <ctype.h>
#include <stdio.h>

static void shout(const char *s)
{
    char out[16];
    char *p = out;
    while (*s)
        *p++ = (char)toupper((unsigned char)*s++);
    *p = '\0';
    puts(out);
}

int main(int argc, char **argv)
{
    shout(argc > 1 ? argv[1] : "hello");
    return 0;
}
