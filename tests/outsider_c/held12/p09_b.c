#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <stdint.h>
#include <ctype.h>
#include <errno.h>
#include <time.h>

#define NTP_PKT_LEN 48
#define NTP_EPOCH_OFFSET 2208988800UL

struct ntp_packet {
    int leap, version, mode;
    int stratum, poll, precision;
    uint32_t root_delay, root_disp;
    uint8_t refid[4];
    uint32_t ref_sec, orig_sec, recv_sec, xmit_sec;
    uint32_t xmit_frac;
};

static const char *mode_names[8] = {
    "reserved", "sym-active", "sym-passive", "client",
    "server", "broadcast", "control", "private"
};

static FILE *log_fp;
static int log_count;

static uint32_t get_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void log_msg(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    fprintf(log_fp, "ntpmon[%d]: ", ++log_count);
    vfprintf(log_fp, fmt, ap);
    fputc('\n', log_fp);
    va_end(ap);
}

int ntp_decode(struct ntp_packet *pkt, const uint8_t *b, size_t len)
{
    if (len < NTP_PKT_LEN)
        return -EPROTO;
    pkt->leap = b[0] >> 6;
    pkt->version = (b[0] >> 3) & 7;
    pkt->mode = b[0] & 7;
    pkt->stratum = b[1];
    pkt->poll = (int8_t)b[2];
    pkt->precision = (int8_t)b[3];
    pkt->root_delay = get_be32(b + 4);
    pkt->root_disp = get_be32(b + 8);
    memcpy(pkt->refid, b + 12, 4);
    pkt->ref_sec = get_be32(b + 16);
    pkt->orig_sec = get_be32(b + 24);
    pkt->recv_sec = get_be32(b + 32);
    pkt->xmit_sec = get_be32(b + 40);
    pkt->xmit_frac = get_be32(b + 44);
    if (pkt->version < 1 || pkt->version > 4)
        return -EPROTO;
    return 0;
}

static void format_refid(const struct ntp_packet *pkt, char *out, size_t outlen)
{
    int i;

    if (pkt->stratum <= 1) {
        for (i = 0; i < 4 && pkt->refid[i]; i++)
            out[i] = isprint(pkt->refid[i]) ? (char)pkt->refid[i] : '.';
        out[i] = '\0';
    } else {
        snprintf(out, outlen, "%u.%u.%u.%u", pkt->refid[0], pkt->refid[1],
                 pkt->refid[2], pkt->refid[3]);
    }
}

void ntp_report(const struct ntp_packet *pkt)
{
    char refid[16], when[32], msg[160];
    time_t t;

    format_refid(pkt, refid, sizeof(refid));
    if (pkt->stratum == 0) {
        snprintf(msg, sizeof(msg), "kiss-o'-death from server, code %s", refid);
        log_msg("%s", msg);
        return;
    }
    t = (time_t)(pkt->xmit_sec - NTP_EPOCH_OFFSET);
    if (!strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", gmtime(&t)))
        strcpy(when, "?");
    log_msg("v%d %s stratum %d refid %s poll %d prec %d xmit %s.%03u", pkt->version,
            mode_names[pkt->mode], pkt->stratum, refid, pkt->poll, pkt->precision, when,
            (unsigned)(((uint64_t)pkt->xmit_frac * 1000) >> 32));
}

int main(int argc, char **argv)
{
    uint8_t rec[NTP_PKT_LEN];
    struct ntp_packet pkt;
    FILE *fp = stdin;
    int ret, skipped = 0;

    log_fp = stdout;
    if (argc > 1 && !(fp = fopen(argv[1], "rb"))) {
        perror(argv[1]);
        return 1;
    }
    while (fread(rec, 1, sizeof(rec), fp) == sizeof(rec)) {
        ret = ntp_decode(&pkt, rec, sizeof(rec));
        if (ret < 0) {
            skipped++;
            continue;
        }
        ntp_report(&pkt);
    }
    if (fp != stdin)
        fclose(fp);
    if (skipped)
        fprintf(stderr, "%d malformed records skipped\n", skipped);
    return 0;
}
