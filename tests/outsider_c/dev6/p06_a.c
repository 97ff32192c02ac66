#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define QIF_LINE_MAX  256
#define DATE_W         10
#define PAYEE_W        40
#define MEMO_W         64
#define CAT_W          32

struct qif_txn {
    char date[DATE_W + 1];
    long amount;
    char cleared;
    char payee[PAYEE_W + 1];
    char memo[MEMO_W + 1];
    char category[CAT_W + 1];
    struct qif_txn *next;
};

struct qif_file {
    char acct_type[16];
    struct qif_txn *head, *tail;
    int count;
    int dupes;
    long balance;
};

static void put_field(char *dst, size_t dstsz, const char *src)
{
    size_t n = strcspn(src, "\r\n");

    if (n >= dstsz)
        n = dstsz - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static long qif_amount(const char *s)
{
    long whole = 0, frac = 0;
    int neg = 0, fd = 0;

    if (*s == '-') {
        neg = 1;
        s++;
    }
    for (; *s && *s != '.' && whole < 100000000000L; s++)
        if (isdigit((unsigned char)*s))
            whole = whole * 10 + (*s - '0');
    if (*s == '.')
        for (s++; isdigit((unsigned char)*s) && fd < 2; s++, fd++)
            frac = frac * 10 + (*s - '0');
    if (fd == 1)
        frac *= 10;
    return neg ? -(whole * 100 + frac) : whole * 100 + frac;
}

static int same_txn(const struct qif_txn *a, const struct qif_txn *b)
{
    return a->amount == b->amount && strcmp(a->date, b->date) == 0
        && strcmp(a->payee, b->payee) == 0;
}

static void finish_txn(struct qif_file *qf, struct qif_txn *cur, struct qif_txn **prev)
{
    if (*prev != NULL && same_txn(*prev, cur)) {
        qf->dupes++;
        free(cur);
    } else {
        if (qf->tail)
            qf->tail->next = cur;
        else
            qf->head = cur;
        qf->tail = cur;
        qf->count++;
        qf->balance += cur->amount;
        *prev = cur;
    }
}

static int qif_read(FILE *fp, struct qif_file *qf)
{
    char line[QIF_LINE_MAX];
    struct qif_txn *cur = NULL, *prev = NULL;

    while (fgets(line, sizeof line, fp) != NULL) {
        if (line[0] == '!') {
            if (strncmp(line, "!Type:", 6) == 0)
                put_field(qf->acct_type, sizeof qf->acct_type, line + 6);
            continue;
        }
        if (line[0] == '^') {
            if (cur != NULL)
                finish_txn(qf, cur, &prev);
            cur = NULL;
            continue;
        }
        if (cur == NULL && (cur = calloc(1, sizeof *cur)) == NULL)
            return -1;
        switch (line[0]) {
        case 'D': put_field(cur->date, sizeof cur->date, line + 1); break;
        case 'T':
        case 'U': cur->amount = qif_amount(line + 1); break;
        case 'C': cur->cleared = line[1]; break;
        case 'P': put_field(cur->payee, sizeof cur->payee, line + 1); break;
        case 'M': put_field(cur->memo, sizeof cur->memo, line + 1); break;
        case 'L': put_field(cur->category, sizeof cur->category, line + 1); break;
        default: break;
        }
    }
    if (cur != NULL)
        finish_txn(qf, cur, &prev);
    return 0;
}

int main(int argc, char **argv)
{
    struct qif_file qf;
    struct qif_txn *t, *nx;
    FILE *fp = stdin;
    int rc;

    if (argc > 1 && (fp = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    memset(&qf, 0, sizeof qf);
    rc = qif_read(fp, &qf);
    if (fp != stdin)
        fclose(fp);
    printf("Account type: %s\n", qf.acct_type[0] ? qf.acct_type : "Bank");
    for (t = qf.head; t != NULL; t = t->next)
        printf("%-10s %c %-40s %-20.20s %12.2f\n", t->date, t->cleared ? t->cleared : ' ',
               t->payee, t->category, t->amount / 100.0);
    printf("%d transactions, %d duplicates skipped, net %.2f\n",
           qf.count, qf.dupes, qf.balance / 100.0);
    for (t = qf.head; t != NULL; t = nx) {
        nx = t->next;
        free(t);
    }
    return rc == 0 ? 0 : 1;
}
