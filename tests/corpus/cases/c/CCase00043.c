#include <string.h>

struct user {
    char login[32];
    int uid;
};

void set_login(struct user *u, const char *login)
{
    strncpy(u->login, login, sizeof(u->login) - 1);
    u->login[sizeof(u->login) - 1] = '\0';
}
