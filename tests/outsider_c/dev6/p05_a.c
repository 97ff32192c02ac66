#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define EAN8_LEN     8
#define UPCA_LEN    12
#define EAN13_LEN   13
#define SKU_W        8
#define LINE_W     128

struct gs1_range {
    int lo, hi;
    const char *origin;
};

static const struct gs1_range gs1_prefixes[] = {
    {   0,  19, "US/CA" }, { 300, 379, "FR" }, { 400, 440, "DE" },
    { 450, 459, "JP" },    { 490, 499, "JP" }, { 500, 509, "GB" },
    { 690, 699, "CN" },    { 760, 769, "CH" }, { 800, 839, "IT" },
    { 840, 849, "ES" },    { 870, 879, "NL" }, { 978, 979, "BOOK" },
};

static char out_line[LINE_W];

static int gs1_check_digit(const char *digits, size_t n)
{
    int sum = 0, w = 3;
    size_t i = n;

    while (i-- > 0) {
        sum += (digits[i] - '0') * w;
        w = 4 - w;
    }
    return (10 - sum % 10) % 10;
}

static const char *gs1_origin(const char *ean13)
{
    int prefix = (ean13[0] - '0') * 100 + (ean13[1] - '0') * 10 + (ean13[2] - '0');
    size_t i;

    for (i = 0; i < sizeof gs1_prefixes / sizeof gs1_prefixes[0]; i++)
        if (prefix >= gs1_prefixes[i].lo && prefix <= gs1_prefixes[i].hi)
            return gs1_prefixes[i].origin;
    return "OTHER";
}

static int normalise(const char *code, size_t len, char *ean13, const char **type)
{
    size_t i;

    for (i = 0; i < len; i++)
        if (!isdigit((unsigned char)code[i]))
            return -1;
    switch (len) {
    case EAN8_LEN:
        *type = "EAN-8";
        memset(ean13, '0', EAN13_LEN - EAN8_LEN);
        memcpy(ean13 + EAN13_LEN - EAN8_LEN, code, EAN8_LEN);
        break;
    case UPCA_LEN:
        *type = "UPC-A";
        ean13[0] = '0';
        memcpy(ean13 + 1, code, UPCA_LEN);
        break;
    case EAN13_LEN:
        *type = "EAN-13";
        memcpy(ean13, code, EAN13_LEN);
        break;
    default:
        return -1;
    }
    ean13[EAN13_LEN] = '\0';
    return gs1_check_digit(code, len - 1) == code[len - 1] - '0' ? 0 : -2;
}

int main(void)
{
    char line[LINE_W], sku[SKU_W + 1], code[EAN13_LEN + 1], ean13[EAN13_LEN + 1];
    const char *type, *p;
    size_t len;
    int rc, ok = 0, rejected = 0;

    while (fgets(line, sizeof line, stdin) != NULL) {
        if (strlen(line) < SKU_W + 2 || line[SKU_W] != ' ')
            continue;
        memcpy(sku, line, SKU_W);
        sku[SKU_W] = '\0';
        p = line + SKU_W + 1;
        while (*p == ' ')
            p++;
        len = strcspn(p, " \t\r\n");
        if (len == 0 || len >= sizeof code) {
            printf("%s  %-14.14s REJECT LENGTH\n", sku, p);
            rejected++;
            continue;
        }
        memcpy(code, p, len);
        code[len] = '\0';
        type = "?";
        rc = normalise(code, len, ean13, &type);
        if (rc == 0) {
            sprintf(out_line, "%s  %-13s %-6s %s %s", sku, code, type, ean13, gs1_origin(ean13));
            ok++;
        } else {
            sprintf(out_line, "%s  %-13s %-6s %s", sku, code, type,
                    rc == -2 ? "REJECT CHECK DIGIT" : "REJECT FORMAT");
            rejected++;
        }
        puts(out_line);
    }
    printf("%d accepted, %d rejected\n", ok, rejected);
    return rejected ? 1 : 0;
}
