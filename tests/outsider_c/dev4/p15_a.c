#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#define LOG_ERR		3
#define LOG_WARNING	4
#define LOG_NOTICE	5
#define LOG_INFO	6

static FILE	*logfp;
static char	 ident[32] = "logd";

static void
put(char *buf, size_t cap, size_t *len, char c)
{
	if (*len + 1 < cap)
		buf[*len] = c;
	(*len)++;
}

static void
put_num(char *buf, size_t cap, size_t *len, unsigned long v, int base,
    int neg)
{
	char tmp[24];
	int n = 0;

	do {
		tmp[n++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v != 0);
	if (neg)
		put(buf, cap, len, '-');
	while (n > 0)
		put(buf, cap, len, tmp[--n]);
}

static size_t
fmt_into(char *buf, size_t cap, const char *fmt, va_list ap)
{
	size_t len = 0;
	const char *s;
	long d;

	for (; *fmt != '\0'; fmt++) {
		if (*fmt != '%' || fmt[1] == '\0') {
			put(buf, cap, &len, *fmt);
			continue;
		}
		switch (*++fmt) {
		case 's':
			if ((s = va_arg(ap, const char *)) == NULL)
				s = "(null)";
			while (*s != '\0')
				put(buf, cap, &len, *s++);
			break;
		case 'd':
			d = va_arg(ap, int);
			put_num(buf, cap, &len, d < 0 ? -(unsigned long)d :
			    (unsigned long)d, 10, d < 0);
			break;
		case 'u':
			put_num(buf, cap, &len, va_arg(ap, unsigned int), 10, 0);
			break;
		case 'x':
			put_num(buf, cap, &len, va_arg(ap, unsigned int), 16, 0);
			break;
		case 'c':
			put(buf, cap, &len, (char)va_arg(ap, int));
			break;
		default:
			put(buf, cap, &len, *fmt);
			break;
		}
	}
	if (cap > 0)
		buf[len < cap ? len : cap - 1] = '\0';
	return len;
}

void
log_msg(int level, const char *fmt, ...)
{
	static const char *names[] = { "emerg", "alert", "crit", "err",
	    "warning", "notice", "info", "debug" };
	char msg[512], stamp[32];
	time_t now;
	va_list ap;

	va_start(ap, fmt);
	fmt_into(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	now = time(NULL);
	strftime(stamp, sizeof(stamp), "%b %e %H:%M:%S", localtime(&now));
	fprintf(logfp, "%s %s[%ld] %s: %s\n", stamp, ident, (long)getpid(),
	    names[level & 7], msg);
	fflush(logfp);
}

static int
level_of(const char *word)
{
	if (strcasecmp(word, "err") == 0 || strcasecmp(word, "error") == 0)
		return LOG_ERR;
	if (strcasecmp(word, "warn") == 0 || strcasecmp(word, "warning") == 0)
		return LOG_WARNING;
	if (strcasecmp(word, "notice") == 0)
		return LOG_NOTICE;
	return LOG_INFO;
}

int
main(int argc, char *argv[])
{
	char line[1024], *text;
	int ch, nlines = 0;

	logfp = stderr;
	while ((ch = getopt(argc, argv, "f:i:")) != -1) {
		switch (ch) {
		case 'f':
			if ((logfp = fopen(optarg, "a")) == NULL) {
				perror(optarg);
				return 1;
			}
			break;
		case 'i':
			strncpy(ident, optarg, sizeof(ident) - 1);
			break;
		default:
			fprintf(stderr, "usage: logd [-f file] [-i ident]\n");
			return 2;
		}
	}
	log_msg(LOG_INFO, "started, pid %d", (int)getpid());
	while (fgets(line, sizeof(line), stdin) != NULL) {
		line[strcspn(line, "\r\n")] = '\0';
		text = line + strcspn(line, " ");
		if (*text != '\0')
			*text++ = '\0';
		log_msg(level_of(line), text);
		nlines++;
	}
	log_msg(LOG_NOTICE, "exiting after %u messages", (unsigned)nlines);
	if (logfp != stderr)
		fclose(logfp);
	return 0;
}
