#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define POST_REC_LEN   80
#define ACCT_W         10
#define DATE_W          8
#define AMT_W          15
#define REF_W          10
#define DESC_W         34
#define CNT_W           8
#define MAX_POSTINGS   50000
#define MAX_ACCOUNTS   256

struct posting {
    char acct[ACCT_W + 1];
    char date[DATE_W + 1];
    char dc;
    long amount;
    char ref[REF_W + 1];
    char desc[DESC_W + 1];
};

struct ledger_acct {
    char acct[ACCT_W + 1];
    long debits;
    long credits;
};

static struct ledger_acct ledger[MAX_ACCOUNTS];
static int nledger;
static char rpt[100];

static long field_long(const char *rec, int off, int width)
{
    char tmp[32];

    memcpy(tmp, rec + off, width);
    tmp[width] = '\0';
    return strtol(tmp, NULL, 10);
}

static void field_str(char *dst, const char *rec, int off, int width)
{
    int n = width;

    memcpy(dst, rec + off, width);
    while (n > 0 && dst[n - 1] == ' ')
        n--;
    dst[n] = '\0';
}

static struct ledger_acct *ledger_find(const char *acct)
{
    int i;

    for (i = 0; i < nledger; i++)
        if (strcmp(ledger[i].acct, acct) == 0)
            return &ledger[i];
    if (nledger >= MAX_ACCOUNTS)
        return NULL;
    strcpy(ledger[nledger].acct, acct);
    return &ledger[nledger++];
}

static int post_record(const char *rec, long *dr, long *cr)
{
    struct posting p;
    struct ledger_acct *la;

    field_str(p.acct, rec, 2, ACCT_W);
    field_str(p.date, rec, 12, DATE_W);
    p.dc = rec[20];
    p.amount = field_long(rec, 21, AMT_W);
    field_str(p.ref, rec, 36, REF_W);
    field_str(p.desc, rec, 46, DESC_W);
    if ((p.dc != 'D' && p.dc != 'C') || p.amount < 0 || p.amount > 99999999999L)
        return -1;
    if ((la = ledger_find(p.acct)) == NULL)
        return -1;
    if (p.dc == 'D') {
        la->debits += p.amount;
        *dr += p.amount;
    } else {
        la->credits += p.amount;
        *cr += p.amount;
    }
    return 0;
}

int main(void)
{
    char line[POST_REC_LEN + 64];
    char *table;
    unsigned int count, nread = 0, i, bufsz;
    long total_dr = 0, total_cr = 0;
    int rejects = 0, k;

    if (fgets(line, sizeof line, stdin) == NULL || strncmp(line, "BH", 2) != 0
        || strlen(line) < 2 + 8 + CNT_W) {
        fprintf(stderr, "missing batch header\n");
        return 1;
    }
    count = (unsigned int)field_long(line, 10, CNT_W);
    if (count == 0) {
        fprintf(stderr, "batch count %u not accepted\n", count);
        return 1;
    }
    bufsz = count * POST_REC_LEN;
    if ((table = malloc(bufsz)) == NULL) {
        fprintf(stderr, "no memory for %u postings\n", count);
        return 1;
    }
    while (nread < count && fgets(line, sizeof line, stdin) != NULL) {
        if (strncmp(line, "PR", 2) != 0 || strcspn(line, "\r\n") < POST_REC_LEN)
            continue;
        memcpy(table + (size_t)nread * POST_REC_LEN, line, POST_REC_LEN);
        nread++;
    }
    if (nread != count)
        fprintf(stderr, "header says %u postings, found %u\n", count, nread);

    for (i = 0; i < nread; i++)
        if (post_record(table + (size_t)i * POST_REC_LEN, &total_dr, &total_cr) != 0)
            rejects++;
    free(table);

    printf("%-10s %15s %15s\n", "ACCOUNT", "DEBITS", "CREDITS");
    for (k = 0; k < nledger; k++) {
        sprintf(rpt, "%-10s %12ld.%02ld %12ld.%02ld", ledger[k].acct,
                ledger[k].debits / 100, ledger[k].debits % 100,
                ledger[k].credits / 100, ledger[k].credits % 100);
        puts(rpt);
    }
    printf("%-10s %12ld.%02ld %12ld.%02ld\n", "TOTAL", total_dr / 100, total_dr % 100,
           total_cr / 100, total_cr % 100);
    if (rejects)
        printf("%d postings rejected\n", rejects);
    if (total_dr != total_cr) {
        printf("BATCH OUT OF BALANCE\n");
        return 2;
    }
    return 0;
}
