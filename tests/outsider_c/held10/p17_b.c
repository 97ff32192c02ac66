#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLS	32
#define COLNAME_LEN	32

struct record {
	char	**fields;
	size_t	  nfields;
};

struct table {
	char		 cols[MAX_COLS][COLNAME_LEN];
	size_t		 ncols;
	struct record	*rows;
	size_t		 nrows;
	size_t		 cap;
};

static size_t
copy_str(char *dst, const char *src, size_t dsize)
{
	const char *osrc = src;
	size_t nleft = dsize;

	if (nleft != 0) {
		while (--nleft != 0) {
			if ((*dst++ = *src++) == '\0')
				break;
		}
	}
	if (nleft == 0) {
		if (dsize != 0)
			*dst = '\0';
		while (*src++)
			;
	}
	return (src - osrc - 1);
}

static void
record_free(struct record *r)
{
	size_t i;

	for (i = 0; i < r->nfields; i++)
		free(r->fields[i]);
	free(r->fields);
	r->fields = NULL;
	r->nfields = 0;
}

static int
split_line(char *line, struct record *r)
{
	char *p, *tab;

	line[strcspn(line, "\r\n")] = '\0';
	r->nfields = 0;
	if ((r->fields = calloc(MAX_COLS, sizeof(char *))) == NULL)
		return -1;
	for (p = line; p != NULL && r->nfields < MAX_COLS; p = tab) {
		if ((tab = strchr(p, '\t')) != NULL)
			*tab++ = '\0';
		if ((r->fields[r->nfields] = strdup(p)) == NULL)
			return -1;
		r->nfields++;
	}
	return 0;
}

static int
table_append(struct table *t, struct record *r)
{
	struct record *nr;
	size_t ncap;

	if (t->nrows == t->cap) {
		ncap = t->cap ? t->cap * 2 : 16;
		nr = reallocarray(t->rows, ncap, sizeof(*nr));
		if (nr == NULL)
			return -1;
		t->rows = nr;
		t->cap = ncap;
	}
	t->rows[t->nrows++] = *r;
	return 0;
}

int
table_import(struct table *t, FILE *fp)
{
	char *line = NULL;
	size_t linesz = 0, i;
	struct record r;
	long lineno = 0, rejected = 0;

	while (getline(&line, &linesz, fp) != -1) {
		lineno++;
		if (split_line(line, &r) == -1) {
			record_free(&r);
			break;
		}
		if (t->ncols == 0) {
			for (i = 0; i < r.nfields; i++)
				copy_str(t->cols[i], r.fields[i], COLNAME_LEN);
			t->ncols = r.nfields;
			record_free(&r);
			continue;
		}
		if (r.nfields != t->ncols) {
			fprintf(stderr, "line %ld: %zu fields, expected %zu\n",
			    lineno, r.nfields, t->ncols);
			rejected++;
			record_free(&r);
			continue;
		}
		if (table_append(t, &r) == -1) {
			record_free(&r);
			break;
		}
	}
	free(line);
	return rejected > 0 ? 1 : 0;
}

int
main(int argc, char *argv[])
{
	struct table t;
	FILE *fp = stdin;
	size_t i, j;
	int rc;

	memset(&t, 0, sizeof(t));
	if (argc > 1 && (fp = fopen(argv[1], "r")) == NULL) {
		perror(argv[1]);
		return 1;
	}
	rc = table_import(&t, fp);
	if (fp != stdin)
		fclose(fp);
	for (i = 0; i < t.ncols; i++)
		printf("%s%s", i ? "|" : "", t.cols[i]);
	printf("\n%zu rows\n", t.nrows);
	for (i = 0; i < t.nrows; i++) {
		for (j = 0; j < t.rows[i].nfields; j++)
			printf("%s%s", j ? "|" : "", t.rows[i].fields[j]);
		putchar('\n');
		record_free(&t.rows[i]);
	}
	free(t.rows);
	return rc;
}
