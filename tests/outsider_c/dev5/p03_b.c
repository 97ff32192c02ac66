#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define PCAP_MAGIC      0xa1b2c3d4u
#define PCAP_MAGIC_SWAP 0xd4c3b2a1u
#define PCAP_SNAP_LIMIT 262144u

typedef enum {
    PCAP_OK = 0,
    PCAP_EOF,
    PCAP_ERR_IO,
    PCAP_ERR_FORMAT,
    PCAP_ERR_NOMEM
} pcap_status;

typedef struct pcap_record {
    uint32_t ts_sec;
    uint32_t ts_usec;
    uint32_t incl_len;
    uint32_t orig_len;
} pcap_record;

typedef struct pcap_reader {
    FILE *fp;
    int swapped;
    uint32_t snaplen;
    uint32_t linktype;
    unsigned char *buf;
    size_t buf_cap;
} pcap_reader;

static inline uint32_t pcap_u32(const pcap_reader *r, const unsigned char *p)
{
    uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    if (r->swapped)
        v = (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
    return v;
}

void pcap_close(pcap_reader *r)
{
    if (!r)
        return;
    if (r->fp)
        fclose(r->fp);
    free(r->buf);
    free(r);
}

pcap_status pcap_open(const char *path, pcap_reader **out)
{
    unsigned char hdr[24];
    pcap_status st = PCAP_ERR_FORMAT;
    pcap_reader *r = calloc(1, sizeof(*r));

    if (!r)
        return PCAP_ERR_NOMEM;
    r->fp = fopen(path, "rb");
    if (!r->fp) {
        st = PCAP_ERR_IO;
        goto fail;
    }
    if (fread(hdr, 1, sizeof(hdr), r->fp) != sizeof(hdr))
        goto fail;
    r->swapped = 0;
    if (pcap_u32(r, hdr) == PCAP_MAGIC_SWAP)
        r->swapped = 1;
    else if (pcap_u32(r, hdr) != PCAP_MAGIC)
        goto fail;
    r->snaplen = pcap_u32(r, hdr + 16);
    r->linktype = pcap_u32(r, hdr + 20);
    if (r->snaplen == 0 || r->snaplen > PCAP_SNAP_LIMIT)
        r->snaplen = PCAP_SNAP_LIMIT;
    r->buf_cap = r->snaplen;
    r->buf = malloc(r->buf_cap);
    if (!r->buf) {
        st = PCAP_ERR_NOMEM;
        goto fail;
    }
    *out = r;
    return PCAP_OK;
fail:
    pcap_close(r);
    return st;
}

pcap_status pcap_next(pcap_reader *r, pcap_record *rec, const unsigned char **data)
{
    unsigned char rh[16];
    size_t got = fread(rh, 1, sizeof(rh), r->fp);

    if (got == 0)
        return PCAP_EOF;
    if (got != sizeof(rh))
        return PCAP_ERR_FORMAT;
    rec->ts_sec = pcap_u32(r, rh);
    rec->ts_usec = pcap_u32(r, rh + 4);
    rec->incl_len = pcap_u32(r, rh + 8);
    rec->orig_len = pcap_u32(r, rh + 12);
    if (fread(r->buf, 1, rec->incl_len, r->fp) != rec->incl_len)
        return PCAP_ERR_IO;
    *data = r->buf;
    return PCAP_OK;
}

static void print_record(unsigned long idx, const pcap_record *rec,
                         const unsigned char *data, size_t len)
{
    char line[3 * 16 + 1];
    size_t i, n = len < 16 ? len : 16;

    line[0] = '\0';
    for (i = 0; i < n; i++)
        sprintf(line + 3 * i, "%02x ", data[i]);
    printf("%5lu %10lu.%06lu %5lu/%-5lu %s\n", idx, (unsigned long)rec->ts_sec,
           (unsigned long)rec->ts_usec, (unsigned long)rec->incl_len,
           (unsigned long)rec->orig_len, line);
}

int main(int argc, char **argv)
{
    pcap_reader *r = NULL;
    pcap_record rec;
    const unsigned char *data;
    unsigned long idx = 0;
    unsigned long long bytes = 0;
    pcap_status st;

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.pcap\n", argv[0]);
        return 2;
    }
    st = pcap_open(argv[1], &r);
    if (st != PCAP_OK) {
        fprintf(stderr, "%s: cannot open capture (%d)\n", argv[1], (int)st);
        return 1;
    }
    printf("linktype %lu snaplen %lu\n", (unsigned long)r->linktype, (unsigned long)r->snaplen);
    while ((st = pcap_next(r, &rec, &data)) == PCAP_OK) {
        print_record(idx++, &rec, data, rec.incl_len);
        bytes += rec.incl_len;
    }
    printf("%lu packets, %llu bytes\n", idx, bytes);
    pcap_close(r);
    return st == PCAP_EOF ? 0 : 1;
}
