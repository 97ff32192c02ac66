#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct reply {
    int code;
    unsigned flags;
    const char *reason;
};

int main(int argc, char **argv)
{
    struct reply r;
    memset(&r, 0, sizeof(r));
    if (argc > 1)
        r.code = atoi(argv[1]);
    if (argc > 2)
        r.reason = argv[2];
    if (r.flags & 1u)
        puts("keep-alive");
    printf("%d %s\n", r.code, r.reason ? r.reason : "-");
    return 0;
}
