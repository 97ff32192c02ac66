#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ctype.h>
#include <limits.h>

#define MAXPARAM 16

enum { ST_GROUND, ST_ESC, ST_CSI, ST_OSC };

struct vt {
	int state;
	int nparam;
	int *param;
	int col;
	int len;
	char line[LINE_MAX];
};

static int opt_markers;
static int opt_tabs = 8;

static void *xzalloc(size_t n)
{
	void *p = calloc(1, n);

	if (!p) {
		fputs("ansi2txt: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static void put_char(struct vt *vt, int c)
{
	if (vt->col >= (int)sizeof(vt->line) - 1)
		return;
	vt->line[vt->col++] = c;
	if (vt->col > vt->len)
		vt->len = vt->col;
}

static void put_str(struct vt *vt, const char *s)
{
	while (*s)
		put_char(vt, *s++);
}

static void flush_line(struct vt *vt)
{
	fwrite(vt->line, 1, vt->len, stdout);
	putchar('\n');
	vt->col = vt->len = 0;
}

static void sgr_markers(struct vt *vt)
{
	char tmp[16];
	int i;

	for (i = 0; i < vt->nparam; i++) {
		switch (vt->param[i]) {
		case 0: put_str(vt, "[/]"); break;
		case 1: put_str(vt, "[b]"); break;
		case 4: put_str(vt, "[u]"); break;
		case 7: put_str(vt, "[r]"); break;
		default:
			sprintf(tmp, "[%d]", vt->param[i]);
			put_str(vt, tmp);
		}
	}
}

static void csi_dispatch(struct vt *vt, int final)
{
	int n = vt->param[0] ? vt->param[0] : 1;

	switch (final) {
	case 'C':
		while (n-- > 0)
			put_char(vt, ' ');
		break;
	case 'D':
		vt->col = vt->col > n ? vt->col - n : 0;
		break;
	case 'G':
		vt->col = n - 1 < (int)sizeof(vt->line) - 1 ? n - 1 : (int)sizeof(vt->line) - 1;
		break;
	case 'K':
		vt->len = vt->col;
		break;
	case 'm':
		if (opt_markers)
			sgr_markers(vt);
		break;
	}
}

void vt_feed(struct vt *vt, int c)
{
	switch (vt->state) {
	case ST_GROUND:
		if (c == 033)
			vt->state = ST_ESC;
		else if (c == '\n')
			flush_line(vt);
		else if (c == '\r')
			vt->col = 0;
		else if (c == '\b')
			vt->col -= vt->col > 0;
		else if (c == '\t')
			do put_char(vt, ' '); while (vt->col % opt_tabs && vt->col < (int)sizeof(vt->line) - 1);
		else if (isprint(c) || c >= 0x80)
			put_char(vt, c);
		break;
	case ST_ESC:
		vt->state = c == '[' ? ST_CSI : c == ']' ? ST_OSC : ST_GROUND;
		vt->nparam = 0;
		vt->param[0] = 0;
		break;
	case ST_CSI:
		if (isdigit(c)) {
			if (vt->param[vt->nparam] < 10000)
				vt->param[vt->nparam] = vt->param[vt->nparam] * 10 + (c - '0');
		} else if (c == ';') {
			vt->nparam++;
			vt->param[vt->nparam] = 0;
		} else if (c >= 0x40 && c <= 0x7e) {
			vt->nparam++;
			csi_dispatch(vt, c);
			vt->state = ST_GROUND;
		}
		break;
	case ST_OSC:
		if (c == 007 || c == 033)
			vt->state = ST_GROUND;
		break;
	}
}

int main(int argc, char **argv)
{
	struct vt *vt;
	FILE *fp = stdin;
	int c;

	while ((c = getopt(argc, argv, "mt:")) != -1) {
		if (c == 'm') {
			opt_markers = 1;
		} else if (c == 't' && atoi(optarg) > 0) {
			opt_tabs = atoi(optarg);
		} else {
			fputs("usage: ansi2txt [-m] [-t tabsize] [file]\n", stderr);
			return 2;
		}
	}
	if (optind < argc && !(fp = fopen(argv[optind], "r"))) {
		perror(argv[optind]);
		return 1;
	}
	vt = xzalloc(sizeof(*vt));
	vt->param = xzalloc(MAXPARAM * sizeof(int));
	while ((c = getc(fp)) != EOF)
		vt_feed(vt, c);
	if (vt->len)
		flush_line(vt);
	free(vt->param);
	free(vt);
	return 0;
}
