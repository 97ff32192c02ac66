#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lru_node {
	struct lru_node	*prev;
	struct lru_node	*next;
	struct lru_node	*hnext;
	char		*key;
	char		*val;
};

struct lru {
	struct lru_node	  head;
	struct lru_node	**buckets;
	size_t		  nbuckets;
	size_t		  count;
	size_t		  cap;
	unsigned long	  hits, misses, evictions;
};

static void
list_unlink(struct lru_node *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	n->prev = n->next = n;
}

static void
list_push_front(struct lru *c, struct lru_node *n)
{
	n->next = c->head.next;
	n->prev = &c->head;
	c->head.next->prev = n;
	c->head.next = n;
}

static size_t
hash_str(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static struct lru_node **
hash_slot(struct lru *c, const char *key)
{
	struct lru_node **pp = &c->buckets[hash_str(key) % c->nbuckets];

	while (*pp != NULL && strcmp((*pp)->key, key) != 0)
		pp = &(*pp)->hnext;
	return pp;
}

static void
node_free(struct lru_node *n)
{
	free(n->key);
	free(n->val);
	free(n);
}

static void
lru_evict(struct lru *c)
{
	struct lru_node *victim = c->head.prev, **pp;

	if (victim == &c->head)
		return;
	list_unlink(victim);
	node_free(victim);
	pp = hash_slot(c, victim->key);
	if (*pp != NULL)
		*pp = (*pp)->hnext;
	c->count--;
	c->evictions++;
}

int
lru_init(struct lru *c, size_t cap)
{
	memset(c, 0, sizeof(*c));
	c->head.next = c->head.prev = &c->head;
	c->cap = cap;
	c->nbuckets = cap * 2 + 1;
	c->buckets = calloc(c->nbuckets, sizeof(*c->buckets));
	return c->buckets == NULL ? -1 : 0;
}

const char *
lru_get(struct lru *c, const char *key)
{
	struct lru_node *n = *hash_slot(c, key);

	if (n == NULL) {
		c->misses++;
		return NULL;
	}
	c->hits++;
	list_unlink(n);
	list_push_front(c, n);
	return n->val;
}

int
lru_set(struct lru *c, const char *key, const char *val)
{
	struct lru_node **pp = hash_slot(c, key), *n = *pp;
	char *v;

	if ((v = strdup(val)) == NULL)
		return -1;
	if (n != NULL) {
		free(n->val);
		n->val = v;
		list_unlink(n);
		list_push_front(c, n);
		return 0;
	}
	if (c->count >= c->cap) {
		lru_evict(c);
		pp = hash_slot(c, key);
	}
	if ((n = calloc(1, sizeof(*n))) == NULL ||
	    (n->key = strdup(key)) == NULL) {
		free(n);
		free(v);
		return -1;
	}
	n->val = v;
	n->hnext = NULL;
	*pp = n;
	list_push_front(c, n);
	c->count++;
	return 0;
}

int
main(int argc, char *argv[])
{
	struct lru c;
	char line[512], cmd[16], key[128], val[256];
	const char *v;
	int cap = argc > 1 ? atoi(argv[1]) : 64;

	if (cap <= 0 || lru_init(&c, (size_t)cap) == -1)
		return 1;
	while (fgets(line, sizeof(line), stdin) != NULL) {
		int n = sscanf(line, "%15s %127s %255s", cmd, key, val);
		if (n >= 3 && strcmp(cmd, "set") == 0)
			lru_set(&c, key, val);
		else if (n >= 2 && strcmp(cmd, "get") == 0) {
			v = lru_get(&c, key);
			printf("%s\n", v != NULL ? v : "(nil)");
		}
	}
	printf("hits=%lu misses=%lu evictions=%lu\n", c.hits, c.misses,
	    c.evictions);
	while (c.head.next != &c.head)
		lru_evict(&c);
	free(c.buckets);
	return 0;
}
