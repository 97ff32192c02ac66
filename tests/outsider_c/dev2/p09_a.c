#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdarg.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>

#define MAX_ARGS 4

struct entry {
    char *key;
    char *val;
};

struct store {
    struct entry *items;
    size_t count;
    size_t cap;
};

static long store_find(const struct store *s, const char *key)
{
    size_t i;

    for (i = 0; i < s->count; i++)
        if (strcmp(s->items[i].key, key) == 0)
            return (long)i;
    return -1;
}

static int store_set(struct store *s, const char *key, const char *val)
{
    long idx = store_find(s, key);
    char *nv = strdup(val);

    if (!nv)
        return -1;
    if (idx >= 0) {
        free(s->items[idx].val);
        s->items[idx].val = nv;
        return 0;
    }
    if (s->count == s->cap) {
        size_t ncap = s->cap ? s->cap * 2 : 16;
        struct entry *ni = realloc(s->items, ncap * sizeof(*ni));

        if (!ni) {
            free(nv);
            return -1;
        }
        s->items = ni;
        s->cap = ncap;
    }
    s->items[s->count].key = strdup(key);
    if (!s->items[s->count].key) {
        free(nv);
        return -1;
    }
    s->items[s->count++].val = nv;
    return 0;
}

static const char *store_get(const struct store *s, const char *key)
{
    long idx = store_find(s, key);

    return idx >= 0 ? s->items[idx].val : NULL;
}

static int store_del(struct store *s, const char *key)
{
    long idx = store_find(s, key);

    if (idx < 0)
        return -1;
    free(s->items[idx].key);
    free(s->items[idx].val);
    s->items[idx] = s->items[--s->count];
    return 0;
}

static void reply(FILE *out, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
    fputs("\r\n", out);
    fflush(out);
}

static int tokenize(char *line, char **argv, int max)
{
    int n = 0;
    char *tok;

    while (n < max && (tok = strsep(&line, " \t")) != NULL)
        if (*tok)
            argv[n++] = tok;
    return n;
}

int handle_command(struct store *s, char *line, FILE *out)
{
    char *argv[MAX_ARGS];
    int argc = tokenize(line, argv, MAX_ARGS);
    const char *v;

    if (argc == 0)
        return 0;
    if (strcasecmp(argv[0], "SET") == 0 && argc == 3) {
        reply(out, store_set(s, argv[1], argv[2]) == 0 ? "OK" : "ERR out of memory");
    } else if (strcasecmp(argv[0], "GET") == 0 && argc == 2) {
        v = store_get(s, argv[1]);
        if (v)
            reply(out, "VALUE %zu %s", strlen(v), v);
        else
            reply(out, "NOT_FOUND");
    } else if (strcasecmp(argv[0], "DEL") == 0 && argc == 2) {
        v = store_get(s, argv[1]);
        if (!v) {
            reply(out, "NOT_FOUND");
            return 0;
        }
        store_del(s, argv[1]);
        reply(out, "DELETED %zu", strlen(v));
    } else if (strcasecmp(argv[0], "COUNT") == 0) {
        reply(out, "COUNT %zu", s->count);
    } else if (strcasecmp(argv[0], "QUIT") == 0) {
        reply(out, "BYE");
        return 1;
    } else {
        reply(out, "ERR unknown command '%s'", argv[0]);
    }
    return 0;
}

static void serve(struct store *s, FILE *in, FILE *out)
{
    char line[512];

    while (fgets(line, sizeof(line), in)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (handle_command(s, line, out))
            break;
    }
}

int main(int argc, char **argv)
{
    struct store s = { NULL, 0, 0 };
    size_t i;

    if (argc == 3 && strcmp(argv[1], "-l") == 0) {
        struct sockaddr_in sa;
        int one = 1, lfd, cfd;

        lfd = socket(AF_INET, SOCK_STREAM, 0);
        if (lfd < 0)
            return 1;
        setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
        memset(&sa, 0, sizeof(sa));
        sa.sin_family = AF_INET;
        sa.sin_port = htons((unsigned short)atoi(argv[2]));
        sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (bind(lfd, (struct sockaddr *)&sa, sizeof(sa)) < 0 || listen(lfd, 4) < 0) {
            perror("listen");
            close(lfd);
            return 1;
        }
        while ((cfd = accept(lfd, NULL, NULL)) >= 0) {
            FILE *in = fdopen(cfd, "r");
            FILE *out = fdopen(dup(cfd), "w");

            if (in && out)
                serve(&s, in, out);
            if (in)
                fclose(in);
            if (out)
                fclose(out);
        }
        close(lfd);
    } else {
        serve(&s, stdin, stdout);
    }
    for (i = 0; i < s.count; i++) {
        free(s.items[i].key);
        free(s.items[i].val);
    }
    free(s.items);
    return 0;
}
