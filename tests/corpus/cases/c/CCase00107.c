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
    printf("ending %d\n", s->id);
    session_end(s);
    return 0;
}
