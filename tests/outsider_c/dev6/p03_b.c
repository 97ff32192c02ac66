#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define LINE_MAX_LEN  1024
#define MAX_FIELDS       8
#define DATE_W          10
#define PAYEE_W         31
#define CAT_W           15

struct stmt_txn {
    char date[DATE_W + 1];
    char payee[PAYEE_W + 1];
    long amount;
    long balance;
    char category[CAT_W + 1];
};

static const struct {
    const char *keyword;
    const char *category;
} cat_rules[] = {
    { "PAYROLL",  "INCOME" },
    { "GROCER",   "GROCERIES" },
    { "MARKET",   "GROCERIES" },
    { "FUEL",     "AUTO" },
    { "RENT",     "HOUSING" },
    { "INTEREST", "BANK" },
    { "FEE",      "BANK" },
};

static long cat_totals[sizeof cat_rules / sizeof cat_rules[0] + 1];
static char line[LINE_MAX_LEN];

static int split_csv(char *line, char **f, int maxf)
{
    int n = 0;
    char *r = line, *w;

    while (n < maxf) {
        f[n++] = w = r;
        if (*r == '"') {
            r++;
            while (*r) {
                if (*r == '"' && r[1] == '"') { *w++ = '"'; r += 2; }
                else if (*r == '"') { r++; break; }
                else *w++ = *r++;
            }
        }
        while (*r && *r != ',' && *r != '\r' && *r != '\n')
            *w++ = *r++;
        if (*r != ',') { *w = '\0'; break; }
        r++;
        *w = '\0';
    }
    return n;
}

static int parse_cents(const char *s, long *out)
{
    long v = 0;
    int neg = 0, digits = 0, frac = -1;

    while (*s == ' ') s++;
    if (*s == '-') { neg = 1; s++; }
    for (; *s; s++) {
        if (*s == ',') continue;
        if (*s == '.' && frac < 0) { frac = 0; continue; }
        if (!isdigit((unsigned char)*s) || ++digits > 13 || frac == 2) return -1;
        v = v * 10 + (*s - '0');
        if (frac >= 0) frac++;
    }
    if (digits == 0) return -1;
    while (frac < 2) { v *= 10; frac = frac < 0 ? 1 : frac + 1; }
    *out = neg ? -v : v;
    return 0;
}

static int categorise(struct stmt_txn *t)
{
    size_t i;
    char up[PAYEE_W + 1];

    for (i = 0; t->payee[i] && i < PAYEE_W; i++)
        up[i] = (char)toupper((unsigned char)t->payee[i]);
    up[i] = '\0';
    for (i = 0; i < sizeof cat_rules / sizeof cat_rules[0]; i++) {
        if (strstr(up, cat_rules[i].keyword) != NULL) {
            strcpy(t->category, cat_rules[i].category);
            return (int)i;
        }
    }
    strcpy(t->category, "UNCATEGORISED");
    return (int)i;
}

static int import_line(char *line, struct stmt_txn *t)
{
    char *f[MAX_FIELDS];
    int nf = split_csv(line, f, MAX_FIELDS);

    if (nf < 4 || strlen(f[0]) != DATE_W)
        return -1;
    strcpy(t->date, f[0]);
    if (strlen(f[1]) > PAYEE_W)
        f[1][PAYEE_W] = '\0';
    strcpy(t->payee, f[1]);
    if (parse_cents(f[2], &t->amount) != 0 || parse_cents(f[3], &t->balance) != 0)
        return -1;
    return 0;
}

int main(int argc, char **argv)
{
    struct stmt_txn t;
    FILE *fp = stdin;
    long prev_bal = 0;
    int have_prev = 0, lineno = 0, bad = 0, c;
    size_t i;

    if (argc > 1 && (fp = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof line, fp) != NULL) {
        if (++lineno == 1 && strncmp(line, "Date,", 5) == 0)
            continue;
        memset(&t, 0, sizeof t);
        if (import_line(line, &t) != 0) {
            fprintf(stderr, "line %d: rejected\n", lineno);
            bad++;
            continue;
        }
        c = categorise(&t);
        cat_totals[c] += t.amount;
        if (have_prev && prev_bal + t.amount != t.balance)
            printf("line %d: balance break %ld -> %ld\n", lineno, prev_bal, t.balance);
        prev_bal = t.balance;
        have_prev = 1;
        printf("%s %-31s %-15s %12.2f\n", t.date, t.payee, t.category, t.amount / 100.0);
    }
    if (fp != stdin)
        fclose(fp);
    for (i = 0; i < sizeof cat_rules / sizeof cat_rules[0]; i++)
        if (cat_totals[i] != 0)
            printf("%-15s %12.2f\n", cat_rules[i].category, cat_totals[i] / 100.0);
    printf("%-15s %12.2f\n", "UNCATEGORISED", cat_totals[i] / 100.0);
    return bad ? 2 : 0;
}
