#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define IBAN_MIN_LEN   15
#define IBAN_MAX_LEN   34
#define IBAN_PRINT_W   42
#define PAYEE_ID_W     10
#define MASTER_REC_MAX 128

enum {
    IBAN_OK = 0,
    IBAN_ERR_LENGTH,
    IBAN_ERR_COUNTRY,
    IBAN_ERR_CHARS,
    IBAN_ERR_CHECK
};

static const struct {
    char cc[3];
    unsigned char len;
} iban_registry[] = {
    { "AD", 24 }, { "AT", 20 }, { "BE", 16 }, { "CH", 21 }, { "CZ", 24 },
    { "DE", 22 }, { "DK", 18 }, { "ES", 24 }, { "FI", 18 }, { "FR", 27 },
    { "GB", 22 }, { "IE", 22 }, { "IT", 27 }, { "LU", 20 }, { "NL", 18 },
    { "NO", 15 }, { "PL", 28 }, { "PT", 25 }, { "SE", 24 },
};

static const char *const iban_errtext[] = {
    "OK", "WRONG LENGTH", "UNKNOWN COUNTRY", "INVALID CHARACTER", "CHECK DIGITS FAIL"
};

static char iban_print[IBAN_PRINT_W + 1];

static size_t iban_country_len(const char *iban)
{
    size_t i;

    for (i = 0; i < sizeof iban_registry / sizeof iban_registry[0]; i++)
        if (iban[0] == iban_registry[i].cc[0] && iban[1] == iban_registry[i].cc[1])
            return iban_registry[i].len;
    return 0;
}

static int char_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return -1;
}

size_t iban_compact(const char *in, char *out, size_t outsz)
{
    size_t n = 0;

    for (; *in && n + 1 < outsz; in++) {
        if (*in == ' ' || *in == '-')
            continue;
        out[n++] = (char)toupper((unsigned char)*in);
    }
    out[n] = '\0';
    return n;
}

int iban_validate(const char *iban)
{
    char rearr[IBAN_MAX_LEN + 1];
    size_t n = strlen(iban), explen, i;
    unsigned int rem = 0;
    int v;

    if (n < IBAN_MIN_LEN || n > IBAN_MAX_LEN)
        return IBAN_ERR_LENGTH;
    explen = iban_country_len(iban);
    if (explen == 0)
        return IBAN_ERR_COUNTRY;
    if (!isdigit((unsigned char)iban[2]) || !isdigit((unsigned char)iban[3]))
        return IBAN_ERR_CHARS;

    memcpy(rearr, iban + 4, explen - 4);
    memcpy(rearr + explen - 4, iban, 4);
    for (i = 0; i < explen; i++) {
        if ((v = char_value((unsigned char)rearr[i])) < 0)
            return IBAN_ERR_CHARS;
        rem = (v >= 10) ? (rem * 100 + (unsigned int)v) % 97 : (rem * 10 + (unsigned int)v) % 97;
    }
    return rem == 1 ? IBAN_OK : IBAN_ERR_CHECK;
}

const char *iban_format(const char *iban)
{
    size_t i, o = 0;

    for (i = 0; iban[i] && i < IBAN_MAX_LEN; i++) {
        if (i > 0 && i % 4 == 0)
            iban_print[o++] = ' ';
        iban_print[o++] = iban[i];
    }
    iban_print[o] = '\0';
    return iban_print;
}

const char *iban_strerror(int rc)
{
    if (rc < IBAN_OK || rc > IBAN_ERR_CHECK)
        return "UNKNOWN";
    return iban_errtext[rc];
}

int iban_check_master(FILE *in, FILE *out)
{
    char rec[MASTER_REC_MAX];
    char payee[PAYEE_ID_W + 1];
    char iban[IBAN_MAX_LEN + 1];
    int nbad = 0, rc;

    while (fgets(rec, sizeof rec, in) != NULL) {
        rec[strcspn(rec, "\r\n")] = '\0';
        if (strlen(rec) <= PAYEE_ID_W)
            continue;
        memcpy(payee, rec, PAYEE_ID_W);
        payee[PAYEE_ID_W] = '\0';
        iban_compact(rec + PAYEE_ID_W, iban, sizeof iban);
        rc = iban_validate(iban);
        if (rc != IBAN_OK)
            nbad++;
        fprintf(out, "%-10s %-42s %s\n", payee, iban_format(iban), iban_strerror(rc));
    }
    return nbad;
}
