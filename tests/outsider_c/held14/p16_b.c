#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/crypto.h>

typedef unsigned char u_char;

#define OK        0
#define ERROR    -1
#define DECLINED -5

#define HASH_MAGIC      "|1|"
#define HASH_DELIM      '|'
#define SHA1_DIGEST_LEN 20

static u_char *
b64_field(const char *s, size_t len, size_t *out_len)
{
    u_char  *buf;
    int      n;

    if (len < 4 || len % 4 != 0) {
        return NULL;
    }
    buf = malloc(len / 4 * 3 + 1);
    if (buf == NULL) {
        return NULL;
    }
    n = EVP_DecodeBlock(buf, (const u_char *) s, (int) len);
    if (n < 0) {
        free(buf);
        return NULL;
    }
    n -= (s[len - 1] == '=') + (s[len - 2] == '=');
    *out_len = (size_t) n;
    return buf;
}

static int
match_hashed_host(const char *entry, size_t elen, const char *host)
{
    u_char        *salt = NULL, *hash = NULL, md[EVP_MAX_MD_SIZE];
    const char    *p, *delim;
    size_t         salt_len, hash_len;
    unsigned int   mdlen = 0;
    int            rc = DECLINED;

    if (elen <= sizeof(HASH_MAGIC) - 1 || memcmp(entry, HASH_MAGIC, sizeof(HASH_MAGIC) - 1) != 0) {
        return ERROR;
    }
    p = entry + sizeof(HASH_MAGIC) - 1;
    delim = memchr(p, HASH_DELIM, elen - (p - entry));
    if (delim == NULL) {
        return ERROR;
    }

    salt = b64_field(p, delim - p, &salt_len);
    if (salt == NULL) {
        rc = ERROR;
        goto done;
    }
    hash = b64_field(delim + 1, elen - (delim + 1 - entry), &hash_len);
    if (hash == NULL || hash_len != SHA1_DIGEST_LEN) {
        free(salt);
        rc = ERROR;
        goto done;
    }

    HMAC(EVP_sha1(), salt, (int) salt_len, (const u_char *) host, strlen(host), md, &mdlen);
    if (mdlen == SHA1_DIGEST_LEN && CRYPTO_memcmp(md, hash, SHA1_DIGEST_LEN) == 0) {
        rc = OK;
    }

done:
    free(salt);
    free(hash);
    return rc;
}

static int
match_plain_hosts(const char *list, size_t len, const char *host)
{
    const char  *p = list, *end = list + len, *comma;
    size_t       hlen = strlen(host);

    while (p < end) {
        comma = memchr(p, ',', end - p);
        if (comma == NULL) {
            comma = end;
        }
        if ((size_t) (comma - p) == hlen && strncmp(p, host, hlen) == 0) {
            return OK;
        }
        p = comma + 1;
    }
    return DECLINED;
}

int
known_hosts_lookup(const char *path, const char *hostname, int port, char *keytype, size_t size)
{
    FILE    *fp;
    char     line[4096], host[300], type[64], *sp;
    int      lineno = 0, rc, found = 0;

    if (port != 22) {
        snprintf(host, sizeof(host), "[%s]:%d", hostname, port);
    } else {
        snprintf(host, sizeof(host), "%s", hostname);
    }

    fp = fopen(path, "r");
    if (fp == NULL) {
        return ERROR;
    }
    while (!found && fgets(line, sizeof(line), fp) != NULL) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n' || (sp = strchr(line, ' ')) == NULL) {
            continue;
        }
        if (line[0] == '|') {
            rc = match_hashed_host(line, sp - line, host);
        } else {
            rc = match_plain_hosts(line, sp - line, host);
        }
        if (rc == ERROR) {
            fprintf(stderr, "%s:%d: invalid hashed host entry\n", path, lineno);
        } else if (rc == OK) {
            if (sscanf(sp + 1, "%63s", type) != 1) {
                continue;
            }
            snprintf(keytype, size, "%s", type);
            found = lineno;
        }
    }
    fclose(fp);
    return found;
}

int
main(int argc, char **argv)
{
    char  keytype[64];
    int   line;

    if (argc < 3) {
        fprintf(stderr, "usage: %s known_hosts host [port]\n", argv[0]);
        return 2;
    }
    line = known_hosts_lookup(argv[1], argv[2], argc > 3 ? atoi(argv[3]) : 22, keytype, sizeof(keytype));
    if (line <= 0) {
        printf("%s: not found\n", argv[2]);
        return 1;
    }
    printf("%s: %s key found at line %d\n", argv[2], keytype, line);
    return 0;
}
