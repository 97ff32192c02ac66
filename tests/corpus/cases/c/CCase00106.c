#include <stdio.h>
#include <stdlib.h>

struct session {
    int id;
};

static void session_end(struct session *s)
{
    printf("closing %d\n", s->id);
    free(s);
}

int main(void)
{
    struct session *s = malloc(sizeof(*s));
    if (s == NULL)
        return 1;
    s->id = 7;
    session_end(s);
    printf("ended %d\n", s->id);
    return 0;
}
