#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOAN_ID_W      10
#define MAX_TERM      480
#define MAX_RATE_BP  5000
#define MAX_PRINCIPAL 10000000000L
#define MONEY_BUF_W    24

struct loan {
    char id[LOAN_ID_W + 1];
    long principal;
    int rate_bp;
    int term;
    long payment;
};

struct amort_summary {
    long total_interest;
    long total_paid;
    int months;
    int final_month;
    long final_payment;
    long balloon;
};

static char money_buf[4][MONEY_BUF_W];
static int money_slot;

static const char *money(long cents)
{
    char *b = money_buf[money_slot++ & 3];

    if (cents < 0)
        sprintf(b, "-%ld.%02ld", -cents / 100, -cents % 100);
    else
        sprintf(b, "%ld.%02ld", cents / 100, cents % 100);
    return b;
}

static long level_payment(long principal, int rate_bp, int term)
{
    double r = rate_bp / 120000.0, f = 1.0;
    int i;

    if (rate_bp == 0)
        return (principal + term - 1) / term;
    for (i = 0; i < term; i++)
        f *= 1.0 + r;
    return (long)(principal * r * f / (f - 1.0) + 0.999);
}

static int parse_loan(const char *line, struct loan *ln)
{
    int n;

    memset(ln, 0, sizeof *ln);
    n = sscanf(line, "%10s %ld %d %d %ld", ln->id, &ln->principal, &ln->rate_bp, &ln->term, &ln->payment);
    if (n < 4)
        return -1;
    if (ln->principal <= 0 || ln->principal > MAX_PRINCIPAL || ln->rate_bp < 0
        || ln->rate_bp > MAX_RATE_BP || ln->term <= 0 || ln->term > MAX_TERM)
        return -1;
    if (n == 4 || ln->payment <= 0 || ln->payment > ln->principal
        || ln->payment * 120000 <= ln->principal * ln->rate_bp)
        ln->payment = level_payment(ln->principal, ln->rate_bp, ln->term);
    return 0;
}

static void amortise(const struct loan *ln, struct amort_summary *sm, int verbose)
{
    long bal = ln->principal, interest, princ, pay;
    int n;

    sm->total_interest = 0;
    sm->total_paid = 0;
    sm->months = 0;
    sm->balloon = 0;
    for (n = 1; n <= ln->term && bal > 0; n++) {
        interest = (bal * ln->rate_bp + 60000) / 120000;
        pay = ln->payment;
        princ = pay - interest;
        if (princ >= bal) {
            princ = bal;
            pay = princ + interest;
            sm->final_month = n;
            sm->final_payment = pay;
        }
        bal -= princ;
        sm->total_interest += interest;
        sm->total_paid += pay;
        sm->months = n;
        if (verbose)
            printf("  %3d %14s %12s %12s %14s\n", n, money(pay), money(interest),
                   money(princ), money(bal));
    }
    if (bal > 0)
        sm->balloon = bal;
}

int main(int argc, char **argv)
{
    char line[160];
    struct loan ln;
    struct amort_summary sm;
    int verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
    int bad = 0;

    while (fgets(line, sizeof line, stdin) != NULL) {
        if (line[0] == '#' || parse_loan(line, &ln) != 0) {
            bad += line[0] != '#';
            continue;
        }
        printf("LOAN %-10s PRINCIPAL %s RATE %d.%02d%% TERM %d PAYMENT %s\n", ln.id,
               money(ln.principal), ln.rate_bp / 100, ln.rate_bp % 100, ln.term, money(ln.payment));
        amortise(&ln, &sm, verbose);
        printf("  MONTHS %d  TOTAL PAID %s  TOTAL INTEREST %s\n", sm.months,
               money(sm.total_paid), money(sm.total_interest));
        if (sm.final_month > 0)
            printf("  FINAL PAYMENT MONTH %d AMOUNT %s\n", sm.final_month, money(sm.final_payment));
        if (sm.balloon > 0)
            printf("  BALLOON DUE %s\n", money(sm.balloon));
    }
    return bad ? 1 : 0;
}
