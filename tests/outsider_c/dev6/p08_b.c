#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TIN_W        9
#define NAME_W      20
#define MONEY_W     12
#define TP_REC_LEN  (TIN_W + NAME_W + MONEY_W + MONEY_W)
#define MAX_BRACKETS 32

struct bracket {
    long lower;
    long base;
    int rate_bp;
};

struct tax_table {
    struct bracket *br;
    int n;
    int cap;
};

static char rpt_line[100];

static int table_add(struct tax_table *tt, long lower, int rate_bp)
{
    struct bracket *nb;

    if (tt->n == tt->cap) {
        int ncap = tt->cap ? tt->cap * 2 : 4;
        if (ncap > MAX_BRACKETS)
            return -1;
        nb = realloc(tt->br, (size_t)ncap * sizeof *nb);
        if (nb == NULL)
            return -1;
        tt->br = nb;
        tt->cap = ncap;
    }
    if (tt->n == 0 && lower != 0)
        return -1;
    if (tt->n > 0 && lower <= tt->br[tt->n - 1].lower)
        return -1;
    if (rate_bp < 0 || rate_bp > 10000)
        return -1;
    tt->br[tt->n].lower = lower;
    tt->br[tt->n].rate_bp = rate_bp;
    tt->br[tt->n].base = 0;
    if (tt->n > 0) {
        struct bracket *pb = &tt->br[tt->n - 1];
        tt->br[tt->n].base = pb->base + (lower - pb->lower) * pb->rate_bp / 10000;
    }
    tt->n++;
    return 0;
}

static int table_load(const char *path, struct tax_table *tt)
{
    FILE *fp = fopen(path, "r");
    char line[80];
    long lower;
    int rate;

    if (fp == NULL)
        return -1;
    while (fgets(line, sizeof line, fp) != NULL) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "%ld %d", &lower, &rate) != 2 || lower < 0 || lower > 100000000000L
            || table_add(tt, lower, rate) != 0) {
            fclose(fp);
            return -1;
        }
    }
    fclose(fp);
    return tt->n > 0 ? 0 : -1;
}

static long compute_tax(const struct tax_table *tt, long taxable, int *marginal_bp)
{
    int i = tt->n - 1;

    while (i > 0 && tt->br[i].lower > taxable)
        i--;
    *marginal_bp = tt->br[i].rate_bp;
    if (taxable <= 0)
        return 0;
    return tt->br[i].base + (taxable - tt->br[i].lower) * tt->br[i].rate_bp / 10000;
}

static long money_field(const char *rec, int off)
{
    char tmp[MONEY_W + 1];

    memcpy(tmp, rec + off, MONEY_W);
    tmp[MONEY_W] = '\0';
    return strtol(tmp, NULL, 10);
}

int main(int argc, char **argv)
{
    struct tax_table tt = { NULL, 0, 0 };
    char rec[128], tin[TIN_W + 1], name[NAME_W + 1];
    long gross, deductions, taxable, tax, total_tax = 0;
    int marginal, count = 0;

    if (argc < 2 || table_load(argv[1], &tt) != 0) {
        fprintf(stderr, "usage: %s taxtable < returns (table missing or invalid)\n", argv[0]);
        free(tt.br);
        return 1;
    }
    while (fgets(rec, sizeof rec, stdin) != NULL) {
        if (strcspn(rec, "\r\n") < TP_REC_LEN)
            continue;
        memcpy(tin, rec, TIN_W);
        tin[TIN_W] = '\0';
        memcpy(name, rec + TIN_W, NAME_W);
        name[NAME_W] = '\0';
        gross = money_field(rec, TIN_W + NAME_W);
        deductions = money_field(rec, TIN_W + NAME_W + MONEY_W);
        taxable = gross - deductions;
        tax = compute_tax(&tt, taxable, &marginal);
        sprintf(rpt_line, "%s %s %12ld.%02ld %12ld.%02ld %3d.%02d%%", tin, name,
                taxable / 100, labs(taxable % 100), tax / 100, tax % 100,
                marginal / 100, marginal % 100);
        puts(rpt_line);
        total_tax += tax;
        count++;
    }
    printf("%d returns, total tax %ld.%02ld\n", count, total_tax / 100, total_tax % 100);
    free(tt.br);
    return 0;
}
