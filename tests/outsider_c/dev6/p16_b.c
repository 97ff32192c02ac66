#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <time.h>

#define ACH_REC_LEN     94
#define BLOCKING_FACTOR 10
#define ACCT_W          17
#define ID_W            15
#define NAME_W          22
#define MAX_AMOUNT      9999999999L
#define MAX_TOTAL       999999999999L
#define MAX_ENTRIES     999999
#define ODFI_ROUTING    "07640125"
#define IMM_DEST        " 076401251"
#define IMM_ORIGIN      "1234567890"
#define COMPANY_NAME    "ACME PAYROLL SVCS"
#define COMPANY_ID      "1234567890"

struct payee {
    char routing[10];
    char account[ACCT_W + 1];
    long amount;
    char id[ID_W + 1];
    char name[64];
    int txn_code;
};

struct batch_totals {
    int entries;
    long hash;
    long debit;
    long credit;
};

static int records_out;

static void put_record(const char *rec)
{
    fputs(rec, stdout);
    fputc('\n', stdout);
    records_out++;
}

static int aba_valid(const char *r)
{
    static const int w[9] = { 3, 7, 1, 3, 7, 1, 3, 7, 1 };
    int i, sum = 0;

    if (strlen(r) != 9 || strspn(r, "0123456789") != 9)
        return 0;
    for (i = 0; i < 9; i++)
        sum += (r[i] - '0') * w[i];
    return sum % 10 == 0;
}

static int parse_payee(char *line, struct payee *p)
{
    char *f[6];
    int n = 0;
    char *tok = strtok(line, ",\r\n");

    while (tok != NULL && n < 6) {
        f[n++] = tok;
        tok = strtok(NULL, ",\r\n");
    }
    if (n != 6 || !aba_valid(f[0]) || strlen(f[1]) > ACCT_W || strlen(f[4]) >= sizeof p->name)
        return -1;
    strcpy(p->routing, f[0]);
    strcpy(p->account, f[1]);
    p->amount = strtol(f[2], NULL, 10);
    snprintf(p->id, sizeof p->id, "%s", f[3]);
    strcpy(p->name, f[4]);
    p->txn_code = atoi(f[5]);
    if (p->amount <= 0 || p->amount > MAX_AMOUNT)
        return -1;
    if (p->txn_code != 22 && p->txn_code != 27 && p->txn_code != 32 && p->txn_code != 37)
        return -1;
    return 0;
}

static void write_entry(const struct payee *p, int seq, struct batch_totals *bt)
{
    char rec[ACH_REC_LEN + 1];
    int i;

    sprintf(rec, "6%02d%.8s%c%-17s%010ld%-15s%-22.22s  0%s%07d",
            p->txn_code, p->routing, p->routing[8], p->account, p->amount,
            p->id, p->name, ODFI_ROUTING, seq);
    for (i = 0; rec[i]; i++)
        rec[i] = (char)toupper((unsigned char)rec[i]);
    put_record(rec);
    bt->entries++;
    bt->hash = (bt->hash + strtol(p->routing, NULL, 10) / 10) % 10000000000L;
    if (p->txn_code == 27 || p->txn_code == 37)
        bt->debit += p->amount;
    else
        bt->credit += p->amount;
}

int main(void)
{
    char line[256], rec[ACH_REC_LEN + 1], ymd[7], hm[5];
    struct payee p;
    struct batch_totals bt = { 0, 0, 0, 0 };
    long *total;
    time_t now = time(NULL);
    int seq = 0, blocks;

    strftime(ymd, sizeof ymd, "%y%m%d", localtime(&now));
    strftime(hm, sizeof hm, "%H%M", localtime(&now));
    sprintf(rec, "101%s%s%s%sA094101%-23s%-23s%-8s", IMM_DEST, IMM_ORIGIN, ymd, hm,
            "FIRST NATIONAL BANK", COMPANY_NAME, "");
    put_record(rec);
    sprintf(rec, "5200%-16.16s%-20s%-10sPPD%-10s%6s%6s   1%s%07d", COMPANY_NAME, "",
            COMPANY_ID, "PAYROLL", ymd, ymd, ODFI_ROUTING, 1);
    put_record(rec);

    while (fgets(line, sizeof line, stdin) != NULL) {
        memset(&p, 0, sizeof p);
        if (parse_payee(line, &p) != 0) {
            fprintf(stderr, "payee record rejected\n");
            continue;
        }
        total = (p.txn_code == 27 || p.txn_code == 37) ? &bt.debit : &bt.credit;
        if (seq >= MAX_ENTRIES || *total > MAX_TOTAL - p.amount) {
            fprintf(stderr, "batch limits reached, remaining payees not paid\n");
            break;
        }
        write_entry(&p, ++seq, &bt);
    }

    sprintf(rec, "8200%06d%010ld%012ld%012ld%-10s%-19s%-6s%s%07d", bt.entries, bt.hash,
            bt.debit, bt.credit, COMPANY_ID, "", "", ODFI_ROUTING, 1);
    put_record(rec);
    blocks = (records_out + 1 + BLOCKING_FACTOR - 1) / BLOCKING_FACTOR;
    sprintf(rec, "9%06d%06d%08d%010ld%012ld%012ld%-39s", 1, blocks, bt.entries, bt.hash,
            bt.debit, bt.credit, "");
    put_record(rec);
    memset(rec, '9', ACH_REC_LEN);
    rec[ACH_REC_LEN] = '\0';
    while (records_out % BLOCKING_FACTOR != 0)
        put_record(rec);
    return 0;
}
