#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>

#define OGG_HDR_LEN 27
#define OGG_MAX_PACKET 8192

struct ogg_stream {
    uint32_t serial;
    uint32_t last_seq;
    uint64_t granule;
    int npackets;
    int pages;
    char codec[16];
    size_t pkt_len;
    uint8_t pkt[OGG_MAX_PACKET];
};

static const struct {
    const char *magic;
    size_t len;
    const char *name;
} codec_tab[] = {
    { "\x01vorbis", 7, "vorbis" },
    { "OpusHead", 8, "opus" },
    { "\x7f" "FLAC", 5, "flac" },
    { "Speex   ", 8, "speex" },
    { "\x80theora", 7, "theora" },
};

static uint32_t get_le32(const uint8_t *p)
{
    return p[0] | (p[1] << 8) | (p[2] << 16) | ((uint32_t)p[3] << 24);
}

static uint64_t get_le64(const uint8_t *p)
{
    return get_le32(p) | ((uint64_t)get_le32(p + 4) << 32);
}

static void handle_packet(struct ogg_stream *st)
{
    size_t i;

    if (st->npackets == 0) {
        strcpy(st->codec, "unknown");
        for (i = 0; i < sizeof(codec_tab) / sizeof(codec_tab[0]); i++) {
            if (st->pkt_len >= codec_tab[i].len &&
                !memcmp(st->pkt, codec_tab[i].magic, codec_tab[i].len)) {
                strcpy(st->codec, codec_tab[i].name);
                break;
            }
        }
    }
    st->npackets++;
    st->pkt_len = 0;
}

static int read_page(FILE *fp, struct ogg_stream *st)
{
    uint8_t hdr[OGG_HDR_LEN];
    uint8_t lacing[255];
    uint8_t body[255 * 255];
    size_t body_len = 0, off = 0;
    int nsegs, i;

    if (fread(hdr, 1, OGG_HDR_LEN, fp) != OGG_HDR_LEN)
        return 0;
    if (memcmp(hdr, "OggS", 4) || hdr[4] != 0)
        return -EINVAL;
    nsegs = hdr[26];
    if (fread(lacing, 1, nsegs, fp) != (size_t)nsegs)
        return -EIO;
    for (i = 0; i < nsegs; i++)
        body_len += lacing[i];
    if (fread(body, 1, body_len, fp) != body_len)
        return -EIO;

    if (st->pages == 0)
        st->serial = get_le32(hdr + 14);
    else if (get_le32(hdr + 14) != st->serial)
        return 1;
    if (!(hdr[5] & 0x01))
        st->pkt_len = 0;
    st->last_seq = get_le32(hdr + 18);
    st->granule = get_le64(hdr + 6);
    st->pages++;

    for (i = 0; i < nsegs; i++) {
        size_t seg = lacing[i];
        size_t n = seg;
        if (n > sizeof(st->pkt) - st->pkt_len)
            n = sizeof(st->pkt) - st->pkt_len;
        memcpy(st->pkt + st->pkt_len, body + off, n);
        st->pkt_len += n;
        off += seg;
        if (seg < 255)
            handle_packet(st);
    }
    return 1;
}

int main(int argc, char **argv)
{
    struct ogg_stream st;
    FILE *fp = stdin;
    char desc[96];
    int ret;

    if (argc > 1) {
        fp = fopen(argv[1], "rb");
        if (!fp) {
            perror(argv[1]);
            return 1;
        }
    }
    memset(&st, 0, sizeof(st));
    while ((ret = read_page(fp, &st)) > 0)
        ;
    if (fp != stdin)
        fclose(fp);
    if (ret < 0) {
        fprintf(stderr, "invalid page: %s\n", strerror(-ret));
        return 1;
    }
    snprintf(desc, sizeof(desc), "serial %08x codec %s", st.serial, st.codec);
    printf("%s pages %d packets %d granule %llu seq %u\n", desc, st.pages,
           st.npackets, (unsigned long long)st.granule, st.last_seq);
    return 0;
}
