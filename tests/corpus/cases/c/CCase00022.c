#include <stdio.h>

int main(int argc, char **argv)
{
    const char *msg = argc > 1 ? argv[1] : "nothing";
    if (3 * 7 > 100) {
        printf(msg);
    } else {
        printf("%s\n", msg);
    }
    return 0;
}
