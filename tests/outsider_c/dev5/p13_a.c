#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>

#define RESP_MAX_ARGS 64
#define KV_SLOTS      128

typedef enum {
    RESP_OK = 0,
    RESP_INCOMPLETE,
    RESP_ERR_PROTOCOL,
    RESP_ERR_NOMEM
} resp_status;

typedef struct resp_arg {
    const char *ptr;
    size_t len;
} resp_arg;

typedef struct kv_store {
    char *keys[KV_SLOTS];
    char *vals[KV_SLOTS];
    size_t nkeys;
} kv_store;

static inline const char *find_crlf(const char *p, size_t n)
{
    size_t i;
    for (i = 0; i + 1 < n; i++)
        if (p[i] == '\r' && p[i + 1] == '\n')
            return p + i;
    return NULL;
}

static resp_status read_int(const char *p, size_t n, long *out, size_t *used)
{
    const char *e = find_crlf(p, n);
    char tmp[24];
    size_t len;

    if (!e)
        return RESP_INCOMPLETE;
    len = (size_t)(e - p);
    if (len == 0 || len >= sizeof(tmp))
        return RESP_ERR_PROTOCOL;
    memcpy(tmp, p, len);
    tmp[len] = '\0';
    *out = strtol(tmp, NULL, 10);
    *used = len + 2;
    return RESP_OK;
}

resp_status resp_parse_command(const char *buf, size_t n, resp_arg *argv,
                               size_t *argc, size_t *consumed)
{
    size_t pos = 1, used, i;
    long count, blen;
    resp_status st;

    if (n == 0)
        return RESP_INCOMPLETE;
    if (buf[0] != '*')
        return RESP_ERR_PROTOCOL;
    st = read_int(buf + pos, n - pos, &count, &used);
    if (st != RESP_OK)
        return st;
    if (count < 1 || count > RESP_MAX_ARGS)
        return RESP_ERR_PROTOCOL;
    pos += used;
    for (i = 0; i < (size_t)count; i++) {
        if (pos >= n)
            return RESP_INCOMPLETE;
        if (buf[pos] != '$')
            return RESP_ERR_PROTOCOL;
        pos++;
        st = read_int(buf + pos, n - pos, &blen, &used);
        if (st != RESP_OK)
            return st;
        pos += used;
        if (blen == -1) {
            argv[i].ptr = NULL;
            argv[i].len = 0;
            continue;
        }
        if (blen < 0 || (size_t)blen > n - pos || n - pos - (size_t)blen < 2)
            return blen < 0 ? RESP_ERR_PROTOCOL : RESP_INCOMPLETE;
        argv[i].ptr = buf + pos;
        argv[i].len = (size_t)blen;
        pos += (size_t)blen + 2;
    }
    *argc = (size_t)count;
    *consumed = pos;
    return RESP_OK;
}

static char *dup_arg(const resp_arg *a)
{
    char *s = malloc(a->len + 1);
    if (s) {
        memcpy(s, a->ptr, a->len);
        s[a->len] = '\0';
    }
    return s;
}

static long kv_find(const kv_store *kv, const resp_arg *key)
{
    size_t i;
    for (i = 0; i < kv->nkeys; i++)
        if (strlen(kv->keys[i]) == key->len && memcmp(kv->keys[i], key->ptr, key->len) == 0)
            return (long)i;
    return -1;
}

void resp_execute(kv_store *kv, const resp_arg *argv, size_t argc, FILE *out)
{
    long slot;
    size_t i;
    int cmd;

    for (i = 0; i < argc; i++) {
        if (!argv[i].ptr) {
            fputs("-ERR nil argument\r\n", out);
            return;
        }
    }
    cmd = toupper((unsigned char)argv[0].ptr[0]);
    if (cmd == 'G' && argv[0].len == 3 && strncasecmp(argv[0].ptr, "GET", 3) == 0 && argc == 2) {
        slot = kv_find(kv, &argv[1]);
        if (slot < 0)
            fputs("$-1\r\n", out);
        else
            fprintf(out, "$%zu\r\n%s\r\n", strlen(kv->vals[slot]), kv->vals[slot]);
    } else if (cmd == 'S' && argv[0].len == 3 && strncasecmp(argv[0].ptr, "SET", 3) == 0 && argc == 3) {
        slot = kv_find(kv, &argv[1]);
        if (slot < 0) {
            if (kv->nkeys == KV_SLOTS) {
                fputs("-ERR store full\r\n", out);
                return;
            }
            slot = (long)kv->nkeys++;
            kv->keys[slot] = dup_arg(&argv[1]);
        } else {
            free(kv->vals[slot]);
        }
        kv->vals[slot] = dup_arg(&argv[2]);
        fputs("+OK\r\n", out);
    } else {
        fputs("-ERR unknown command\r\n", out);
    }
}

int main(void)
{
    static char buf[1 << 16];
    resp_arg argv[RESP_MAX_ARGS];
    kv_store kv;
    size_t n, pos = 0, argc, used, i;
    resp_status st;

    memset(&kv, 0, sizeof(kv));
    n = fread(buf, 1, sizeof(buf), stdin);
    while (pos < n) {
        st = resp_parse_command(buf + pos, n - pos, argv, &argc, &used);
        if (st != RESP_OK) {
            if (st != RESP_INCOMPLETE)
                fputs("-ERR protocol error\r\n", stdout);
            break;
        }
        resp_execute(&kv, argv, argc, stdout);
        pos += used;
    }
    for (i = 0; i < kv.nkeys; i++) {
        free(kv.keys[i]);
        free(kv.vals[i]);
    }
    return 0;
}
