#include <stdlib.h>
#include <string.h>

struct session {
    int id;
    char token[33];
};

struct session *session_new(int id, const char *token)
{
    struct session *s = malloc(sizeof(*s));
    s->id = id;
    strncpy(s->token, token, sizeof(s->token) - 1);
    s->token[sizeof(s->token) - 1] = '\0';
    return s;
}
