#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <ctype.h>
#include <unistd.h>

struct svc {
	char type[32];
	char restart[32];
	char exec[256];
	long rsec;
	int nexec;
};

static int opt_S;
static const char *opt_sect;
static const char *opt_key;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("unitcat: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void strncpyz(char *dst, const char *src, size_t sz)
{
	if (!sz)
		return;
	strncpy(dst, src, sz - 1);
	dst[sz - 1] = '\0';
}

static char *strip(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

static long parse_sec(const char *v)
{
	char *end;
	long n = strtol(v, &end, 10);

	if (!strcmp(end, "ms"))
		return n;
	if (!strcmp(end, "min"))
		return n * 60000;
	return n * 1000;
}

static void svc_set(struct svc *sv, const char *k, const char *v)
{
	if (!strcmp(k, "Type"))
		strncpyz(sv->type, v, sizeof(sv->type));
	else if (!strcmp(k, "Restart"))
		strncpyz(sv->restart, v, sizeof(sv->restart));
	else if (!strcmp(k, "RestartSec"))
		sv->rsec = parse_sec(v);
	else if (!strcmp(k, "ExecStart")) {
		if (!sv->nexec++)
			strncpyz(sv->exec, v, sizeof(sv->exec));
	}
}

static void svc_show(const struct svc *sv)
{
	printf("type     %s\n", sv->type);
	printf("restart  %s", sv->restart);
	if (sv->rsec > 0)
		printf(" after %ld.%03lds", sv->rsec / 1000, sv->rsec % 1000);
	putchar('\n');
	printf("exec     %s%s\n", sv->nexec ? sv->exec : "(none)",
	       sv->nexec > 1 ? " ..." : "");
}

int unit_read(FILE *fp)
{
	char line[BUFSIZ], logical[BUFSIZ];
	char sect[64] = "";
	char *p, *eq;
	size_t len, n;
	struct svc sv;
	int hits = 0;

	strcpy(sv.type, "simple");
	strcpy(sv.restart, "no");
	sv.exec[0] = '\0';
	sv.nexec = 0;
	sv.rsec = -1;
	logical[0] = '\0';
	len = 0;
	while (fgets(line, sizeof(line), fp)) {
		line[strcspn(line, "\n")] = '\0';
		n = strlen(line);
		if (n && line[n - 1] == '\\') {
			line[--n] = ' ';
			if (len + n < sizeof(logical)) {
				strcat(logical, line);
				len += n;
			}
			continue;
		}
		if (len + n < sizeof(logical))
			strcat(logical, line);
		p = strip(logical);
		if (*p == '#' || *p == ';' || !*p)
			goto next;
		if (*p == '[') {
			if (sscanf(p, "[%63[^]]]", sect) != 1)
				sect[0] = '\0';
			goto next;
		}
		if (!(eq = strchr(p, '=')))
			goto next;
		*eq++ = '\0';
		p = strip(p);
		eq = strip(eq);
		if (!strcmp(sect, "Service"))
			svc_set(&sv, p, eq);
		if (opt_sect && strcmp(sect, opt_sect))
			goto next;
		if (opt_key && strcmp(p, opt_key))
			goto next;
		if (!opt_S)
			printf("%s.%s=%s\n", sect, p, eq);
		hits++;
 next:
		logical[0] = '\0';
		len = 0;
	}
	if (opt_S)
		svc_show(&sv);
	return hits;
}

int main(int argc, char **argv)
{
	FILE *fp;
	int c, hits = 0;

	while ((c = getopt(argc, argv, "Ss:k:")) != -1) {
		switch (c) {
		case 'S': opt_S = 1; break;
		case 's': opt_sect = optarg; break;
		case 'k': opt_key = optarg; break;
		default:
			fprintf(stderr, "usage: unitcat [-S] [-s section] [-k key] unit...\n");
			return 2;
		}
	}
	if (optind >= argc)
		die("no unit file given");
	for (; optind < argc; optind++) {
		if (!(fp = fopen(argv[optind], "r")))
			die("%s: cannot open", argv[optind]);
		hits += unit_read(fp);
		fclose(fp);
	}
	return hits ? 0 : 1;
}
