#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAG_NAME	1000
#define TAG_VERSION	1001
#define TAG_RELEASE	1002
#define TAG_SUMMARY	1004
#define TAG_SIZE	1009
#define TYPE_INT32	4
#define TYPE_STRING	6
#define TYPE_I18N	9
#define MAX_INDEX	4096
#define MAX_STORE	(16 * 1024 * 1024)

struct rpmhdr {
	uint32_t	 nindex;
	uint32_t	 hsize;
	unsigned char	*index;
	unsigned char	*store;
	char		*name;
	char		*version;
	char		*release;
	uint32_t	 size;
};

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

static const unsigned char *
find_tag(const struct rpmhdr *h, uint32_t tag, uint32_t *type, uint32_t *off)
{
	const unsigned char *e;
	uint32_t i;

	for (i = 0; i < h->nindex; i++) {
		e = h->index + (size_t)i * 16;
		if (be32(e) != tag)
			continue;
		*type = be32(e + 4);
		*off = be32(e + 8);
		if (*off >= h->hsize)
			return NULL;
		return h->store + *off;
	}
	return NULL;
}

static int
get_string(const struct rpmhdr *h, uint32_t tag, char **out)
{
	const unsigned char *p;
	uint32_t type, off;
	size_t n;

	if ((p = find_tag(h, tag, &type, &off)) == NULL)
		return -1;
	if (type != TYPE_STRING && type != TYPE_I18N)
		return -1;
	n = strnlen((const char *)p, h->hsize - off);
	if (n == h->hsize - off)
		return -1;
	if ((*out = malloc(n + 1)) == NULL)
		return -1;
	memcpy(*out, p, n + 1);
	return 0;
}

static int
check_name(const char *s)
{
	if (*s == '\0' || *s == '-' || *s == '.')
		return 0;
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && strchr("-._+", *s) == NULL)
			return 0;
	return 1;
}

void
rpm_header_free(struct rpmhdr *h)
{
	free(h->index);
	free(h->store);
	free(h->name);
	free(h->version);
	free(h->release);
	memset(h, 0, sizeof(*h));
}

int
rpm_header_load(FILE *fp, struct rpmhdr *h)
{
	static const unsigned char magic[4] = { 0x8e, 0xad, 0xe8, 0x01 };
	unsigned char pre[16];
	const unsigned char *p;
	uint32_t type, off;

	memset(h, 0, sizeof(*h));
	if (fread(pre, 1, sizeof(pre), fp) != sizeof(pre) ||
	    memcmp(pre, magic, sizeof(magic)) != 0)
		return -1;
	h->nindex = be32(pre + 8);
	h->hsize = be32(pre + 12);
	if (h->nindex == 0 || h->nindex > MAX_INDEX || h->hsize == 0 ||
	    h->hsize > MAX_STORE)
		return -1;
	h->index = malloc((size_t)h->nindex * 16);
	h->store = malloc(h->hsize);
	if (h->index == NULL || h->store == NULL)
		goto err;
	if (fread(h->index, 16, h->nindex, fp) != h->nindex ||
	    fread(h->store, 1, h->hsize, fp) != h->hsize)
		goto err;
	if (get_string(h, TAG_NAME, &h->name) == -1)
		goto err;
	if (!check_name(h->name)) {
		fprintf(stderr, "rpm: invalid package name\n");
		free(h->name);
		h->name = NULL;
		goto err;
	}
	if (get_string(h, TAG_VERSION, &h->version) == -1 ||
	    get_string(h, TAG_RELEASE, &h->release) == -1)
		goto err;
	p = find_tag(h, TAG_SIZE, &type, &off);
	if (p != NULL && type == TYPE_INT32 && h->hsize - off >= 4)
		h->size = be32(p);
	return 0;
err:
	rpm_header_free(h);
	return -1;
}

int
main(int argc, char *argv[])
{
	struct rpmhdr h;
	char nvr[512];
	FILE *fp;
	int i, rc = 0;

	for (i = 1; i < argc; i++) {
		if ((fp = fopen(argv[i], "rb")) == NULL) {
			perror(argv[i]);
			rc = 1;
			continue;
		}
		if (rpm_header_load(fp, &h) == -1) {
			fprintf(stderr, "%s: not a valid header\n", argv[i]);
			rc = 1;
		} else {
			snprintf(nvr, sizeof(nvr), "%s-%s-%s", h.name,
			    h.version, h.release);
			printf("%-40s %10u bytes\n", nvr, h.size);
			rpm_header_free(&h);
		}
		fclose(fp);
	}
	return rc;
}
