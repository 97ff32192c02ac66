#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define SREC_MAX_BYTES 256

typedef struct {
    char type;
    uint32_t addr;
    size_t data_len;
    uint8_t data[SREC_MAX_BYTES];
} srec_t;

typedef struct {
    unsigned records;
    unsigned data_records;
    uint32_t lowest;
    uint32_t highest;
    uint32_t entry;
    uint32_t total;
    char header[64];
} srec_summary_t;

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

static size_t addr_width(char type)
{
    switch (type) {
    case '0': case '1': case '5': case '9': return 2;
    case '2': case '6': case '8': return 3;
    case '3': case '7': return 4;
    default: return 0;
    }
}

int srec_parse_line(const char *line, srec_t *rec)
{
    uint8_t bytes[SREC_MAX_BYTES];
    size_t len = strlen(line);
    size_t nbytes, addr_len, count;
    uint8_t sum = 0;

    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        len--;
    if (len < 4 || line[0] != 'S' || len % 2 != 0)
        return -1;
    addr_len = addr_width(line[1]);
    if (addr_len == 0)
        return -1;
    nbytes = (len - 2) / 2;
    if (nbytes > sizeof(bytes))
        return -1;
    for (size_t i = 0; i < nbytes; i++) {
        int hi = hexval(line[2 + 2 * i]), lo = hexval(line[3 + 2 * i]);
        if (hi < 0 || lo < 0)
            return -1;
        bytes[i] = (uint8_t)((hi << 4) | lo);
    }
    count = bytes[0];
    if (nbytes != count + 1)
        return -1;
    if (count < addr_len + 1)
        return -1;
    for (size_t i = 0; i < nbytes - 1; i++)
        sum = (uint8_t)(sum + bytes[i]);
    if ((uint8_t)~sum != bytes[nbytes - 1])
        return -1;

    rec->type = line[1];
    rec->addr = 0;
    for (size_t i = 0; i < addr_len; i++)
        rec->addr = (rec->addr << 8) | bytes[1 + i];
    rec->data_len = count - addr_len - 1;
    memcpy(rec->data, bytes + 1 + addr_len, rec->data_len);
    return 0;
}

static void summary_add(srec_summary_t *s, const srec_t *r)
{
    s->records++;
    switch (r->type) {
    case '0': {
        size_t n = r->data_len < sizeof(s->header) - 1 ? r->data_len : sizeof(s->header) - 1;
        memcpy(s->header, r->data, n);
        s->header[n] = '\0';
        break;
    }
    case '1': case '2': case '3':
        if (s->data_records == 0 || r->addr < s->lowest)
            s->lowest = r->addr;
        if (r->addr + r->data_len > s->highest)
            s->highest = r->addr + (uint32_t)r->data_len;
        s->total += (uint32_t)r->data_len;
        s->data_records++;
        break;
    case '7': case '8': case '9':
        s->entry = r->addr;
        break;
    default:
        break;
    }
}

int main(void)
{
    char line[600];
    srec_t rec;
    srec_summary_t sum;
    unsigned lineno = 0;

    memset(&sum, 0, sizeof(sum));
    while (fgets(line, sizeof(line), stdin) != NULL) {
        lineno++;
        if (srec_parse_line(line, &rec) != 0) {
            fprintf(stderr, "line %u: malformed record\n", lineno);
            return 1;
        }
        summary_add(&sum, &rec);
    }
    printf("header \"%s\"\n", sum.header);
    printf("%u records, %u data, %lu bytes in 0x%08lX-0x%08lX, entry 0x%08lX\n",
           sum.records, sum.data_records, (unsigned long)sum.total,
           (unsigned long)sum.lowest, (unsigned long)sum.highest,
           (unsigned long)sum.entry);
    return 0;
}
