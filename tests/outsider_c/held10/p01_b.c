#include <sys/types.h>

#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_SIZE	4096
#define LINE_MAX_LEN	2048

struct page_hdr {
	uint16_t	nslots;
	uint16_t	free_start;
	uint16_t	free_end;
	uint16_t	flags;
};

struct slot {
	uint16_t	off;
	uint16_t	len;
};

struct page {
	uint8_t		*data;
	uint32_t	 pgno;
};

static struct page_hdr *
page_header(struct page *pg)
{
	return (struct page_hdr *)pg->data;
}

static struct slot *
page_slots(struct page *pg)
{
	return (struct slot *)(pg->data + sizeof(struct page_hdr));
}

static void
page_reset(struct page *pg)
{
	struct page_hdr *h;

	memset(pg->data, 0, PAGE_SIZE);
	h = page_header(pg);
	h->free_start = sizeof(struct page_hdr);
	h->free_end = PAGE_SIZE;
}

struct page *
page_new(uint32_t pgno)
{
	struct page *pg;

	if ((pg = malloc(sizeof(*pg))) == NULL)
		return NULL;
	if ((pg->data = malloc(PAGE_SIZE)) == NULL) {
		free(pg);
		return NULL;
	}
	pg->pgno = pgno;
	page_reset(pg);
	return pg;
}

void
page_free(struct page *pg)
{
	if (pg == NULL)
		return;
	free(pg->data);
	free(pg);
}

int
page_insert(struct page *pg, const uint8_t *rec, size_t len)
{
	struct page_hdr *h = page_header(pg);
	struct slot *s;

	if (len + sizeof(struct slot) > PAGE_SIZE - h->free_start)
		return -1;
	h->free_end -= len;
	memcpy(pg->data + h->free_end, rec, len);
	s = &page_slots(pg)[h->nslots];
	s->off = h->free_end;
	s->len = (uint16_t)len;
	h->free_start += sizeof(struct slot);
	return h->nslots++;
}

static int
page_flush(struct page *pg, FILE *out)
{
	if (fwrite(pg->data, 1, PAGE_SIZE, out) != PAGE_SIZE)
		return -1;
	pg->pgno++;
	page_reset(pg);
	return 0;
}

int
main(int argc, char *argv[])
{
	char line[LINE_MAX_LEN];
	char summary[128];
	struct page *pg;
	FILE *in, *out;
	size_t len, nrec = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: %s records.txt heap.db\n", argv[0]);
		return 1;
	}
	if ((in = fopen(argv[1], "r")) == NULL)
		err(1, "%s", argv[1]);
	if ((out = fopen(argv[2], "wb")) == NULL)
		err(1, "%s", argv[2]);
	if ((pg = page_new(0)) == NULL)
		err(1, "page_new");

	while (fgets(line, sizeof(line), in) != NULL) {
		len = strlen(line);
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len == 0)
			continue;
		if (page_insert(pg, (uint8_t *)line, len) < 0) {
			if (page_flush(pg, out) == -1)
				err(1, "write");
			if (page_insert(pg, (uint8_t *)line, len) < 0)
				errx(1, "record too large: %zu bytes", len);
		}
		nrec++;
	}
	if (page_header(pg)->nslots > 0 && page_flush(pg, out) == -1)
		err(1, "write");

	snprintf(summary, sizeof(summary), "%zu records in %u pages",
	    nrec, (unsigned)pg->pgno);
	puts(summary);
	page_free(pg);
	fclose(in);
	fclose(out);
	return 0;
}
