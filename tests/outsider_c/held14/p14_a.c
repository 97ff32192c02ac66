#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

typedef unsigned char u_char;

typedef struct {
    size_t      len;
    u_char     *data;
} str_t;

#define OK       0
#define ERROR   -1
#define DECLINED -5

#define APR1_PREFIX  "$apr1$"
#define PLAIN_PREFIX "{PLAIN}"

static int
run_apr1(const char *salt, const char *password, char *out, size_t size)
{
    FILE    *fp;
    char     cmd[512];
    size_t   n;

    snprintf(cmd, sizeof(cmd), "openssl passwd -apr1 -salt '%s' '%s'", salt, password);

    fp = popen(cmd, "r");
    if (fp == NULL) {
        return ERROR;
    }
    n = fread(out, 1, size - 1, fp);
    out[n] = '\0';
    if (pclose(fp) != 0) {
        return ERROR;
    }
    out[strcspn(out, "\r\n")] = '\0';
    return OK;
}

static int
hash_equal(const char *a, const char *b)
{
    size_t         i, la = strlen(a), lb = strlen(b);
    unsigned char  d = 0;

    if (la != lb) {
        return 0;
    }
    for (i = 0; i < la; i++) {
        d |= (unsigned char) (a[i] ^ b[i]);
    }
    return d == 0;
}

static int
find_user(const char *path, const char *user, char *hash, size_t size)
{
    FILE    *fp;
    char     line[512], *colon;
    size_t   ulen = strlen(user);
    int      rc = DECLINED;

    fp = fopen(path, "r");
    if (fp == NULL) {
        return ERROR;
    }
    while (fgets(line, sizeof(line), fp) != NULL) {
        if (line[0] == '#') {
            continue;
        }
        colon = strchr(line, ':');
        if (colon == NULL || (size_t) (colon - line) != ulen
            || strncmp(line, user, ulen) != 0)
        {
            continue;
        }
        colon[strcspn(colon, "\r\n")] = '\0';
        snprintf(hash, size, "%s", colon + 1);
        rc = OK;
        break;
    }
    fclose(fp);
    return rc;
}

int
htpasswd_check(const char *path, const char *user, const char *password)
{
    char   hash[256], salt[16], computed[256], *end;
    size_t len;

    if (find_user(path, user, hash, sizeof(hash)) != OK) {
        return DECLINED;
    }

    if (strncmp(hash, PLAIN_PREFIX, sizeof(PLAIN_PREFIX) - 1) == 0) {
        return hash_equal(hash + sizeof(PLAIN_PREFIX) - 1, password) ? OK : DECLINED;
    }

    if (strncmp(hash, APR1_PREFIX, sizeof(APR1_PREFIX) - 1) != 0) {
        return ERROR;
    }
    end = strchr(hash + sizeof(APR1_PREFIX) - 1, '$');
    if (end == NULL) {
        return ERROR;
    }
    len = end - (hash + sizeof(APR1_PREFIX) - 1);
    if (len == 0 || len >= sizeof(salt)) {
        return ERROR;
    }
    memcpy(salt, hash + sizeof(APR1_PREFIX) - 1, len);
    salt[len] = '\0';

    if (run_apr1(salt, password, computed, sizeof(computed)) != OK) {
        return ERROR;
    }
    return hash_equal(hash, computed) ? OK : DECLINED;
}

int
main(int argc, char **argv)
{
    char  line[512], user[64], password[256];

    if (argc != 2) {
        fprintf(stderr, "usage: %s /path/to/htpasswd\n", argv[0]);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);

    while (fgets(line, sizeof(line), stdin) != NULL) {
        if (sscanf(line, "%63s %255[^\r\n]", user, password) != 2) {
            printf("ERR message=\"malformed request\"\n");
            continue;
        }
        printf("%s\n", htpasswd_check(argv[1], user, password) == OK ? "OK" : "ERR");
    }
    return 0;
}
