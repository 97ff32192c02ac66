#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ctype.h>
#include <sys/wait.h>

#define CMD_MAX 4096

static int opt_trace;
static int opt_null;
static int opt_noempty;
static int max_args = 64;
static char cmd[CMD_MAX];
static size_t base_len;

static int read_item(FILE *fp, char *buf, size_t n)
{
	size_t len = 0;
	int c, quote = 0;

	if (opt_null) {
		while ((c = getc(fp)) != EOF && c != '\0')
			if (len + 1 < n)
				buf[len++] = c;
		buf[len] = '\0';
		return c != EOF || len > 0;
	}
	while ((c = getc(fp)) != EOF && isspace(c))
		;
	if (c == EOF)
		return 0;
	do {
		if (quote) {
			if (c == quote) {
				quote = 0;
				continue;
			}
		} else if (c == '\'' || c == '"') {
			quote = c;
			continue;
		} else if (c == '\\') {
			if ((c = getc(fp)) == EOF)
				break;
		} else if (isspace(c)) {
			break;
		}
		if (len + 1 < n)
			buf[len++] = c;
	} while ((c = getc(fp)) != EOF);
	buf[len] = '\0';
	return 1;
}

static int add_word(const char *w)
{
	size_t len = strlen(cmd);

	if (len + strlen(w) + 2 > sizeof(cmd))
		return -1;
	if (len)
		strcat(cmd, " ");
	strcat(cmd, w);
	return 0;
}

static int run_command(void)
{
	int rc;

	if (opt_trace)
		fprintf(stderr, "%s\n", cmd);
	fflush(stdout);
	rc = system(cmd);
	cmd[base_len] = '\0';
	if (rc == -1)
		return 127;
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : 125;
}

int main(int argc, char **argv)
{
	char item[BUFSIZ];
	int c, i, nargs = 0, status = 0, ran = 0;

	while ((c = getopt(argc, argv, "+0rtn:")) != -1) {
		switch (c) {
		case '0': opt_null = 1; break;
		case 'r': opt_noempty = 1; break;
		case 't': opt_trace = 1; break;
		case 'n':
			max_args = atoi(optarg);
			if (max_args <= 0)
				max_args = 1;
			break;
		default:
			fputs("usage: xargs [-0rt] [-n max] [command [args...]]\n", stderr);
			return 1;
		}
	}
	if (optind == argc)
		add_word("echo");
	for (i = optind; i < argc; i++) {
		if (add_word(argv[i]) < 0) {
			fputs("xargs: command too long\n", stderr);
			return 1;
		}
	}
	base_len = strlen(cmd);
	while (read_item(stdin, item, sizeof(item))) {
		if (add_word(item) < 0) {
			if (nargs > 0) {
				status |= run_command();
				ran = 1;
				nargs = 0;
			}
			if (add_word(item) < 0) {
				fputs("xargs: argument too long\n", stderr);
				return 1;
			}
		}
		if (++nargs >= max_args) {
			status |= run_command();
			ran = 1;
			nargs = 0;
		}
	}
	if (nargs > 0 || (!ran && !opt_noempty))
		status |= run_command();
	return status ? 123 : 0;
}
