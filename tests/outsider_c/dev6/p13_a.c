#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PO_NO_W      10
#define VENDOR_W      8
#define DATE_W        8
#define TERMS_W       5
#define PART_W       15
#define REC_MAX     200
#define MAX_QTY  100000
#define MAX_PRICE 99999999L

struct po_line {
    int line_no;
    char part[PART_W + 1];
    long qty;
    long unit_cents;
};

struct purchase_order {
    char po_no[PO_NO_W + 1];
    char vendor[VENDOR_W + 1];
    char date[DATE_W + 1];
    char terms[TERMS_W + 1];
    struct po_line *lines;
    int nlines, cap;
    int open;
};

static char po_rpt[120];

static int split(char *rec, char **f, int maxf)
{
    int n = 0;
    char *p = rec;

    rec[strcspn(rec, "\r\n")] = '\0';
    while (n < maxf) {
        f[n++] = p;
        if ((p = strchr(p, '|')) == NULL)
            break;
        *p++ = '\0';
    }
    return n;
}

static void po_release(struct purchase_order *po)
{
    free(po->lines);
    memset(po, 0, sizeof *po);
}

static void po_abort(struct purchase_order *po, const char *why)
{
    fprintf(stderr, "PO %s rejected: %s\n", po->po_no, why);
    free(po->lines);
    po->lines = NULL;
    po->nlines = po->cap = 0;
    po->open = 0;
}

static int po_start(struct purchase_order *po, char **f, int nf)
{
    if (nf < 5 || strlen(f[1]) > PO_NO_W || strlen(f[2]) > VENDOR_W
        || strlen(f[3]) != DATE_W || strlen(f[4]) > TERMS_W)
        return -1;
    strcpy(po->po_no, f[1]);
    strcpy(po->vendor, f[2]);
    strcpy(po->date, f[3]);
    strcpy(po->terms, f[4]);
    po->open = 1;
    return 0;
}

static int po_add_line(struct purchase_order *po, char **f, int nf)
{
    struct po_line *ln;

    if (nf < 5)
        return -1;
    if (po->nlines == po->cap) {
        int ncap = po->cap ? po->cap * 2 : 8;
        struct po_line *nl = realloc(po->lines, (size_t)ncap * sizeof *nl);
        if (nl == NULL)
            return -1;
        po->lines = nl;
        po->cap = ncap;
    }
    ln = &po->lines[po->nlines];
    ln->line_no = atoi(f[1]);
    snprintf(ln->part, sizeof ln->part, "%s", f[2]);
    ln->qty = atol(f[3]);
    ln->unit_cents = atol(f[4]);
    if (ln->qty <= 0 || ln->qty > MAX_QTY || ln->unit_cents < 0 || ln->unit_cents > MAX_PRICE)
        return -1;
    po->nlines++;
    return 0;
}

static void po_print(const struct purchase_order *po)
{
    long total = 0, ext;
    int i;

    sprintf(po_rpt, "PURCHASE ORDER %-10s VENDOR %-8s DATE %s TERMS %s",
            po->po_no, po->vendor, po->date, po->terms);
    puts(po_rpt);
    for (i = 0; i < po->nlines; i++) {
        ext = po->lines[i].qty * po->lines[i].unit_cents;
        total += ext;
        sprintf(po_rpt, "  %4d %-15s %7ld @ %9ld.%02ld = %12ld.%02ld", po->lines[i].line_no,
                po->lines[i].part, po->lines[i].qty, po->lines[i].unit_cents / 100,
                po->lines[i].unit_cents % 100, ext / 100, ext % 100);
        puts(po_rpt);
    }
    printf("  %d lines, order total %ld.%02ld\n", po->nlines, total / 100, total % 100);
}

int main(void)
{
    struct purchase_order po;
    char rec[REC_MAX], *f[8];
    int nf;

    memset(&po, 0, sizeof po);
    while (fgets(rec, sizeof rec, stdin) != NULL) {
        nf = split(rec, f, 8);
        if (strcmp(f[0], "POH") == 0) {
            if (po.open)
                po_print(&po);
            po_release(&po);
            if (po_start(&po, f, nf) != 0)
                fprintf(stderr, "bad PO header\n");
        } else if (strcmp(f[0], "POL") == 0 && po.open) {
            if (po_add_line(&po, f, nf) != 0)
                po_abort(&po, "invalid line");
        }
    }
    if (po.open)
        po_print(&po);
    po_release(&po);
    return 0;
}
