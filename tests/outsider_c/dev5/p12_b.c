#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define CKV_DIGEST_HEX 64
#define CKV_NAME_MAX   1024

typedef enum {
    CKV_OK = 0,
    CKV_MISMATCH,
    CKV_MISSING,
    CKV_ERR_FORMAT,
    CKV_ERR_EXEC
} ckv_status;

typedef struct ckv {
    const char *tool;
    unsigned long ok;
    unsigned long failed;
    unsigned long missing;
    unsigned long malformed;
    int quiet;
} ckv;

static inline int is_hex_digest(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!isxdigit((unsigned char)s[i]))
            return 0;
    return 1;
}

ckv *ckv_create(const char *tool, int quiet)
{
    ckv *v = calloc(1, sizeof(*v));
    if (!v)
        return NULL;
    v->tool = tool;
    v->quiet = quiet;
    return v;
}

void ckv_destroy(ckv *v)
{
    free(v);
}

static ckv_status ckv_digest(const ckv *v, const char *name, char *hex, size_t hexsz)
{
    char cmd[CKV_NAME_MAX + 64];
    char out[256];
    FILE *p;
    int status;

    snprintf(cmd, sizeof(cmd), "%s '%s' 2>/dev/null", v->tool, name);
    p = popen(cmd, "r");
    if (!p)
        return CKV_ERR_EXEC;
    if (!fgets(out, sizeof(out), p)) {
        pclose(p);
        return CKV_MISSING;
    }
    status = pclose(p);
    if (status != 0 || strlen(out) < CKV_DIGEST_HEX)
        return CKV_MISSING;
    snprintf(hex, hexsz, "%.*s", CKV_DIGEST_HEX, out);
    return CKV_OK;
}

ckv_status ckv_check_line(ckv *v, const char *line, size_t len)
{
    char name[CKV_NAME_MAX];
    char actual[CKV_DIGEST_HEX + 1];
    size_t nlen;
    ckv_status st;

    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        len--;
    if (len < CKV_DIGEST_HEX + 3 || !is_hex_digest(line, CKV_DIGEST_HEX) ||
        line[CKV_DIGEST_HEX] != ' ' ||
        (line[CKV_DIGEST_HEX + 1] != ' ' && line[CKV_DIGEST_HEX + 1] != '*')) {
        v->malformed++;
        return CKV_ERR_FORMAT;
    }
    nlen = len - (CKV_DIGEST_HEX + 2);
    if (nlen >= sizeof(name)) {
        v->malformed++;
        return CKV_ERR_FORMAT;
    }
    memcpy(name, line + CKV_DIGEST_HEX + 2, nlen);
    name[nlen] = '\0';
    st = ckv_digest(v, name, actual, sizeof(actual));
    if (st == CKV_OK && strncasecmp(actual, line, CKV_DIGEST_HEX) != 0)
        st = CKV_MISMATCH;
    switch (st) {
    case CKV_OK: v->ok++; break;
    case CKV_MISMATCH: v->failed++; break;
    default: v->missing++; break;
    }
    if (!v->quiet || st != CKV_OK)
        printf("%s: %s\n", name, st == CKV_OK ? "OK" : st == CKV_MISMATCH ? "FAILED" : "FAILED open or read");
    return st;
}

int main(int argc, char **argv)
{
    char line[CKV_NAME_MAX + CKV_DIGEST_HEX + 8];
    FILE *fp;
    ckv *v;
    int quiet = 0, argi = 1;

    if (argi < argc && strcmp(argv[argi], "--quiet") == 0) {
        quiet = 1;
        argi++;
    }
    if (argi + 1 != argc) {
        fprintf(stderr, "usage: %s [--quiet] SUMS-FILE\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[argi], "r");
    if (!fp) {
        perror(argv[argi]);
        return 2;
    }
    v = ckv_create("sha256sum", quiet);
    if (!v) {
        fclose(fp);
        return 2;
    }
    while (fgets(line, sizeof(line), fp))
        ckv_check_line(v, line, strlen(line));
    fclose(fp);
    if (v->failed || v->missing || v->malformed)
        fprintf(stderr, "WARNING: %lu failed, %lu unreadable, %lu malformed\n",
                v->failed, v->missing, v->malformed);
    quiet = (v->failed || v->missing) ? 1 : 0;
    ckv_destroy(v);
    return quiet;
}
