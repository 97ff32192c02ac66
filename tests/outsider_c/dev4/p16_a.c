#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EDIT_LINE	256
#define RING_MAX	4

struct editor {
	char		 line[EDIT_LINE];
	size_t		 len;
	size_t		 cur;
	char		*ring[RING_MAX];
	size_t		 head;
	size_t		 count;
	size_t		 depth;
	const char	*yank_text;
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
insert_text(struct editor *ed, const char *s, size_t n)
{
	if (n > sizeof(ed->line) - 1 - ed->len)
		return -1;
	memmove(ed->line + ed->cur + n, ed->line + ed->cur,
	    ed->len - ed->cur + 1);
	memcpy(ed->line + ed->cur, s, n);
	ed->len += n;
	ed->cur += n;
	return 0;
}

static void
delete_range(struct editor *ed, size_t from, size_t to)
{
	memmove(ed->line + from, ed->line + to, ed->len - to + 1);
	ed->len -= to - from;
	if (ed->cur >= to)
		ed->cur -= to - from;
	else if (ed->cur > from)
		ed->cur = from;
}

static void
ring_push(struct editor *ed, char *s)
{
	ed->head = (ed->head + 1) % RING_MAX;
	if (ed->count == RING_MAX) {
		if (ed->yank_text == ed->ring[ed->head])
			ed->yank_text = NULL;
		free(ed->ring[ed->head]);
		ed->ring[ed->head] = NULL;
	} else
		ed->count++;
	ed->ring[ed->head] = s;
}

static int
kill_region(struct editor *ed, size_t from, size_t to)
{
	char *s;

	if (from >= to)
		return 0;
	s = xmalloc(to - from + 1);
	memcpy(s, ed->line + from, to - from);
	s[to - from] = '\0';
	delete_range(ed, from, to);
	ring_push(ed, s);
	return 0;
}

static int
kill_word(struct editor *ed)
{
	size_t p = ed->cur;

	while (p > 0 && ed->line[p - 1] == ' ')
		p--;
	while (p > 0 && ed->line[p - 1] != ' ')
		p--;
	return kill_region(ed, p, ed->cur);
}

static int
yank(struct editor *ed, int pop)
{
	size_t n;

	if (ed->count == 0)
		return -1;
	if (pop) {
		if (ed->yank_text == NULL)
			return -1;
		n = strlen(ed->yank_text);
		if (n > ed->cur)
			return -1;
		delete_range(ed, ed->cur - n, ed->cur);
		ed->depth = (ed->depth + 1) % ed->count;
	} else
		ed->depth = 0;
	ed->yank_text = ed->ring[(ed->head + RING_MAX - ed->depth) % RING_MAX];
	return insert_text(ed, ed->yank_text, strlen(ed->yank_text));
}

int
editor_command(struct editor *ed, const char *cmd)
{
	switch (cmd[0]) {
	case 'i':
		ed->yank_text = NULL;
		return insert_text(ed, cmd + 2, strlen(cmd + 2));
	case '0':
		ed->yank_text = NULL;
		ed->cur = 0;
		return 0;
	case '$':
		ed->yank_text = NULL;
		ed->cur = ed->len;
		return 0;
	case 'k':
		return kill_region(ed, ed->cur, ed->len);
	case 'u':
		return kill_region(ed, 0, ed->cur);
	case 'w':
		return kill_word(ed);
	case 'y':
		return yank(ed, 0);
	case 'Y':
		return yank(ed, 1);
	case 'p':
		printf("[%s] cursor %zu\n", ed->line, ed->cur);
		return 0;
	}
	return -1;
}

int
main(void)
{
	struct editor ed;
	char buf[EDIT_LINE + 8];
	size_t i;

	memset(&ed, 0, sizeof(ed));
	while (fgets(buf, sizeof(buf), stdin) != NULL) {
		buf[strcspn(buf, "\n")] = '\0';
		if (buf[0] == '\0' || (buf[0] == 'i' && buf[1] != ' '))
			continue;
		if (editor_command(&ed, buf) == -1)
			fprintf(stderr, "%s: failed\n", buf);
	}
	for (i = 0; i < ed.count; i++)
		free(ed.ring[(ed.head + RING_MAX - i) % RING_MAX]);
	return 0;
}
