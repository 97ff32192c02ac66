#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CUST_W        8
#define CNAME_W      24
#define INV_W        10
#define DATE_W        8
#define AMT_W        12
#define AR_REC_LEN   (CUST_W + CNAME_W + INV_W + DATE_W + DATE_W + AMT_W)
#define NBUCKETS      5
#define TOP_N        10

struct ar_customer {
    char id[CUST_W + 1];
    char name[CNAME_W + 1];
    long bucket[NBUCKETS];
    long total;
};

static const char *const bucket_hdr[NBUCKETS] = { "CURRENT", "1-30", "31-60", "61-90", "OVER 90" };
static char rpt[160];

static long days_from_ymd(const char *s)
{
    char tmp[DATE_W + 1];
    long v, y, m, d, era, yoe, doy;

    memcpy(tmp, s, DATE_W);
    tmp[DATE_W] = '\0';
    v = strtol(tmp, NULL, 10);
    y = v / 10000;
    m = v / 100 % 100;
    d = v % 100;
    if (y < 1900 || y > 2199 || m < 1 || m > 12 || d < 1 || d > 31)
        return -1;
    y -= m <= 2;
    era = y / 400;
    yoe = y - era * 400;
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy;
}

static int age_bucket(long days_late)
{
    if (days_late <= 0)
        return 0;
    if (days_late > 90)
        return NBUCKETS - 1;
    return (int)((days_late - 1) / 30) + 1;
}

static int by_total_desc(const void *a, const void *b)
{
    const struct ar_customer *x = a, *y = b;

    return (x->total < y->total) - (x->total > y->total);
}

static struct ar_customer *find_or_add(struct ar_customer **tab, int *n, int *cap, const char *rec)
{
    struct ar_customer *nt;
    int i;

    for (i = 0; i < *n; i++)
        if (memcmp((*tab)[i].id, rec, CUST_W) == 0)
            return &(*tab)[i];
    if (*n == *cap) {
        nt = realloc(*tab, (size_t)(*cap ? *cap * 2 : 4) * sizeof *nt);
        if (nt == NULL)
            return NULL;
        *tab = nt;
        *cap = *cap ? *cap * 2 : 4;
    }
    nt = &(*tab)[(*n)++];
    memset(nt, 0, sizeof *nt);
    memcpy(nt->id, rec, CUST_W);
    memcpy(nt->name, rec + CUST_W, CNAME_W);
    return nt;
}

int main(int argc, char **argv)
{
    struct ar_customer *tab = NULL, *c;
    char rec[AR_REC_LEN + 8], amt[AMT_W + 1];
    long run_day, due_day, cents, grand[NBUCKETS] = { 0 };
    int n = 0, cap = 0, i, b;

    if (argc < 2 || strlen(argv[1]) != DATE_W || (run_day = days_from_ymd(argv[1])) < 0) {
        fprintf(stderr, "usage: %s YYYYMMDD < open-items\n", argv[0]);
        return 1;
    }
    while (fgets(rec, sizeof rec, stdin) != NULL) {
        if (strcspn(rec, "\r\n") < AR_REC_LEN)
            continue;
        if ((due_day = days_from_ymd(rec + CUST_W + CNAME_W + INV_W + DATE_W)) < 0)
            continue;
        memcpy(amt, rec + AR_REC_LEN - AMT_W, AMT_W);
        amt[AMT_W] = '\0';
        cents = strtol(amt, NULL, 10);
        if (cents < -99999999999L || cents > 99999999999L)
            continue;
        if ((c = find_or_add(&tab, &n, &cap, rec)) == NULL)
            break;
        b = age_bucket(run_day - due_day);
        c->bucket[b] += cents;
        c->total += cents;
        grand[b] += cents;
    }
    if (n > 1)
        qsort(tab, (size_t)n, sizeof *tab, by_total_desc);

    printf("%-8s %-24s", "CUSTOMER", "NAME");
    for (b = 0; b < NBUCKETS; b++)
        printf(" %14s", bucket_hdr[b]);
    printf("\n");
    for (i = 0; i < n; i++) {
        int len = sprintf(rpt, "%-8s %-24s", tab[i].id, tab[i].name);
        for (b = 0; b < NBUCKETS; b++)
            len += sprintf(rpt + len, " %14.2f", tab[i].bucket[b] / 100.0);
        puts(rpt);
    }
    printf("%-33s", "TOTAL");
    for (b = 0; b < NBUCKETS; b++)
        printf(" %14.2f", grand[b] / 100.0);
    printf("\n\nTOP EXPOSURES\n");
    for (i = 0; i < TOP_N && i < n; i++)
        printf("%2d. %-8s %-24s %14.2f\n", i + 1, tab[i].id, tab[i].name, tab[i].total / 100.0);
    free(tab);
    return 0;
}
