#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>
#include <time.h>
#include <sys/stat.h>

struct sbuf {
	char *buf;
	size_t len;
	size_t cap;
};

static int opt_utc;
static const char *default_fmt = "%a %b %e %H:%M:%S %Z %Y";

static void *xrealloc(void *p, size_t n)
{
	if (!(p = realloc(p, n))) {
		fputs("date: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static void sb_append(struct sbuf *sb, const char *s, size_t n)
{
	if (sb->len + n >= sb->cap) {
		sb->cap = sb->cap ? sb->cap * 2 : 64;
		sb->buf = xrealloc(sb->buf, sb->cap);
	}
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

static void expand_one(struct sbuf *sb, int c, const struct tm *tm, time_t t)
{
	char tmp[64];
	char spec[3];
	size_t n;

	switch (c) {
	case 's':
		n = snprintf(tmp, sizeof(tmp), "%lld", (long long)t);
		break;
	case 'q':
		n = snprintf(tmp, sizeof(tmp), "%d", tm->tm_mon / 3 + 1);
		break;
	case 'N':
		strcpy(tmp, "000000000");
		n = 9;
		break;
	case '%':
		strcpy(tmp, "%");
		n = 1;
		break;
	default:
		spec[0] = '%';
		spec[1] = c;
		spec[2] = '\0';
		n = strftime(tmp, sizeof(tmp), spec, tm);
		break;
	}
	sb_append(sb, tmp, n);
}

char *format_date(const char *fmt, time_t t)
{
	struct sbuf sb = { NULL, 0, 0 };
	struct tm tm;
	const char *p = fmt;
	size_t span;

	if (!(opt_utc ? gmtime_r(&t, &tm) : localtime_r(&t, &tm)))
		return NULL;
	sb_append(&sb, "", 0);
	while (*p) {
		span = strcspn(p, "%");
		if (span) {
			sb_append(&sb, p, span);
			p += span;
			continue;
		}
		p++;
		if (!*p)
			break;
		expand_one(&sb, *p++, &tm, t);
	}
	return sb.buf;
}

static int parse_time(const char *s, time_t *t)
{
	char *end;
	long long v;

	if (*s != '@')
		return -1;
	errno = 0;
	v = strtoll(s + 1, &end, 10);
	if (errno || *end || end == s + 1)
		return -1;
	*t = (time_t)v;
	return 0;
}

int main(int argc, char **argv)
{
	const char *fmt = default_fmt;
	struct stat st;
	time_t t = time(NULL);
	char *out;
	int c;

	while ((c = getopt(argc, argv, "ud:r:I")) != -1) {
		switch (c) {
		case 'u': opt_utc = 1; break;
		case 'I': fmt = "%Y-%m-%d"; break;
		case 'd':
			if (parse_time(optarg, &t) < 0) {
				fprintf(stderr, "date: invalid date '%s'\n", optarg);
				return 1;
			}
			break;
		case 'r':
			if (stat(optarg, &st) < 0) {
				perror(optarg);
				return 1;
			}
			t = st.st_mtime;
			break;
		default:
			fputs("usage: date [-uI] [-d @secs] [-r file] [+format]\n", stderr);
			return 1;
		}
	}
	if (optind < argc) {
		if (argv[optind][0] != '+') {
			fprintf(stderr, "date: setting the clock is not supported\n");
			return 1;
		}
		fmt = argv[optind] + 1;
	}
	if (!(out = format_date(fmt, t))) {
		fputs("date: time out of range\n", stderr);
		return 1;
	}
	puts(out);
	free(out);
	return 0;
}
