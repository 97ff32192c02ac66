#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct header {
	char		 name[64];
	char		*value;
	size_t		 vlen;
	struct header	*next;
};

static char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p;

	if ((p = malloc(n)) == NULL) {
		perror("malloc");
		exit(1);
	}
	memcpy(p, s, n);
	return p;
}

static void
chomp(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
}

static struct header *
new_header(const char *line)
{
	struct header *h;
	const char *colon, *v;
	size_t nlen;

	if ((colon = strchr(line, ':')) == NULL)
		return NULL;
	nlen = (size_t)(colon - line);
	if (nlen == 0 || nlen >= sizeof(h->name))
		return NULL;
	if ((h = calloc(1, sizeof(*h))) == NULL)
		return NULL;
	memcpy(h->name, line, nlen);
	h->name[nlen] = '\0';
	for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
		;
	h->value = xstrdup(v);
	h->vlen = strlen(h->value);
	return h;
}

static int
append_value(struct header *h, const char *s)
{
	size_t add, need;
	char *p;

	while (*s == ' ' || *s == '\t')
		s++;
	add = strlen(s);
	need = h->vlen + 1 + add + 1;
	if ((p = realloc(h->value, need)) == NULL)
		return -1;
	h->value = p;
	h->value[h->vlen++] = ' ';
	memcpy(h->value + h->vlen, s, add + 1);
	h->vlen += add;
	return 0;
}

struct header *
read_headers(FILE *fp)
{
	struct header *head = NULL, **tail = &head, *cur = NULL, *h;
	char *line = NULL;
	size_t cap = 0;

	while (getline(&line, &cap, fp) != -1) {
		chomp(line);
		if (*line == '\0')
			break;
		if ((*line == ' ' || *line == '\t') && cur != NULL) {
			if (append_value(cur, line) == -1)
				break;
			continue;
		}
		if ((h = new_header(line)) == NULL)
			continue;
		*tail = h;
		tail = &h->next;
		cur = h;
	}
	free(line);
	return head;
}

static void
free_headers(struct header *h)
{
	struct header *n;

	for (; h != NULL; h = n) {
		n = h->next;
		free(h->value);
		free(h);
	}
}

int
main(int argc, char *argv[])
{
	struct header *list, *h;
	int found = 0;

	list = read_headers(stdin);
	for (h = list; h != NULL; h = h->next) {
		if (argc > 1 && strcasecmp(h->name, argv[1]) != 0)
			continue;
		printf("%s: %s\n", h->name, h->value);
		found++;
	}
	free_headers(list);
	return found ? 0 : 1;
}
