#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXLINE 4096
#define BUFSZ 4200
#define PFXSZ 32
#define ESC 0x1b
#define BEL 0x07

static char plain[MAXLINE];
static char outline[BUFSZ];

int strip_escapes(const char *in, char *out, int outsz)
{
	int i, o;
	unsigned char c;

	i = o = 0;
	while (in[i] && o < outsz - 1) {
		c = (unsigned char)in[i];
		if (c == ESC && in[i + 1] == '[') {
			i += 2;
			while (in[i] && !((unsigned char)in[i] >= 0x40 && (unsigned char)in[i] <= 0x7e))
				i++;
			if (in[i])
				i++;
			continue;
		}
		if (c == ESC && in[i + 1] == ']') {
			i += 2;
			while (in[i] && in[i] != BEL && !(in[i] == ESC && in[i + 1] == '\\'))
				i++;
			if (in[i] == BEL)
				i++;
			else if (in[i] == ESC)
				i += 2;
			continue;
		}
		if (c == ESC) {
			i++;
			if (in[i])
				i++;
			continue;
		}
		if (c == '\r' && in[i + 1] != '\n') {
			i++;
			continue;
		}
		out[o++] = in[i++];
	}
	out[o] = '\0';
	return o;
}

int format_line(char *dst, int dstsz, const char *prefix, const char *text, int cols)
{
	int plen, tlen, avail, n;

	plen = strlen(prefix);
	tlen = strlen(text);
	if (plen >= dstsz)
		return -1;
	strcpy(dst, prefix);
	if (cols <= 0)
		cols = dstsz - 1;
	avail = cols - plen;
	if (avail < 0)
		avail = 0;
	n = tlen < avail ? tlen : avail;
	if (n > dstsz - plen - 1)
		n = dstsz - plen - 1;
	memcpy(dst + plen, text, n);
	dst[plen + n] = '\0';
	return plen + n;
}

int main(int argc, char **argv)
{
	char line[MAXLINE];
	char prefix[PFXSZ];
	int number, cols, lineno, i, n;

	number = 0;
	cols = 0;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-n") == 0)
			number = 1;
		else if (strcmp(argv[i], "-w") == 0 && i + 1 < argc)
			cols = atoi(argv[++i]);
	}
	lineno = 0;
	while (fgets(line, sizeof(line), stdin) != NULL) {
		lineno++;
		n = strlen(line);
		if (n > 0 && line[n - 1] == '\n')
			line[--n] = '\0';
		strip_escapes(line, plain, sizeof(plain));
		if (number)
			sprintf(prefix, "%6d: ", lineno);
		else
			prefix[0] = '\0';
		if (format_line(outline, sizeof(outline), prefix, plain, cols) < 0)
			continue;
		puts(outline);
	}
	return 0;
}
