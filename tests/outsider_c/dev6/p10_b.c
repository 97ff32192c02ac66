#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>

#define RCPT_W        40
#define RCPT_NO_W      6
#define CUST_W        30
#define ITEM_DESC_W   22
#define MAX_ITEMS     50
#define PRINTER_QUEUE "RECEIPTS"
#define TAX_BP        700

struct sale_item {
    char desc[ITEM_DESC_W + 1];
    int qty;
    long price;
};

struct sale {
    char rcpt_no[RCPT_NO_W + 1];
    char store[16];
    char customer[CUST_W + 1];
    struct sale_item item[MAX_ITEMS];
    int nitems;
    long tendered;
};

static char rline[RCPT_W + 1];

static char *field(char **pp)
{
    char *s = *pp, *e;

    if (s == NULL)
        return "";
    e = strpbrk(s, "|\r\n");
    if (e != NULL && *e == '|') {
        *e = '\0';
        *pp = e + 1;
    } else {
        if (e != NULL)
            *e = '\0';
        *pp = NULL;
    }
    return s;
}

static void read_sale(FILE *fp, struct sale *s)
{
    char line[256], *p, *tag;

    while (fgets(line, sizeof line, fp) != NULL) {
        p = line;
        tag = field(&p);
        if (strcmp(tag, "HDR") == 0) {
            snprintf(s->rcpt_no, sizeof s->rcpt_no, "%s", field(&p));
            snprintf(s->store, sizeof s->store, "%s", field(&p));
            snprintf(s->customer, sizeof s->customer, "%s", field(&p));
            if (strspn(s->rcpt_no, "0123456789") != strlen(s->rcpt_no))
                strcpy(s->rcpt_no, "000000");
        } else if (strcmp(tag, "ITM") == 0 && s->nitems < MAX_ITEMS) {
            struct sale_item *it = &s->item[s->nitems];
            snprintf(it->desc, sizeof it->desc, "%s", field(&p));
            it->qty = atoi(field(&p));
            it->price = atol(field(&p));
            if (it->qty > 0 && it->qty < 1000 && it->price >= 0 && it->price < 10000000)
                s->nitems++;
        } else if (strcmp(tag, "PAY") == 0) {
            field(&p);
            s->tendered = atol(field(&p));
            if (s->tendered < 0 || s->tendered > 100000000000L)
                s->tendered = 0;
        }
    }
}

static void emit(FILE *out, const char *text)
{
    fprintf(out, "%s\n", text);
}

static void write_receipt(FILE *out, const struct sale *s)
{
    long sub = 0, tax, total;
    int i;

    sprintf(rline, "%-15.15s RECEIPT %6s", s->store, s->rcpt_no);
    emit(out, rline);
    for (i = 0; i < s->nitems; i++) {
        long ext = s->item[i].price * s->item[i].qty;
        sprintf(rline, "%-22s %3d %9ld.%02ld", s->item[i].desc, s->item[i].qty, ext / 100, ext % 100);
        emit(out, rline);
        sub += ext;
    }
    tax = (sub * TAX_BP + 5000) / 10000;
    total = sub + tax;
    sprintf(rline, "%-26s %9ld.%02ld", "SUBTOTAL", sub / 100, sub % 100);
    emit(out, rline);
    sprintf(rline, "%-26s %9ld.%02ld", "TAX", tax / 100, tax % 100);
    emit(out, rline);
    sprintf(rline, "%-26s %9ld.%02ld", "TOTAL", total / 100, total % 100);
    emit(out, rline);
    if (s->tendered >= total) {
        sprintf(rline, "%-26s %9ld.%02ld", "CHANGE", (s->tendered - total) / 100, (s->tendered - total) % 100);
        emit(out, rline);
    }
}

static void title_text(char *dst, size_t dstsz, const char *src)
{
    size_t n = 0;

    for (; *src && n + 1 < dstsz; src++)
        dst[n++] = (isalnum((unsigned char)*src) || *src == ' ' || *src == '.') ? *src : '_';
    dst[n] = '\0';
}

static int print_receipt(const struct sale *s, const char *path)
{
    char cmd[256], who[CUST_W + 1];

    title_text(who, sizeof who, s->customer);
    snprintf(cmd, sizeof cmd, "lp -d %s -t \"Receipt %s %s\" %s", PRINTER_QUEUE,
             s->rcpt_no, who, path);
    return system(cmd);
}

int main(void)
{
    static struct sale s;
    char path[] = "/tmp/rcptXXXXXX";
    FILE *fp;
    int fd, rc;

    read_sale(stdin, &s);
    if (s.nitems == 0) {
        fprintf(stderr, "no items\n");
        return 1;
    }
    write_receipt(stdout, &s);
    if ((fd = mkstemp(path)) < 0 || (fp = fdopen(fd, "w")) == NULL) {
        perror("receipt spool");
        return 1;
    }
    write_receipt(fp, &s);
    fclose(fp);
    rc = print_receipt(&s, path);
    unlink(path);
    return rc == 0 ? 0 : 2;
}
