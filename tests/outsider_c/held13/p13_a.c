#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <errno.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define MAX_INIT_ARGS	8
#define MAX_INIT_ENVS	8
#define COMMAND_LINE_SIZE 2048

struct kernel_param {
	const char *name;
	int (*set)(const char *val, void *arg);
	void *arg;
};

static char root_dev[64];
static char console[64];
static char init_path[128] = "/sbin/init";
static int loglevel = 4;
static int quiet;

static const char *argv_init[MAX_INIT_ARGS + 2] = { "init", NULL };
static const char *envp_init[MAX_INIT_ENVS + 2] = { "HOME=/", "TERM=linux", NULL };

static int param_set_str64(const char *val, void *arg)
{
	if (!val || strlen(val) >= 64)
		return -EINVAL;
	strcpy(arg, val);
	return 0;
}

static int param_set_path(const char *val, void *arg)
{
	if (!val || val[0] != '/')
		return -EINVAL;
	snprintf(arg, sizeof(init_path), "%s", val);
	return 0;
}

static int param_set_int(const char *val, void *arg)
{
	if (!val || !isdigit((unsigned char)val[0]))
		return -EINVAL;
	*(int *)arg = atoi(val);
	return 0;
}

static int param_set_flag(const char *val, void *arg)
{
	*(int *)arg = !val || !strcmp(val, "1") || !strcmp(val, "y");
	return 0;
}

static const struct kernel_param kparams[] = {
	{ "root", param_set_str64, root_dev },
	{ "console", param_set_str64, console },
	{ "init", param_set_path, init_path },
	{ "loglevel", param_set_int, &loglevel },
	{ "quiet", param_set_flag, &quiet },
};

static char *skip_spaces(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

static char *next_arg(char *args, char **param, char **val)
{
	char *p = args;

	*param = p;
	*val = NULL;
	while (*p && !isspace((unsigned char)*p) && *p != '=')
		p++;

	if (*p == '=') {
		*p++ = '\0';
		*val = p;
		if (*p == '"') {
			*val = ++p;
			while (*p && *p != '"')
				p++;
			if (*p)
				*p++ = '\0';
		} else {
			while (*p && !isspace((unsigned char)*p))
				p++;
		}
	}
	if (*p)
		*p++ = '\0';
	return skip_spaces(p);
}

static int add_init_arg(const char **tbl, size_t max, const char *s)
{
	size_t i;

	for (i = 0; i < max && tbl[i]; i++)
		;
	if (i >= max)
		return -ENOSPC;
	tbl[i] = s;
	tbl[i + 1] = NULL;
	return 0;
}

int parse_cmdline(char *args)
{
	char *param, *val;
	size_t i;
	int unknown = 0;

	args = skip_spaces(args);
	while (*args) {
		args = next_arg(args, &param, &val);
		for (i = 0; i < ARRAY_SIZE(kparams); i++) {
			if (!strcmp(param, kparams[i].name))
				break;
		}
		if (i < ARRAY_SIZE(kparams)) {
			if (kparams[i].set(val, kparams[i].arg))
				fprintf(stderr, "invalid value for '%s'\n", param);
			continue;
		}
		if (val) {
			if (val[-1] == '"') {
				memmove(val - 1, val, strlen(val) + 1);
				val--;
			}
			val[-1] = '=';
		}
		if (add_init_arg(val ? envp_init : argv_init, val ? MAX_INIT_ENVS : MAX_INIT_ARGS, param))
			fprintf(stderr, "too many init arguments, ignoring '%s'\n", param);
		unknown++;
	}
	return unknown;
}

int main(int argc, char **argv)
{
	char buf[COMMAND_LINE_SIZE];
	char *cmdline;
	FILE *f;
	int i;

	if (argc > 1) {
		cmdline = strdup(argv[1]);
	} else {
		f = fopen("/proc/cmdline", "r");
		if (!f) {
			perror("/proc/cmdline");
			return 1;
		}
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
		buf[strcspn(buf, "\n")] = '\0';
		cmdline = strdup(buf);
	}
	if (!cmdline)
		return 1;

	parse_cmdline(cmdline);
	printf("root=%s console=%s loglevel=%d quiet=%d\n", root_dev[0] ? root_dev : "(none)",
	       console[0] ? console : "(none)", loglevel, quiet);
	printf("init: %s", init_path);
	for (i = 1; argv_init[i]; i++)
		printf(" %s", argv_init[i]);
	putchar('\n');
	for (i = 0; envp_init[i]; i++)
		printf("env: %s\n", envp_init[i]);
	free(cmdline);
	return 0;
}
