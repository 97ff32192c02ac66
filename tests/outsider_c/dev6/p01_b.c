#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INV_NO_W     12
#define CUST_W       10
#define DATE_W        8
#define SKU_W        12
#define DESC_W       30
#define MAX_ITEMS    64
#define TAX_RATE_BP 825
#define REC_MAX     256

struct line_item {
    char sku[SKU_W + 1];
    long qty;
    long unit_cents;
    long ext_cents;
    char desc[DESC_W + 1];
};

struct invoice {
    char inv_no[INV_NO_W + 1];
    char cust[CUST_W + 1];
    char date[DATE_W + 1];
    int nitems;
    struct line_item *items[MAX_ITEMS];
    long subtotal;
    long tax;
    long total;
};

static char report_line[132];

static void copy_field(char *dst, const char *src, size_t width)
{
    size_t n = strcspn(src, "|\r\n");

    if (n > width)
        n = width;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static const char *next_field(const char *p)
{
    const char *q = strchr(p, '|');
    return q ? q + 1 : NULL;
}

static void fmt_money(char *out, long cents)
{
    sprintf(out, "%s%ld.%02ld", cents < 0 ? "-" : "", labs(cents) / 100, labs(cents) % 100);
}

static int parse_header(struct invoice *inv, const char *rec)
{
    const char *p = next_field(rec);

    if (p == NULL)
        return -1;
    copy_field(inv->inv_no, p, INV_NO_W);
    if ((p = next_field(p)) == NULL)
        return -1;
    copy_field(inv->cust, p, CUST_W);
    if ((p = next_field(p)) == NULL)
        return -1;
    copy_field(inv->date, p, DATE_W);
    return 0;
}

static int parse_item(struct invoice *inv, const char *rec)
{
    struct line_item *it;
    const char *p;
    size_t len;

    if (inv->nitems >= MAX_ITEMS)
        return -1;
    it = malloc(sizeof *it);
    if (it == NULL)
        return -1;
    memset(it, 0, sizeof *it);

    if ((p = next_field(rec)) == NULL)
        goto fail;
    copy_field(it->sku, p, SKU_W);
    if ((p = next_field(p)) == NULL)
        goto fail;
    it->qty = strtol(p, NULL, 10);
    if ((p = next_field(p)) == NULL)
        goto fail;
    it->unit_cents = strtol(p, NULL, 10);
    if ((p = next_field(p)) == NULL)
        goto fail;
    len = strcspn(p, "\r\n");
    if (len > DESC_W)
        len = DESC_W;
    memcpy(it->desc, p, len);
    it->desc[len] = '\0';

    if (it->qty <= 0 || it->qty > 99999 || it->unit_cents < 0 || it->unit_cents > 9999999)
        goto fail;
    it->ext_cents = it->qty * it->unit_cents;
    inv->items[inv->nitems++] = it;
    return 0;
fail:
    free(it);
    return -1;
}

static void print_invoice(struct invoice *inv, FILE *out)
{
    char amt[24], ext[24];
    int i;

    inv->subtotal = 0;
    for (i = 0; i < inv->nitems; i++)
        inv->subtotal += inv->items[i]->ext_cents;
    inv->tax = (inv->subtotal * TAX_RATE_BP + 5000) / 10000;
    inv->total = inv->subtotal + inv->tax;

    sprintf(report_line, "INVOICE %-12s  CUSTOMER %-10s  DATE %-8s", inv->inv_no, inv->cust, inv->date);
    fprintf(out, "%s\n", report_line);
    for (i = 0; i < inv->nitems; i++) {
        struct line_item *it = inv->items[i];
        fmt_money(amt, it->unit_cents);
        fmt_money(ext, it->ext_cents);
        sprintf(report_line, "%-12s %-30s %6ld x %10s = %12s", it->sku, it->desc, it->qty, amt, ext);
        fprintf(out, "%s\n", report_line);
    }
    fmt_money(amt, inv->subtotal);
    fprintf(out, "%66s %12s\n", "SUBTOTAL", amt);
    fmt_money(amt, inv->tax);
    fprintf(out, "%66s %12s\n", "TAX", amt);
    fmt_money(amt, inv->total);
    fprintf(out, "%66s %12s\n", "TOTAL DUE", amt);
}

int main(int argc, char **argv)
{
    struct invoice inv;
    char rec[REC_MAX];
    FILE *fp = stdin;
    int lineno = 0, errors = 0, i;

    if (argc > 1 && (fp = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    memset(&inv, 0, sizeof inv);
    while (fgets(rec, sizeof rec, fp) != NULL) {
        lineno++;
        if (rec[0] == 'H' && parse_header(&inv, rec) != 0) {
            fprintf(stderr, "line %d: bad header\n", lineno);
            errors++;
        } else if (rec[0] == 'L' && parse_item(&inv, rec) != 0) {
            fprintf(stderr, "line %d: bad line item\n", lineno);
            errors++;
        }
    }
    if (fp != stdin)
        fclose(fp);
    print_invoice(&inv, stdout);
    for (i = 0; i < inv.nitems; i++)
        free(inv.items[i]);
    return errors ? 2 : 0;
}
