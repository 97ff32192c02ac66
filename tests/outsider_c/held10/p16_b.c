#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REC_BEGIN      1
#define REC_UPDATE     2
#define REC_COMMIT     3
#define REC_CHECKPOINT 4
#define REC_PAD        0xff

struct scan_result {
    uint64_t last_lsn;
    uint64_t checkpoint_lsn;
    unsigned records;
    unsigned commits;
    unsigned pages_touched;
    unsigned out_of_order;
};

static uint16_t get16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get64(const uint8_t *p)
{
    return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

int wal_scan(const uint8_t *buf, size_t len, struct scan_result *res)
{
    size_t pos = 0;

    memset(res, 0, sizeof(*res));
    while (pos < len) {
        const uint8_t *p;
        uint16_t plen;
        uint64_t lsn;

        if (len - pos < 3)
            return -1;
        plen = get16(buf + pos + 1);
        if (plen > len - pos - 3)
            return -1;
        p = buf + pos + 3;

        switch (buf[pos]) {
        case REC_BEGIN:
        case REC_COMMIT:
            if (plen < 12)
                return -1;
            lsn = get64(p + 4);
            if (buf[pos] == REC_COMMIT)
                res->commits++;
            break;
        case REC_UPDATE:
            if (plen < 16)
                return -1;
            lsn = get64(p + 4);
            res->pages_touched++;
            break;
        case REC_CHECKPOINT:
            if (plen < 8)
                return -1;
            lsn = get64(p);
            res->checkpoint_lsn = lsn;
            break;
        case REC_PAD:
            break;
        default:
            return -1;
        }

        if (lsn != 0) {
            if (lsn <= res->last_lsn)
                res->out_of_order++;
            res->last_lsn = lsn;
        }
        res->records++;
        pos += 3 + (size_t)plen;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static uint8_t buf[1 << 20];
    struct scan_result r;
    char report[256];
    FILE *fp = stdin;
    size_t len;

    if (argc > 1 && (fp = fopen(argv[1], "rb")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    len = fread(buf, 1, sizeof(buf), fp);
    if (fp != stdin)
        fclose(fp);

    if (wal_scan(buf, len, &r) != 0) {
        fprintf(stderr, "corrupt log after %u records\n", r.records);
        return 1;
    }
    snprintf(report, sizeof(report),
             "records=%u commits=%u pages=%u last_lsn=%llu checkpoint=%llu disorder=%u",
             r.records, r.commits, r.pages_touched,
             (unsigned long long)r.last_lsn,
             (unsigned long long)r.checkpoint_lsn, r.out_of_order);
    puts(report);
    return r.out_of_order ? 3 : 0;
}
