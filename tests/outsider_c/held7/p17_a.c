#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXLINE 512
#define MAXLINES 2000

static char *alines[MAXLINES];
static char *blines[MAXLINES];

static int read_lines(const char *path, char **lines)
{
	FILE *fp;
	char buf[MAXLINE];
	int n, len;

	fp = fopen(path, "r");
	if (fp == NULL) {
		perror(path);
		return -1;
	}
	n = 0;
	while (n < MAXLINES && fgets(buf, sizeof(buf), fp) != NULL) {
		len = strlen(buf);
		if (len > 0 && buf[len - 1] == '\n')
			buf[--len] = '\0';
		lines[n] = malloc(len + 1);
		if (lines[n] == NULL)
			break;
		strcpy(lines[n], buf);
		n++;
	}
	fclose(fp);
	return n;
}

static void free_lines(char **lines, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		free(lines[i]);
		lines[i] = NULL;
	}
}

int diff_lines(char **a, int na, char **b, int nb)
{
	int *tab;
	int i, j, w, changes;

	w = nb + 1;
	tab = malloc((size_t)(na + 1) * w * sizeof(int));
	if (tab == NULL)
		return -1;
	for (j = 0; j <= nb; j++)
		tab[na * w + j] = 0;
	for (i = 0; i <= na; i++)
		tab[i * w + nb] = 0;
	for (i = na - 1; i >= 0; i--) {
		for (j = nb - 1; j >= 0; j--) {
			if (strcmp(a[i], b[j]) == 0)
				tab[i * w + j] = tab[(i + 1) * w + j + 1] + 1;
			else if (tab[(i + 1) * w + j] >= tab[i * w + j + 1])
				tab[i * w + j] = tab[(i + 1) * w + j];
			else
				tab[i * w + j] = tab[i * w + j + 1];
		}
	}
	i = j = changes = 0;
	while (i < na && j < nb) {
		if (strcmp(a[i], b[j]) == 0) {
			printf("  %s\n", a[i]);
			i++;
			j++;
		} else if (tab[(i + 1) * w + j] >= tab[i * w + j + 1]) {
			printf("- %s\n", a[i++]);
			changes++;
		} else {
			printf("+ %s\n", b[j++]);
			changes++;
		}
	}
	for (; i < na; i++, changes++)
		printf("- %s\n", a[i]);
	for (; j < nb; j++, changes++)
		printf("+ %s\n", b[j]);
	free(tab);
	return changes;
}

int main(int argc, char **argv)
{
	int na, nb, rc;

	if (argc != 3) {
		fprintf(stderr, "usage: %s file1 file2\n", argv[0]);
		return 2;
	}
	na = read_lines(argv[1], alines);
	if (na < 0)
		return 2;
	nb = read_lines(argv[2], blines);
	if (nb < 0) {
		free_lines(alines, na);
		return 2;
	}
	rc = diff_lines(alines, na, blines, nb);
	free_lines(alines, na);
	free_lines(blines, nb);
	if (rc < 0) {
		fprintf(stderr, "out of memory\n");
		return 2;
	}
	return rc > 0 ? 1 : 0;
}
