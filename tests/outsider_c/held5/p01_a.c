#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum pcap_status {
    PCAP_OK = 0,
    PCAP_END,
    PCAP_ERR_IO,
    PCAP_ERR_FORMAT,
    PCAP_ERR_NOMEM,
};

struct pcap_reader {
    unsigned char *data;
    size_t len;
    size_t pos;
    bool swapped;
    uint32_t snaplen;
    uint32_t linktype;
    unsigned char *frame;
};

struct pcap_record {
    uint32_t ts_sec;
    uint32_t ts_usec;
    uint32_t caplen;
    uint32_t origlen;
};

static uint32_t rd32(const struct pcap_reader *r, size_t off)
{
    const unsigned char *p = r->data + off;
    if (r->swapped)
        return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static enum pcap_status load_file(const char *path, struct pcap_reader *r)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return PCAP_ERR_IO;
    size_t cap = 4096, len = 0;
    unsigned char *buf = malloc(cap);
    if (!buf)
        goto fail;
    for (;;) {
        if (len == cap) {
            unsigned char *grown = realloc(buf, cap * 2);
            if (!grown)
                goto fail;
            buf = grown;
            cap *= 2;
        }
        const size_t got = fread(buf + len, 1, cap - len, fp);
        if (got == 0)
            break;
        len += got;
    }
    fclose(fp);
    r->data = buf;
    r->len = len;
    return PCAP_OK;
fail:
    free(buf);
    fclose(fp);
    return PCAP_ERR_NOMEM;
}

void pcap_close(struct pcap_reader *r)
{
    free(r->data);
    free(r->frame);
    *r = (struct pcap_reader){0};
}

enum pcap_status pcap_open(const char *path, struct pcap_reader *r)
{
    *r = (struct pcap_reader){0};
    enum pcap_status st = load_file(path, r);
    if (st != PCAP_OK)
        return st;
    st = PCAP_ERR_FORMAT;
    if (r->len < 24)
        goto fail;
    if (r->data[0] == 0xd4 && r->data[1] == 0xc3 && r->data[2] == 0xb2 && r->data[3] == 0xa1)
        r->swapped = false;
    else if (r->data[0] == 0xa1 && r->data[1] == 0xb2 && r->data[2] == 0xc3 && r->data[3] == 0xd4)
        r->swapped = true;
    else
        goto fail;
    r->snaplen = rd32(r, 16);
    r->linktype = rd32(r, 20);
    if (r->snaplen == 0 || r->snaplen > 262144)
        goto fail;
    r->frame = malloc(r->snaplen);
    if (!r->frame) {
        st = PCAP_ERR_NOMEM;
        goto fail;
    }
    r->pos = 24;
    return PCAP_OK;
fail:
    pcap_close(r);
    return st;
}

enum pcap_status pcap_next(struct pcap_reader *r, struct pcap_record *rec)
{
    if (r->len - r->pos < 16)
        return PCAP_END;
    rec->ts_sec = rd32(r, r->pos);
    rec->ts_usec = rd32(r, r->pos + 4);
    rec->caplen = rd32(r, r->pos + 8);
    rec->origlen = rd32(r, r->pos + 12);
    r->pos += 16;
    if (rec->caplen > r->snaplen)
        return PCAP_ERR_FORMAT;
    if (rec->caplen > r->len - r->pos)
        return PCAP_ERR_FORMAT;
    memcpy(r->frame, r->data + r->pos, rec->caplen);
    r->pos += rec->caplen;
    return PCAP_OK;
}

static const char *link_name(uint32_t linktype)
{
    switch (linktype) {
    case 1: return "EN10MB";
    case 101: return "RAW";
    case 113: return "LINUX_SLL";
    default: return "UNKNOWN";
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s file.pcap\n", argv[0]);
        return 2;
    }
    struct pcap_reader rd;
    enum pcap_status st = pcap_open(argv[1], &rd);
    if (st != PCAP_OK) {
        fprintf(stderr, "cannot open %s (%d)\n", argv[1], (int)st);
        return 1;
    }
    char label[32];
    strcpy(label, link_name(rd.linktype));
    printf("link %s snaplen %u\n", label, (unsigned)rd.snaplen);
    struct pcap_record rec;
    size_t count = 0;
    while ((st = pcap_next(&rd, &rec)) == PCAP_OK) {
        char line[96];
        int n = snprintf(line, sizeof line, "%zu %u.%06u len=%u cap=%u", ++count,
                         (unsigned)rec.ts_sec, (unsigned)rec.ts_usec,
                         (unsigned)rec.origlen, (unsigned)rec.caplen);
        for (size_t i = 0; i < rec.caplen && i < 8 && n > 0 && (size_t)n < sizeof line - 3; i++)
            n += snprintf(line + n, sizeof line - (size_t)n, " %02x", rd.frame[i]);
        puts(line);
    }
    pcap_close(&rd);
    return st == PCAP_END ? 0 : 1;
}
