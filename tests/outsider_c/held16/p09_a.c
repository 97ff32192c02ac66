#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_BINDS 64

typedef enum { ACT_NONE, ACT_UP, ACT_DOWN, ACT_LEFT, ACT_RIGHT, ACT_JUMP, ACT_FIRE, ACT_PAUSE } Action;

typedef struct {
    const char *name;
    int code;
} KeyName;

typedef struct {
    int code;
    Action act;
} Binding;

static const KeyName key_names[] = {
    { "UP", 273 }, { "DOWN", 274 }, { "RIGHT", 275 }, { "LEFT", 276 },
    { "SPACE", 32 }, { "RETURN", 13 }, { "ESCAPE", 27 }, { "LCTRL", 306 },
};

static const char *action_names[] = { "none", "up", "down", "left", "right", "jump", "fire", "pause" };

static Binding binds[MAX_BINDS];
static int nbinds;
static int deadzone = 8000;

static int key_lookup(const char *name)
{
    for (size_t i = 0; i < sizeof key_names / sizeof key_names[0]; i++)
        if (strcasecmp(key_names[i].name, name) == 0)
            return key_names[i].code;
    if (strlen(name) == 1 && isalnum((unsigned char)name[0]))
        return tolower((unsigned char)name[0]);
    return -1;
}

static Action action_lookup(const char *name)
{
    for (size_t i = 0; i < sizeof action_names / sizeof action_names[0]; i++)
        if (strcmp(action_names[i], name) == 0)
            return (Action)i;
    return ACT_NONE;
}

int bind_line(const char *line)
{
    char key[16];
    char action[32];
    int code;
    Action a;

    if (sscanf(line, "set deadzone %d", &deadzone) == 1)
        return 0;
    if (sscanf(line, "bind %15s %31s", key, action) != 2)
        return -1;
    code = key_lookup(key);
    a = action_lookup(action);
    if (code < 0 || a == ACT_NONE)
        return -1;
    for (int i = 0; i < nbinds; i++) {
        if (binds[i].code == code) {
            binds[i].act = a;
            return 0;
        }
    }
    if (nbinds >= MAX_BINDS)
        return -1;
    binds[nbinds].code = code;
    binds[nbinds].act = a;
    nbinds++;
    return 0;
}

Action input_map(int code)
{
    for (int i = 0; i < nbinds; i++)
        if (binds[i].code == code)
            return binds[i].act;
    return ACT_NONE;
}

int main(int argc, char **argv)
{
    char line[256];
    FILE *f;
    int lineno = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s keys.cfg\n", argv[0]);
        return 1;
    }
    f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (bind_line(line) != 0)
            fprintf(stderr, "%s:%d: ignored\n", argv[1], lineno);
    }
    fclose(f);
    printf("%d bindings, deadzone %d, space -> %s\n", nbinds, deadzone,
           action_names[input_map(32)]);
    return 0;
}
