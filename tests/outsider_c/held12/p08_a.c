#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdint.h>
#include <errno.h>

#define TFTP_RRQ 1
#define TFTP_WRQ 2
#define TFTP_MAX_PKT 516

struct tftp_request {
    int opcode;
    char filename[256];
    char mode[16];
    unsigned blksize;
    unsigned timeout;
    int want_tsize;
};

static const char *tftp_root = "/srv/tftp";
static const char *checksum_tool = "md5sum";

static uint16_t get_be16(const uint8_t *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

static const char *next_string(const uint8_t **pp, const uint8_t *end)
{
    const uint8_t *p = *pp;
    const uint8_t *nul = memchr(p, '\0', end - p);

    if (!nul)
        return NULL;
    *pp = nul + 1;
    return (const char *)p;
}

int tftp_parse_request(struct tftp_request *req, const uint8_t *buf, size_t len)
{
    const uint8_t *p = buf + 2, *end = buf + len;
    const char *name, *mode, *opt, *val;

    if (len < 4)
        return -EPROTO;
    req->opcode = get_be16(buf);
    if (req->opcode != TFTP_RRQ && req->opcode != TFTP_WRQ)
        return -EOPNOTSUPP;
    name = next_string(&p, end);
    mode = name ? next_string(&p, end) : NULL;
    if (!mode || strlen(name) >= sizeof(req->filename) || strlen(mode) >= sizeof(req->mode))
        return -EPROTO;
    strcpy(req->filename, name);
    strcpy(req->mode, mode);
    if (strcasecmp(req->mode, "octet") && strcasecmp(req->mode, "netascii"))
        return -EINVAL;
    req->blksize = 512;
    req->timeout = 5;
    while (p < end) {
        opt = next_string(&p, end);
        val = opt ? next_string(&p, end) : NULL;
        if (!val)
            return -EPROTO;
        if (!strcasecmp(opt, "blksize")) {
            req->blksize = (unsigned)atoi(val);
            if (req->blksize < 8 || req->blksize > 65464)
                return -EINVAL;
        } else if (!strcasecmp(opt, "timeout")) {
            req->timeout = (unsigned)atoi(val);
        } else if (!strcasecmp(opt, "tsize")) {
            req->want_tsize = 1;
        }
    }
    return 0;
}

static int valid_filename(const char *name)
{
    const char *s;

    if (name[0] == '\0' || name[0] == '/' || strstr(name, ".."))
        return 0;
    for (s = name; *s; s++) {
        if (!(*s >= 'a' && *s <= 'z') && !(*s >= 'A' && *s <= 'Z') &&
            !(*s >= '0' && *s <= '9') && !strchr("._-/", *s))
            return 0;
    }
    return 1;
}

int tftp_log_checksum(const struct tftp_request *req)
{
    char cmd[512];

    if (!valid_filename(req->filename))
        return -EACCES;
    snprintf(cmd, sizeof(cmd), "%s '%s/%s' >> /tmp/tftp-served.log 2>/dev/null",
             checksum_tool, tftp_root, req->filename);
    return system(cmd);
}

int main(int argc, char **argv)
{
    uint8_t pkt[TFTP_MAX_PKT];
    struct tftp_request req;
    FILE *fp = stdin;
    size_t n;
    int ret;

    if (argc > 1 && !(fp = fopen(argv[1], "rb"))) {
        perror(argv[1]);
        return 1;
    }
    n = fread(pkt, 1, sizeof(pkt), fp);
    if (fp != stdin)
        fclose(fp);
    memset(&req, 0, sizeof(req));
    ret = tftp_parse_request(&req, pkt, n);
    if (ret < 0) {
        fprintf(stderr, "rejecting request: %s\n", strerror(-ret));
        return 1;
    }
    printf("%s %s mode=%s blksize=%u timeout=%u tsize=%d\n",
           req.opcode == TFTP_RRQ ? "RRQ" : "WRQ", req.filename, req.mode,
           req.blksize, req.timeout, req.want_tsize);
    if (req.opcode == TFTP_WRQ && !valid_filename(req.filename)) {
        fprintf(stderr, "refusing upload of %s\n", req.filename);
        return 1;
    }
    if (req.opcode == TFTP_RRQ)
        tftp_log_checksum(&req);
    return 0;
}
