#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_VARS 32
#define OUT_LEN  256

typedef struct {
    char name[16];
    int value;
} var_t;

static var_t g_vars[MAX_VARS];
static int g_nvars;

static var_t *var_get(const char *name, int create)
{
    for (int i = 0; i < g_nvars; i++)
        if (strcmp(g_vars[i].name, name) == 0)
            return &g_vars[i];
    if (!create || g_nvars >= MAX_VARS || strlen(name) >= sizeof(g_vars[0].name))
        return NULL;
    var_t *v = &g_vars[g_nvars++];
    strcpy(v->name, name);
    v->value = 0;
    return v;
}

static void substitute(char *out, size_t outlen, const char *text, size_t len)
{
    size_t o = 0;
    for (size_t i = 0; i < len && o + 1 < outlen; i++) {
        if (text[i] == '$' && isalpha((unsigned char)text[i + 1])) {
            char name[16];
            size_t n = 0;
            i++;
            while (i < len && isalnum((unsigned char)text[i]) && n + 1 < sizeof(name))
                name[n++] = text[i++];
            name[n] = '\0';
            i--;
            var_t *v = var_get(name, 0);
            int w = snprintf(out + o, outlen - o, "%d", v ? v->value : 0);
            if (w < 0 || (size_t)w >= outlen - o)
                break;
            o += (size_t)w;
        } else {
            out[o++] = text[i];
        }
    }
    out[o] = '\0';
}

static int run_directive(const char *line)
{
    char name[16];
    int val;
    if (sscanf(line, "@set %15s %d", name, &val) == 2) {
        var_t *v = var_get(name, 1);
        if (v)
            v->value = val;
        return 0;
    }
    if (sscanf(line, "@add %15s %d", name, &val) == 2) {
        var_t *v = var_get(name, 1);
        if (v)
            v->value += val;
        return 0;
    }
    return -1;
}

int dialogue_line(const char *line)
{
    size_t len = strlen(line);
    char out[OUT_LEN];

    if (line[0] == '@')
        return run_directive(line);
    const char *colon = strchr(line, ':');
    if (!colon)
        return -1;
    size_t name_len = (size_t)(colon - line);
    if (name_len == 0 || name_len > 20)
        return -1;
    if (len < name_len + 2)
        return -1;

    size_t text_len = len - name_len - 2;
    char *text = malloc(text_len + 1);
    if (!text)
        return -1;
    memcpy(text, colon + 2, text_len);
    text[text_len] = '\0';

    substitute(out, sizeof(out), text, text_len);
    printf("%.*s says: \"%s\"\n", (int)name_len, line, out);
    free(text);
    return 0;
}

int main(int argc, char **argv)
{
    char line[512];
    FILE *f = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#')
            continue;
        if (dialogue_line(line) != 0)
            fprintf(stderr, "skipped: %s\n", line);
    }
    if (f != stdin)
        fclose(f);
    for (int i = 0; i < g_nvars; i++)
        printf("%s=%d\n", g_vars[i].name, g_vars[i].value);
    return 0;
}
