#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TLS_MAX_RECORD	(16384 + 2048)
#define TLS_HANDSHAKE	22
#define TLS_ALERT	21
#define HS_CLIENT_HELLO	1

struct tls_record {
	uint8_t		type;
	uint16_t	version;
	uint16_t	length;
};

struct hello {
	uint16_t	version;
	unsigned char	random[32];
	unsigned char	sid[32];
	size_t		sidlen;
	size_t		nsuites;
};

static void *
xmalloc(size_t n)
{
	void *p;

	if ((p = malloc(n)) == NULL) {
		perror("malloc");
		exit(1);
	}
	return p;
}

static int
read_record(FILE *fp, struct tls_record *r, unsigned char *body, size_t cap)
{
	unsigned char hdr[5];

	if (fread(hdr, 1, sizeof(hdr), fp) != sizeof(hdr))
		return -1;
	r->type = hdr[0];
	r->version = (uint16_t)(hdr[1] << 8 | hdr[2]);
	r->length = (uint16_t)(hdr[3] << 8 | hdr[4]);
	if (r->length > cap)
		return -1;
	if (fread(body, 1, r->length, fp) != r->length)
		return -1;
	return 0;
}

static int
parse_hello(const unsigned char *p, size_t len, struct hello *h)
{
	size_t off = 0, cslen;

	if (len < 35)
		return -1;
	h->version = (uint16_t)(p[0] << 8 | p[1]);
	memcpy(h->random, p + 2, sizeof(h->random));
	off = 34;
	h->sidlen = p[off++];
	if (h->sidlen > sizeof(h->sid) || h->sidlen > len - off)
		return -1;
	memcpy(h->sid, p + off, h->sidlen);
	off += h->sidlen;
	if (len - off < 2)
		return -1;
	cslen = (size_t)p[off] << 8 | p[off + 1];
	off += 2;
	if (cslen > len - off || cslen % 2 != 0)
		return -1;
	h->nsuites = cslen / 2;
	return 0;
}

int
handle_handshake(const unsigned char *p, size_t rlen)
{
	struct hello h;
	unsigned char *msg;
	size_t avail, hlen;
	int rc = 0;

	if (rlen < 4) {
		fprintf(stderr, "handshake: short record\n");
		return -1;
	}
	avail = rlen - 4;
	hlen = (size_t)p[1] << 16 | (size_t)p[2] << 8 | p[3];
	if (hlen > avail) {
		fprintf(stderr, "handshake: fragmented message\n");
		return -1;
	}
	msg = xmalloc(hlen + 1);
	memcpy(msg, p + 4, hlen);
	switch (p[0]) {
	case HS_CLIENT_HELLO:
		memset(&h, 0, sizeof(h));
		if ((rc = parse_hello(msg, hlen, &h)) == 0)
			printf("client hello: version %04x, sid %zu bytes, "
			    "%zu suites\n", h.version, h.sidlen, h.nsuites);
		break;
	default:
		printf("handshake type %u, %zu bytes\n", p[0], hlen);
		break;
	}
	free(msg);
	return rc;
}

int
main(int argc, char *argv[])
{
	struct tls_record rec;
	unsigned char *body;
	FILE *fp = stdin;
	int n = 0;

	if ((body = calloc(1, TLS_MAX_RECORD)) == NULL)
		return 1;
	if (argc > 1 && (fp = fopen(argv[1], "rb")) == NULL) {
		perror(argv[1]);
		free(body);
		return 1;
	}
	while (read_record(fp, &rec, body, TLS_MAX_RECORD) == 0) {
		n++;
		printf("record %d: type %u version %04x length %u\n", n,
		    rec.type, rec.version, rec.length);
		if (rec.type == TLS_HANDSHAKE &&
		    handle_handshake(body, rec.length) == -1)
			break;
		if (rec.type == TLS_ALERT)
			break;
	}
	free(body);
	if (fp != stdin)
		fclose(fp);
	return 0;
}
