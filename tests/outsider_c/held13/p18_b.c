#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>

typedef uint8_t u8;
typedef uint32_t u32;

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define list_entry(ptr, type, member) container_of(ptr, type, member)

#define BCACHE_MAX	8

struct list_head {
	struct list_head *next, *prev;
};

static inline void INIT_LIST_HEAD(struct list_head *h)
{
	h->next = h->prev = h;
}

static inline void list_add(struct list_head *n, struct list_head *head)
{
	n->next = head->next;
	n->prev = head;
	head->next->prev = n;
	head->next = n;
}

static inline void list_del(struct list_head *e)
{
	e->prev->next = e->next;
	e->next->prev = e->prev;
	e->next = e->prev = NULL;
}

struct buffer_head {
	struct list_head lru;
	u32 blocknr;
	int count;
	u8 data[];
};

struct block_cache {
	FILE *dev;
	u32 block_size;
	unsigned int nr;
	unsigned int max;
	struct list_head lru;
	unsigned long hits, misses;
};

static inline u32 get_le32(const u8 *p)
{
	return (u32)p[0] | ((u32)p[1] << 8) | ((u32)p[2] << 16) | ((u32)p[3] << 24);
}

static struct buffer_head *bcache_lookup(struct block_cache *bc, u32 blocknr)
{
	struct list_head *pos;

	for (pos = bc->lru.next; pos != &bc->lru; pos = pos->next) {
		struct buffer_head *bh = list_entry(pos, struct buffer_head, lru);

		if (bh->blocknr == blocknr)
			return bh;
	}
	return NULL;
}

static void bcache_evict(struct block_cache *bc)
{
	struct list_head *pos;

	for (pos = bc->lru.prev; pos != &bc->lru; pos = pos->prev) {
		struct buffer_head *bh = list_entry(pos, struct buffer_head, lru);

		if (bh->count)
			continue;
		list_del(&bh->lru);
		free(bh);
		bc->nr--;
		return;
	}
}

struct buffer_head *bread(struct block_cache *bc, u32 blocknr)
{
	struct buffer_head *bh = bcache_lookup(bc, blocknr);

	if (bh) {
		bc->hits++;
		list_del(&bh->lru);
		list_add(&bh->lru, &bc->lru);
		bh->count++;
		return bh;
	}

	bc->misses++;
	if (bc->nr >= bc->max)
		bcache_evict(bc);

	bh = malloc(sizeof(*bh) + bc->block_size);
	if (!bh)
		return NULL;
	if (fseek(bc->dev, (long)blocknr * bc->block_size, SEEK_SET) ||
	    fread(bh->data, 1, bc->block_size, bc->dev) != bc->block_size) {
		free(bh);
		return NULL;
	}
	bh->blocknr = blocknr;
	bh->count = 1;
	list_add(&bh->lru, &bc->lru);
	bc->nr++;
	return bh;
}

static void brelse(struct buffer_head *bh)
{
	if (bh)
		bh->count--;
}

static void bcache_destroy(struct block_cache *bc)
{
	while (bc->lru.next != &bc->lru) {
		struct buffer_head *bh = list_entry(bc->lru.next, struct buffer_head, lru);

		list_del(&bh->lru);
		free(bh);
	}
	bc->nr = 0;
}

int cat_indirect(struct block_cache *bc, u32 ind_block, FILE *out)
{
	struct buffer_head *ind, *bh;
	u32 i, n, blk;
	int ret = 0;

	ind = bread(bc, ind_block);
	if (!ind)
		return -EIO;
	n = get_le32(ind->data);
	if (n > bc->block_size / 4 - 1)
		n = bc->block_size / 4 - 1;

	for (i = 0; i < n; i++) {
		blk = get_le32(ind->data + 4 + i * 4);
		if (!blk)
			continue;
		bh = bread(bc, blk);
		if (!bh) {
			fprintf(stderr, "block %u: read error\n", blk);
			ret = -EIO;
			break;
		}
		fwrite(bh->data, 1, bc->block_size, out);
		brelse(bh);
	}
	brelse(ind);
	return ret;
}

int main(int argc, char **argv)
{
	struct block_cache bc;
	long bs = 1024;
	int ret;

	if (argc < 3) {
		fprintf(stderr, "usage: %s <image> <indirect-block> [block-size]\n", argv[0]);
		return 2;
	}
	if (argc > 3)
		bs = atol(argv[3]);
	if (bs < 512 || bs > 65536 || (bs & (bs - 1))) {
		fprintf(stderr, "invalid block size\n");
		return 2;
	}

	memset(&bc, 0, sizeof(bc));
	INIT_LIST_HEAD(&bc.lru);
	bc.block_size = (u32)bs;
	bc.max = BCACHE_MAX;
	bc.dev = fopen(argv[1], "rb");
	if (!bc.dev) {
		perror(argv[1]);
		return 1;
	}

	ret = cat_indirect(&bc, (u32)strtoul(argv[2], NULL, 0), stdout);
	fprintf(stderr, "cache: %lu hits, %lu misses\n", bc.hits, bc.misses);
	bcache_destroy(&bc);
	fclose(bc.dev);
	return ret ? 1 : 0;
}
