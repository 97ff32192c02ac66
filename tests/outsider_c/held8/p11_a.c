#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>

struct col {
	const char *name;
	int code;
	int is_attr;
};

static const struct col cols[] = {
	{ "black", 30, 0 }, { "red", 31, 0 }, { "green", 32, 0 },
	{ "yellow", 33, 0 }, { "blue", 34, 0 }, { "magenta", 35, 0 },
	{ "cyan", 36, 0 }, { "white", 37, 0 }, { "default", 39, 0 },
	{ "bold", 1, 1 }, { "dim", 2, 1 }, { "italic", 3, 1 },
	{ "underline", 4, 1 }, { "blink", 5, 1 }, { "reverse", 7, 1 },
};

static int opt_n;
static int opt_r;

static void warn(const char *fmt, ...)
{
	va_list ap;

	fputs("colorize: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void strncpyz(char *dst, const char *src, size_t sz)
{
	if (!sz)
		return;
	strncpy(dst, src, sz - 1);
	dst[sz - 1] = '\0';
}

static const struct col *col_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++)
		if (!strcmp(cols[i].name, name))
			return &cols[i];
	return NULL;
}

static int tag_to_seq(const char *tag, char *seq, size_t sz)
{
	char buf[64];
	char *w;
	const struct col *c;
	int bg = 0, n;

	strncpyz(buf, tag, sizeof(buf));
	if (!strcmp(buf, "/"))
		return snprintf(seq, sz, "\033[0m");
	n = sprintf(seq, "\033[");
	for (w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		if (!strcmp(w, "on")) {
			bg = 1;
			continue;
		}
		c = col_find(w);
		n += sprintf(seq + n, "%d;", c->code + (bg && !c->is_attr ? 10 : 0));
		bg = 0;
	}
	if (seq[n - 1] == ';')
		n--;
	n += sprintf(seq + n, "m");
	return n;
}

int colorize(FILE *in, FILE *out)
{
	char line[BUFSIZ], tag[64], seq[256];
	char *p, *e;
	size_t len;

	while (fgets(line, sizeof(line), in)) {
		for (p = line; *p; p++) {
			if (*p != '[') {
				fputc(*p, out);
				continue;
			}
			if (p[1] == '[') {
				fputc('[', out);
				p++;
				continue;
			}
			if (!(e = strchr(p, ']'))) {
				fputs(p, out);
				break;
			}
			len = e - p - 1;
			if (len >= sizeof(tag))
				len = sizeof(tag) - 1;
			memcpy(tag, p + 1, len);
			tag[len] = '\0';
			if (!opt_n && tag_to_seq(tag, seq, sizeof(seq)) > 3)
				fputs(seq, out);
			p = e;
		}
	}
	if (opt_r && !opt_n)
		fputs("\033[0m", out);
	return ferror(out) ? -1 : 0;
}

int main(int argc, char **argv)
{
	FILE *fp = stdin;
	int c, rc;

	while ((c = getopt(argc, argv, "nr")) != -1) {
		switch (c) {
		case 'n': opt_n = 1; break;
		case 'r': opt_r = 1; break;
		default:
			fprintf(stderr, "usage: colorize [-nr] [file]\n");
			return 2;
		}
	}
	if (optind < argc && !(fp = fopen(argv[optind], "r"))) {
		warn("%s: cannot open", argv[optind]);
		return 1;
	}
	rc = colorize(fp, stdout);
	if (fp != stdin)
		fclose(fp);
	return rc ? 1 : 0;
}
