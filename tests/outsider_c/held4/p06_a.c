#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CLIENTS 32
#define NAME_LEN    24

typedef struct client {
    char name[NAME_LEN];
    unsigned msgs;
    int muted;
} client_t;

typedef struct {
    client_t *clients[MAX_CLIENTS];
    int count;
    char topic[80];
} lobby_t;

static lobby_t g_lobby;

static void lobby_broadcast(lobby_t *lb, const char *text)
{
    for (int i = 0; i < lb->count; i++)
        if (!lb->clients[i]->muted)
            printf("-> %s: %s\n", lb->clients[i]->name, text);
}

static client_t *lobby_find(lobby_t *lb, const char *name)
{
    for (int i = 0; i < lb->count; i++)
        if (strcmp(lb->clients[i]->name, name) == 0)
            return lb->clients[i];
    return NULL;
}

client_t *lobby_join(lobby_t *lb, const char *name)
{
    if (lb->count >= MAX_CLIENTS || strlen(name) >= NAME_LEN || lobby_find(lb, name))
        return NULL;
    client_t *c = calloc(1, sizeof(*c));
    if (!c)
        return NULL;
    strcpy(c->name, name);
    lb->clients[lb->count++] = c;
    return c;
}

static void lobby_remove(lobby_t *lb, client_t *c)
{
    for (int i = 0; i < lb->count; i++) {
        if (lb->clients[i] == c) {
            lb->clients[i] = lb->clients[--lb->count];
            lb->clients[lb->count] = NULL;
            free(c);
            return;
        }
    }
}

static void handle_quit(lobby_t *lb, const char *name)
{
    char note[96];
    client_t *c = lobby_find(lb, name);
    if (!c)
        return;
    lobby_remove(lb, c);
    snprintf(note, sizeof(note), "* %s has left (%u messages)", c->name, c->msgs);
    lobby_broadcast(lb, note);
}

int lobby_command(lobby_t *lb, char *line)
{
    char *cmd = strtok(line, " \r\n");
    char *who = strtok(NULL, " \r\n");
    char *rest = strtok(NULL, "\r\n");
    char buf[160];

    if (!cmd || !who)
        return -1;
    if (strcmp(cmd, "JOIN") == 0) {
        if (!lobby_join(lb, who))
            return -1;
        sprintf(buf, "* %.23s joined", who);
        lobby_broadcast(lb, buf);
    } else if (strcmp(cmd, "SAY") == 0) {
        client_t *c = lobby_find(lb, who);
        if (!c || !rest)
            return -1;
        c->msgs++;
        snprintf(buf, sizeof(buf), "<%s> %s", c->name, rest);
        lobby_broadcast(lb, buf);
    } else if (strcmp(cmd, "MUTE") == 0) {
        client_t *c = lobby_find(lb, who);
        if (!c)
            return -1;
        c->muted = !c->muted;
    } else if (strcmp(cmd, "QUIT") == 0) {
        handle_quit(lb, who);
    } else {
        return -1;
    }
    return 0;
}

int main(void)
{
    char line[256];
    strcpy(g_lobby.topic, "general");
    while (fgets(line, sizeof(line), stdin)) {
        if (lobby_command(&g_lobby, line) != 0)
            fprintf(stderr, "rejected command\n");
    }
    while (g_lobby.count > 0)
        lobby_remove(&g_lobby, g_lobby.clients[0]);
    return 0;
}
