#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <ctype.h>
#include <unistd.h>

#define MAXOPTS 16
#define KEYCHARS "abcdefghijklmnopqrstuvwxyz0123456789-@."
#define B64CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="

static int opt_o;
static int opt_l;
static const char *opt_f;

static void warn(const char *fmt, ...)
{
	va_list ap;

	fputs("akls: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static int is_keytype(const char *p)
{
	return !strncmp(p, "ssh-", 4) || !strncmp(p, "ecdsa-sha2-", 11) ||
	       !strncmp(p, "sk-", 3);
}

static char *parse_opts(char *p, char opts[][128], int *n)
{
	size_t k = 0;
	int q = 0;

	*n = 0;
	while (*p && (q || !isspace((unsigned char)*p))) {
		if (*p == '\\' && q && p[1] == '"')
			p++;
		else if (*p == '"')
			q = !q;
		else if (*p == ',' && !q) {
			opts[*n][k] = '\0';
			if (++*n == MAXOPTS)
				return NULL;
			k = 0;
			p++;
			continue;
		}
		if (k + 1 < 128)
			opts[*n][k++] = *p;
		p++;
	}
	if (q)
		return NULL;
	opts[(*n)++][k] = '\0';
	while (isspace((unsigned char)*p))
		p++;
	return p;
}

static void fingerprint(const char *type, const char *blob)
{
	char cmd[BUFSIZ];

	snprintf(cmd, sizeof(cmd), "echo '%s %s' | ssh-keygen -l -f -", type, blob);
	fflush(stdout);
	if (system(cmd) != 0)
		warn("ssh-keygen failed for %s key", type);
}

int ak_scan(FILE *fp)
{
	char line[BUFSIZ], opts[MAXOPTS][128];
	char *p, *type, *blob, *comment;
	int n, i, lno = 0, keys = 0;

	while (fgets(line, sizeof(line), fp)) {
		lno++;
		line[strcspn(line, "\r\n")] = '\0';
		for (p = line; isspace((unsigned char)*p); p++)
			;
		if (!*p || *p == '#')
			continue;
		n = 0;
		if (!is_keytype(p) && !(p = parse_opts(p, opts, &n))) {
			warn("line %d: invalid options", lno);
			continue;
		}
		type = strtok(p, " \t");
		blob = strtok(NULL, " \t");
		comment = strtok(NULL, "");
		if (!type || !blob) {
			warn("line %d: missing key", lno);
			continue;
		}
		keys++;
		printf("%s %s%s\n", type, comment ? comment : "(no comment)",
		       n ? " [restricted]" : "");
		for (i = 0; opt_o && i < n; i++)
			printf("\t%s\n", opts[i]);
		if (opt_l)
			fingerprint(type, blob);
	}
	return keys;
}

int main(int argc, char **argv)
{
	char path[256];
	const char *home;
	FILE *fp;
	int c, n;

	while ((c = getopt(argc, argv, "olf:")) != -1) {
		switch (c) {
		case 'o': opt_o = 1; break;
		case 'l': opt_l = 1; break;
		case 'f': opt_f = optarg; break;
		default:
			fprintf(stderr, "usage: akls [-ol] [-f authorized_keys]\n");
			return 2;
		}
	}
	if (!opt_f) {
		if (!(home = getenv("HOME")))
			home = "/";
		snprintf(path, sizeof(path), "%s/.ssh/authorized_keys", home);
		opt_f = path;
	}
	if (!(fp = fopen(opt_f, "r"))) {
		warn("%s: cannot open", opt_f);
		return 1;
	}
	n = ak_scan(fp);
	fclose(fp);
	printf("%d key%s\n", n, n == 1 ? "" : "s");
	return 0;
}
