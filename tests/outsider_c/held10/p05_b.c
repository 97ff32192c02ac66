#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WAL_HDR_SIZE	16
#define WAL_MAX_PAYLOAD	(1U << 20)

enum wal_type {
	WAL_BEGIN = 1,
	WAL_INSERT,
	WAL_DELETE,
	WAL_COMMIT,
	WAL_ABORT,
	WAL_TYPE_MAX = WAL_ABORT
};

struct wal_rec {
	uint32_t	 len;
	uint32_t	 crc;
	uint32_t	 lsn;
	uint8_t		 type;
	uint8_t		*raw;
};

static const char *type_names[] = {
	"?", "begin", "insert", "delete", "commit", "abort"
};

static uint32_t
le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 |
	    (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t
crc32_buf(const uint8_t *p, size_t n)
{
	uint32_t crc = 0xffffffffU;
	int k;

	while (n--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320U & -(crc & 1));
	}
	return ~crc;
}

int
wal_read_record(FILE *fp, struct wal_rec *r)
{
	uint8_t hdr[WAL_HDR_SIZE];
	uint32_t total;
	size_t n;

	memset(r, 0, sizeof(*r));
	n = fread(hdr, 1, sizeof(hdr), fp);
	if (n == 0)
		return 0;
	if (n != sizeof(hdr))
		return -1;
	r->len = le32(hdr);
	r->crc = le32(hdr + 4);
	r->lsn = le32(hdr + 8);
	r->type = hdr[12];
	if (r->type == 0 || r->type > WAL_TYPE_MAX)
		return -1;

	total = WAL_HDR_SIZE + r->len;
	if ((r->raw = malloc(total)) == NULL)
		return -1;
	memcpy(r->raw, hdr, WAL_HDR_SIZE);
	if (fread(r->raw + WAL_HDR_SIZE, 1, r->len, fp) != r->len) {
		free(r->raw);
		r->raw = NULL;
		return -1;
	}
	return 1;
}

static int
wal_verify(const struct wal_rec *r)
{
	return crc32_buf(r->raw + WAL_HDR_SIZE, r->len) == r->crc;
}

int
main(int argc, char *argv[])
{
	struct wal_rec rec;
	unsigned long counts[WAL_TYPE_MAX + 1];
	uint32_t last_lsn = 0;
	FILE *fp;
	int rc, i;

	if (argc != 2) {
		fprintf(stderr, "usage: walcat file\n");
		return 2;
	}
	if ((fp = fopen(argv[1], "rb")) == NULL)
		err(1, "%s", argv[1]);
	memset(counts, 0, sizeof(counts));

	while ((rc = wal_read_record(fp, &rec)) > 0) {
		if (!wal_verify(&rec)) {
			warnx("lsn %u: checksum mismatch", rec.lsn);
			free(rec.raw);
			break;
		}
		if (rec.lsn <= last_lsn && last_lsn != 0)
			warnx("lsn %u out of order", rec.lsn);
		last_lsn = rec.lsn;
		counts[rec.type]++;
		printf("%10u %-7s %u\n", rec.lsn, type_names[rec.type], rec.len);
		free(rec.raw);
	}
	if (rc < 0)
		warnx("truncated record after lsn %u", last_lsn);
	fclose(fp);
	for (i = 1; i <= WAL_TYPE_MAX; i++)
		printf("%s: %lu\n", type_names[i], counts[i]);
	return 0;
}
