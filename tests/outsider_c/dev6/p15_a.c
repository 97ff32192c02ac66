#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define LINE_W       256
#define ACCT_W        35
#define REF_W         16
#define AMT_W         15
#define BAL_HDR_W     10
#define CCY_W          3

struct balance {
    char dc;
    char date[7];
    char ccy[CCY_W + 1];
    long cents;
};

struct statement {
    char ref[REF_W + 1];
    char account[ACCT_W + 1];
    struct balance opening, closing;
    long movement;
    int ntxn;
};

static long mt_amount(const char *s, size_t n)
{
    long whole = 0, frac = 0;
    size_t i = 0;
    int fd = 0;

    for (; i < n && isdigit((unsigned char)s[i]) && whole < 10000000000000L; i++)
        whole = whole * 10 + (s[i] - '0');
    if (i < n && s[i] == ',')
        for (i++; i < n && isdigit((unsigned char)s[i]) && fd < 2; i++, fd++)
            frac = frac * 10 + (s[i] - '0');
    if (fd == 1)
        frac *= 10;
    return whole * 100 + frac;
}

static int parse_balance(const char *c, struct balance *b)
{
    char amt[AMT_W + 1];
    size_t clen, alen;

    if (c[0] != 'C' && c[0] != 'D')
        return -1;
    clen = strcspn(c, "\r\n");
    if (clen > BAL_HDR_W + AMT_W)
        return -1;
    alen = clen - BAL_HDR_W;
    memcpy(amt, c + BAL_HDR_W, alen);
    amt[alen] = '\0';
    b->dc = c[0];
    memcpy(b->date, c + 1, 6);
    b->date[6] = '\0';
    memcpy(b->ccy, c + 7, CCY_W);
    b->ccy[CCY_W] = '\0';
    b->cents = mt_amount(amt, alen);
    if (b->dc == 'D')
        b->cents = -b->cents;
    return 0;
}

static int parse_statement_line(const char *c, long *signed_cents)
{
    size_t i = 6, start;
    int debit;

    if (strspn(c, "0123456789") < 6)
        return -1;
    if (strspn(c + 6, "0123456789") >= 4)
        i += 4;
    if (c[i] == 'R')
        i++;
    if (c[i] != 'C' && c[i] != 'D')
        return -1;
    debit = c[i++] == 'D';
    if (isalpha((unsigned char)c[i]) && c[i] != 'N')
        i++;
    start = i;
    while (isdigit((unsigned char)c[i]) || c[i] == ',')
        i++;
    if (i == start || i - start > AMT_W)
        return -1;
    *signed_cents = mt_amount(c + start, i - start);
    if (debit)
        *signed_cents = -*signed_cents;
    return 0;
}

static void copy_tag_value(char *dst, size_t dstsz, const char *src)
{
    snprintf(dst, dstsz, "%.*s", (int)strcspn(src, "\r\n"), src);
}

int main(void)
{
    char line[LINE_W];
    struct statement st;
    long amt;
    int errors = 0;

    memset(&st, 0, sizeof st);
    while (fgets(line, sizeof line, stdin) != NULL) {
        if (strncmp(line, ":20:", 4) == 0) {
            copy_tag_value(st.ref, sizeof st.ref, line + 4);
        } else if (strncmp(line, ":25:", 4) == 0) {
            copy_tag_value(st.account, sizeof st.account, line + 4);
        } else if (strncmp(line, ":60F:", 5) == 0 || strncmp(line, ":60M:", 5) == 0) {
            errors += parse_balance(line + 5, &st.opening) != 0;
        } else if (strncmp(line, ":62F:", 5) == 0 || strncmp(line, ":62M:", 5) == 0) {
            errors += parse_balance(line + 5, &st.closing) != 0;
        } else if (strncmp(line, ":61:", 4) == 0) {
            if (parse_statement_line(line + 4, &amt) != 0) {
                errors++;
                continue;
            }
            st.movement += amt;
            st.ntxn++;
            printf("  %-6.6s %15.2f\n", line + 4, amt / 100.0);
        }
    }
    printf("STATEMENT %s ACCOUNT %s\n", st.ref, st.account);
    printf("  OPENING %s %15.2f  CLOSING %s %15.2f  %d ENTRIES\n", st.opening.ccy,
           st.opening.cents / 100.0, st.closing.ccy, st.closing.cents / 100.0, st.ntxn);
    if (st.opening.cents + st.movement != st.closing.cents) {
        printf("  BALANCE MISMATCH: computed %.2f\n", (st.opening.cents + st.movement) / 100.0);
        errors++;
    }
    return errors ? 2 : 0;
}
