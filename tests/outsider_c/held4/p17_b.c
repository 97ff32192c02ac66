#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

#define MAX_PLUGINS 16

typedef struct {
    char name[64];
    char helper[128];
    int enabled;
    int api;
} plugin_t;

static plugin_t g_plugins[MAX_PLUGINS];
static int g_nplugins;

static char *strip(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

int manifest_load(const char *path)
{
    char line[256];
    plugin_t *cur = NULL;
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof(line), f)) {
        char *s = strip(line);
        if (*s == '\0' || *s == ';')
            continue;
        if (*s == '[') {
            char *e = strchr(s, ']');
            if (!e || g_nplugins >= MAX_PLUGINS) {
                cur = NULL;
                continue;
            }
            *e = '\0';
            cur = &g_plugins[g_nplugins++];
            memset(cur, 0, sizeof(*cur));
            snprintf(cur->name, sizeof(cur->name), "%s", s + 1);
            strcpy(cur->helper, "plugin-helper");
            cur->enabled = 1;
            continue;
        }
        char *eq = strchr(s, '=');
        if (!cur || !eq)
            continue;
        *eq = '\0';
        char *key = strip(s), *val = strip(eq + 1);
        if (strcmp(key, "helper") == 0 && strlen(val) < sizeof(cur->helper))
            strcpy(cur->helper, val);
        else if (strcmp(key, "enabled") == 0)
            cur->enabled = atoi(val) != 0;
        else if (strcmp(key, "api") == 0)
            cur->api = atoi(val);
    }
    fclose(f);
    return g_nplugins;
}

static int run_helper(const plugin_t *p)
{
    char cmd[256];
    snprintf(cmd, sizeof(cmd), "%s --describe %s", p->helper, p->name);
    fflush(stdout);
    int st = system(cmd);
    if (st == -1)
        return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int plugins_probe(int api_version)
{
    int ok = 0;
    for (int i = 0; i < g_nplugins; i++) {
        plugin_t *p = &g_plugins[i];
        if (!p->enabled)
            continue;
        if (p->api != api_version) {
            fprintf(stderr, "%s: api %d not supported\n", p->name, p->api);
            continue;
        }
        if (strchr(p->helper, '/') && access(p->helper, X_OK) != 0) {
            fprintf(stderr, "%s: helper %s not executable\n", p->name, p->helper);
            continue;
        }
        int rc = run_helper(p);
        printf("plugin %-20s %s\n", p->name, rc == 0 ? "loaded" : "failed");
        ok += rc == 0;
    }
    return ok;
}

int main(int argc, char **argv)
{
    const char *manifest = argc > 1 ? argv[1] : "plugins.ini";
    int api = argc > 2 ? atoi(argv[2]) : 2;
    if (manifest_load(manifest) < 0) {
        perror(manifest);
        return 1;
    }
    int n = plugins_probe(api);
    printf("%d of %d plugins loaded\n", n, g_nplugins);
    return 0;
}
