#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct hunk {
	long		 old_start;
	long		 old_count;
	long		 new_start;
	long		 new_count;
	char		*section;
	struct hunk	*next;
};

static void *
xcalloc(size_t n, size_t sz)
{
	void *p;

	if ((p = calloc(n, sz)) == NULL) {
		perror("calloc");
		exit(1);
	}
	return p;
}

static char *
xstrdup(const char *s)
{
	char *p = xcalloc(1, strlen(s) + 1);

	strcpy(p, s);
	return p;
}

static int
parse_range(const char *s, long *start, long *count, const char **end)
{
	char *ep;

	*start = strtol(s, &ep, 10);
	if (ep == s || *start < 0)
		return -1;
	*count = 1;
	if (*ep == ',') {
		s = ep + 1;
		*count = strtol(s, &ep, 10);
		if (ep == s || *count < 0)
			return -1;
	}
	*end = ep;
	return 0;
}

struct hunk *
parse_hunk_header(const char *line)
{
	struct hunk *h;
	const char *p, *sec;

	if (strncmp(line, "@@ -", 4) != 0)
		return NULL;
	h = xcalloc(1, sizeof(*h));
	p = line + 4;
	if (parse_range(p, &h->old_start, &h->old_count, &p) == -1)
		goto fail;
	if (strncmp(p, " +", 2) != 0)
		goto fail;
	if (parse_range(p + 2, &h->new_start, &h->new_count, &p) == -1)
		goto fail;
	if (strncmp(p, " @@", 3) != 0)
		goto fail;
	sec = p + 3;
	while (*sec == ' ')
		sec++;
	h->section = xstrdup(sec);
	return h;
fail:
	free(h);
	return NULL;
}

static void
report(const char *file, int hunks, long add, long del)
{
	if (file[0] != '\0' && hunks > 0)
		printf("%-40s %3d hunks  +%ld -%ld\n", file, hunks, add, del);
}

int
main(void)
{
	struct hunk *h, *head = NULL, **tail = &head;
	char line[4096], file[256] = "";
	long add = 0, del = 0;
	int hunks = 0, lineno = 0;

	while (fgets(line, sizeof(line), stdin) != NULL) {
		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "+++ ", 4) == 0) {
			report(file, hunks, add, del);
			snprintf(file, sizeof(file), "%s", line + 4);
			hunks = 0;
			add = del = 0;
		} else if (strncmp(line, "@@", 2) == 0) {
			if ((h = parse_hunk_header(line)) == NULL) {
				fprintf(stderr, "line %d: malformed hunk header\n",
				    lineno);
				continue;
			}
			*tail = h;
			tail = &h->next;
			hunks++;
		} else if (line[0] == '+' && hunks > 0)
			add++;
		else if (line[0] == '-' && hunks > 0 &&
		    strncmp(line, "--- ", 4) != 0)
			del++;
	}
	report(file, hunks, add, del);
	while (head != NULL) {
		h = head->next;
		if (head->section[0] != '\0')
			printf("  @@ %ld,%ld %s\n", head->new_start,
			    head->new_count, head->section);
		free(head->section);
		free(head);
		head = h;
	}
	return 0;
}
