#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <time.h>

#define MAXLINE 1024
#define TSLEN 32
#define LOG_EMERG 0
#define LOG_ERR 3
#define LOG_WARNING 4
#define LOG_INFO 6
#define LOG_DEBUG 7

static const char *level_names[] = {
	"EMERG", "ALERT", "CRIT", "ERR", "WARNING", "NOTICE", "INFO", "DEBUG"
};

static FILE *log_out;
static int log_min = LOG_DEBUG;
static char tsbuf[TSLEN];
static int nlogged, nskipped;

void log_open(FILE *fp, int minlevel)
{
	log_out = fp;
	if (minlevel >= LOG_EMERG && minlevel <= LOG_DEBUG)
		log_min = minlevel;
}

static const char *timestamp(void)
{
	time_t now;
	struct tm *tm;

	now = time(NULL);
	tm = localtime(&now);
	if (tm == NULL || strftime(tsbuf, sizeof(tsbuf), "%Y-%m-%d %H:%M:%S", tm) == 0)
		strcpy(tsbuf, "-");
	return tsbuf;
}

void log_msg(int level, const char *fmt, ...)
{
	va_list ap;

	if (log_out == NULL || level > log_min) {
		nskipped++;
		return;
	}
	nlogged++;
	fprintf(log_out, "%s %-7s ", timestamp(), level_names[level]);
	va_start(ap, fmt);
	vfprintf(log_out, fmt, ap);
	va_end(ap);
	fputc('\n', log_out);
}

static int parse_prefix(char *line, char **msg)
{
	char *end;
	int lvl;

	if (line[0] != '<') {
		*msg = line;
		return LOG_INFO;
	}
	end = strchr(line, '>');
	if (end == NULL) {
		*msg = line;
		return LOG_INFO;
	}
	*end = '\0';
	lvl = atoi(line + 1);
	*msg = end + 1;
	return lvl;
}

int main(int argc, char **argv)
{
	char line[MAXLINE];
	char *msg;
	int lvl, n, min;

	min = LOG_DEBUG;
	if (argc > 2 && strcmp(argv[1], "-l") == 0)
		min = atoi(argv[2]);
	log_open(stdout, min);
	while (fgets(line, sizeof(line), stdin) != NULL) {
		n = strlen(line);
		if (n > 0 && line[n - 1] == '\n')
			line[--n] = '\0';
		if (n == 0)
			continue;
		lvl = parse_prefix(line, &msg);
		if (lvl > LOG_DEBUG)
			lvl = LOG_DEBUG;
		log_msg(lvl, "%s", msg);
	}
	fprintf(stderr, "%d logged, %d below %s\n", nlogged, nskipped, level_names[log_min]);
	return 0;
}
