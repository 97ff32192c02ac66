#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct client {
    int fd;
    char session_token[33];
};

static void open_session(struct client *c)
{
    static const char hex[] = "0123456789abcdef";
    int i;
    for (i = 0; i < 32; i++) {
        int r = rand();
        c->session_token[i] = hex[r % 16];
    }
    c->session_token[32] = '\0';
}

int main(void)
{
    struct client c = {0, ""};
    srand((unsigned)time(NULL));
    open_session(&c);
    printf("Set-Cookie: sid=%s\n", c.session_token);
    return 0;
}
