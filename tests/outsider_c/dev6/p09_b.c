#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define CCY_W          3
#define TXN_ID_W      10
#define MAX_RATES     64
#define RATE_SCALE    1000000L
#define LINE_W       128

struct fx_rate {
    char ccy[CCY_W + 1];
    int minor_units;
    long rate_micro;
};

struct fx_table {
    char base[CCY_W + 1];
    struct fx_rate rate[MAX_RATES];
    int n;
};

static char out_line[LINE_W];

static long parse_micro(const char *s)
{
    long whole = 0, frac = 0;
    int fd = 0;

    for (; isdigit((unsigned char)*s) && whole < 10000000L; s++)
        whole = whole * 10 + (*s - '0');
    if (*s == '.')
        for (s++; isdigit((unsigned char)*s) && fd < 6; s++, fd++)
            frac = frac * 10 + (*s - '0');
    for (; fd < 6; fd++)
        frac *= 10;
    return whole * RATE_SCALE + frac;
}

static int load_rates(FILE *fp, struct fx_table *t)
{
    char line[LINE_W], ccy[8], rate[32];
    int mu;

    t->n = 0;
    while (fgets(line, sizeof line, fp) != NULL) {
        if (strncmp(line, "BASE ", 5) == 0) {
            sscanf(line + 5, "%3s", t->base);
            continue;
        }
        if (sscanf(line, "%7s %d %31s", ccy, &mu, rate) != 3 || strlen(ccy) != CCY_W)
            continue;
        if (mu < 0 || mu > 3 || t->n >= MAX_RATES)
            continue;
        strcpy(t->rate[t->n].ccy, ccy);
        t->rate[t->n].minor_units = mu;
        t->rate[t->n].rate_micro = parse_micro(rate);
        if (t->rate[t->n].rate_micro >= 100)
            t->n++;
    }
    return t->n;
}

static const struct fx_rate *find_rate(const struct fx_table *t, const char *ccy)
{
    int i;

    for (i = 0; i < t->n; i++)
        if (memcmp(t->rate[i].ccy, ccy, CCY_W) == 0)
            return &t->rate[i];
    return NULL;
}

static long to_base_cents(long amount_minor, const struct fx_rate *r)
{
    static const long pow10[] = { 1, 10, 100, 1000 };
    long scaled = amount_minor * 100 / pow10[r->minor_units];

    return (scaled * RATE_SCALE + r->rate_micro / 2) / r->rate_micro;
}

int main(int argc, char **argv)
{
    struct fx_table tab;
    const struct fx_rate *r;
    FILE *fp;
    char line[LINE_W], id[TXN_ID_W + 1], ccy[CCY_W + 1];
    long amount, base_cents, total = 0;
    int nconv = 0, nskip = 0;

    if (argc < 2 || (fp = fopen(argv[1], "r")) == NULL) {
        fprintf(stderr, "usage: %s ratefile < transactions\n", argv[0]);
        return 1;
    }
    memset(&tab, 0, sizeof tab);
    strcpy(tab.base, "USD");
    load_rates(fp, &tab);
    fclose(fp);

    while (fgets(line, sizeof line, stdin) != NULL) {
        if (sscanf(line, "%10s %3s %ld", id, ccy, &amount) != 3
            || amount < -10000000000L || amount > 10000000000L) {
            nskip++;
            continue;
        }
        r = find_rate(&tab, ccy);
        if (r == NULL) {
            fprintf(stderr, "%s: no rate for %s\n", id, ccy);
            nskip++;
            continue;
        }
        base_cents = to_base_cents(amount, r);
        snprintf(out_line, sizeof out_line, "%-10s %s %14ld -> %s %12ld.%02ld", id, ccy, amount,
                 tab.base, base_cents / 100, labs(base_cents % 100));
        puts(out_line);
        total += base_cents;
        nconv++;
    }
    printf("%d converted, %d skipped, total %s %ld.%02ld\n", nconv, nskip, tab.base,
           total / 100, labs(total % 100));
    return 0;
}
