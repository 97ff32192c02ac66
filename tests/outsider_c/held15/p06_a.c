#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdarg.h>
#include <unistd.h>
#include <time.h>
#include <syslog.h>

struct code {
	const char *name;
	int val;
};

static const struct code facilities[] = {
	{ "auth", LOG_AUTH }, { "cron", LOG_CRON }, { "daemon", LOG_DAEMON },
	{ "kern", LOG_KERN }, { "local0", LOG_LOCAL0 }, { "local1", LOG_LOCAL1 },
	{ "mail", LOG_MAIL }, { "user", LOG_USER }, { NULL, -1 }
};
static const struct code levels[] = {
	{ "emerg", LOG_EMERG }, { "alert", LOG_ALERT }, { "crit", LOG_CRIT },
	{ "err", LOG_ERR }, { "warning", LOG_WARNING }, { "notice", LOG_NOTICE },
	{ "info", LOG_INFO }, { "debug", LOG_DEBUG }, { NULL, -1 }
};

static char tag[33] = "logger";
static int opt_pid;
static int opt_stderr;
static int priority = LOG_USER | LOG_NOTICE;
static FILE *logfp;

static int decode(const char *name, const struct code *c)
{
	for (; c->name; c++)
		if (strcasecmp(name, c->name) == 0)
			return c->val;
	return -1;
}

static int parse_priority(const char *s)
{
	char fac[32];
	const char *dot = strchr(s, '.');
	int f, l;

	if (!dot) {
		l = decode(s, levels);
		return l < 0 ? -1 : (LOG_USER | l);
	}
	if ((size_t)(dot - s) >= sizeof(fac))
		return -1;
	memcpy(fac, s, dot - s);
	fac[dot - s] = '\0';
	f = decode(fac, facilities);
	l = decode(dot + 1, levels);
	if (f < 0 || l < 0)
		return -1;
	return (f & LOG_FACMASK) | (l & LOG_PRIMASK);
}

static void logmsg(int pri, const char *fmt, ...)
{
	char buf[1024];
	char stamp[32];
	time_t now = time(NULL);
	va_list ap;
	int n, hdr;

	strftime(stamp, sizeof(stamp), "%b %e %H:%M:%S", localtime(&now));
	n = snprintf(buf, sizeof(buf), "<%d>%s %s", pri, stamp, tag);
	if (opt_pid)
		n += snprintf(buf + n, sizeof(buf) - n, "[%d]", (int)getpid());
	n += snprintf(buf + n, sizeof(buf) - n, ": ");
	hdr = n;
	va_start(ap, fmt);
	vsnprintf(buf + n, sizeof(buf) - n, fmt, ap);
	va_end(ap);
	fprintf(logfp, "%s\n", buf);
	fflush(logfp);
	if (opt_stderr && logfp != stderr)
		fprintf(stderr, "%s\n", buf + hdr);
}

static void log_text(char *text)
{
	size_t len = strlen(text);

	while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		text[--len] = '\0';
	if (len == 0)
		return;
	logmsg(priority, "%s", text);
}

int main(int argc, char **argv)
{
	char msg[BUFSIZ];
	const char *out = NULL;
	int c, i;

	while ((c = getopt(argc, argv, "io:p:st:")) != -1) {
		switch (c) {
		case 'i': opt_pid = 1; break;
		case 's': opt_stderr = 1; break;
		case 'o': out = optarg; break;
		case 't': snprintf(tag, sizeof(tag), "%s", optarg); break;
		case 'p':
			if ((priority = parse_priority(optarg)) < 0) {
				fprintf(stderr, "logger: unknown priority '%s'\n", optarg);
				return 1;
			}
			break;
		default:
			fputs("usage: logger [-is] [-o file] [-p pri] [-t tag] [message...]\n", stderr);
			return 2;
		}
	}
	logfp = stdout;
	if (out && !(logfp = fopen(out, "a"))) {
		perror(out);
		return 1;
	}
	if (optind < argc) {
		msg[0] = '\0';
		for (i = optind; i < argc; i++) {
			if (strlen(msg) + strlen(argv[i]) + 2 > sizeof(msg))
				break;
			if (i > optind)
				strcat(msg, " ");
			strcat(msg, argv[i]);
		}
		log_text(msg);
	} else {
		while (fgets(msg, sizeof(msg), stdin))
			log_text(msg);
	}
	if (logfp != stdout)
		fclose(logfp);
	return 0;
}
