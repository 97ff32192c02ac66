#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

#define MAX_WORDS 32

struct words {
    char *argv[MAX_WORDS + 1];
    int argc;
    char buf[2048];
    size_t used;
    int open;
};

static const char *const allowed[] = { "echo", "ls", "cat", "date", "wc", "uname", NULL };

static int put(struct words *w, int c)
{
    if (w->used + 1 >= sizeof w->buf)
        return -1;
    if (!w->open) {
        if (w->argc >= MAX_WORDS)
            return -1;
        w->argv[w->argc++] = w->buf + w->used;
        w->open = 1;
    }
    w->buf[w->used++] = (char)c;
    return 0;
}

static void end_word(struct words *w)
{
    if (w->open) {
        w->buf[w->used++] = '\0';
        w->open = 0;
    }
}

static const char *expand_var(const char **pp)
{
    char name[64];
    const char *p = *pp, *v;
    size_t n = 0;
    while ((isalnum((unsigned char)*p) || *p == '_') && n < sizeof name - 1)
        name[n++] = *p++;
    name[n] = '\0';
    *pp = p;
    v = getenv(name);
    return v ? v : "";
}

int split_words(const char *line, struct words *w)
{
    const char *p = line, *v;
    int quote = 0;
    memset(w, 0, sizeof *w);
    for (; *p; p++) {
        switch (*p) {
        case '\'':
            if (quote == '"')
                goto literal;
            quote = quote ? 0 : '\'';
            if (quote && put(w, 0) == 0)
                w->used--;
            break;
        case '"':
            if (quote == '\'')
                goto literal;
            quote = quote ? 0 : '"';
            if (quote && put(w, 0) == 0)
                w->used--;
            break;
        case '\\':
            if (quote == '\'' || !p[1])
                goto literal;
            if (put(w, *++p) < 0)
                return -1;
            break;
        case '$':
            if (quote == '\'' || !(isalpha((unsigned char)p[1]) || p[1] == '_'))
                goto literal;
            p++;
            for (v = expand_var(&p); *v; v++)
                if (put(w, *v) < 0)
                    return -1;
            p--;
            break;
        case ' ': case '\t': case '\n':
            if (!quote) {
                end_word(w);
                break;
            }
        default:
        literal:
            if (put(w, *p) < 0)
                return -1;
            break;
        }
    }
    end_word(w);
    w->argv[w->argc] = NULL;
    return quote ? -1 : w->argc;
}

static int permitted(const char *cmd)
{
    int i;
    for (i = 0; allowed[i]; i++)
        if (strcmp(allowed[i], cmd) == 0)
            return 1;
    return 0;
}

int run_words(struct words *w)
{
    char cmd[2200];
    int status, i;
    if (w->argc == 0)
        return 0;
    if (!permitted(w->argv[0])) {
        fprintf(stderr, "%s: command not permitted\n", w->argv[0]);
        return 126;
    }
    cmd[0] = '\0';
    for (i = 0; i < w->argc; i++) {
        if (strlen(cmd) + strlen(w->argv[i]) + 2 > sizeof cmd)
            return -1;
        if (i)
            strcat(cmd, " ");
        strcat(cmd, w->argv[i]);
    }
    fflush(stdout);
    status = system(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

int main(int argc, char **argv)
{
    static struct words w;
    char line[1024];
    FILE *in = argc > 1 ? fopen(argv[1], "r") : stdin;
    int rc = 0;
    if (!in)
        return 1;
    while (fgets(line, sizeof line, in)) {
        if (line[0] == '#')
            continue;
        if (split_words(line, &w) < 0) {
            fprintf(stderr, "syntax error\n");
            continue;
        }
        rc = run_words(&w);
    }
    if (in != stdin)
        fclose(in);
    return rc;
}
