#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <sys/utsname.h>

#define MAX_LINE	512
#define MAX_PARAMS_LEN	1024
#define MAX_CMD_LEN	2048
#define CHARP_CHARSET	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.,:-"

enum param_type {
	PARAM_INT,
	PARAM_BOOL,
	PARAM_CHARP,
};

struct module_param_desc {
	const char *name;
	enum param_type type;
};

struct module_desc {
	const char *name;
	const char *path;
	const struct module_param_desc *params;
};

static const struct module_param_desc snd_hda_params[] = {
	{ "model", PARAM_CHARP },
	{ "enable", PARAM_BOOL },
	{ "power_save", PARAM_INT },
	{ "probe_mask", PARAM_INT },
	{ NULL, 0 },
};

static const struct module_param_desc usbcore_params[] = {
	{ "autosuspend", PARAM_INT },
	{ "authorized_default", PARAM_INT },
	{ "quirks", PARAM_CHARP },
	{ NULL, 0 },
};

static const struct module_desc modules[] = {
	{ "snd_hda_intel", "kernel/sound/pci/hda/snd-hda-intel.ko", snd_hda_params },
	{ "usbcore", "kernel/drivers/usb/core/usbcore.ko", usbcore_params },
};

static const struct module_desc *find_module(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(modules) / sizeof(modules[0]); i++)
		if (!strcmp(modules[i].name, name))
			return &modules[i];
	return NULL;
}

static const struct module_param_desc *find_param(const struct module_desc *m, const char *name)
{
	const struct module_param_desc *p;

	for (p = m->params; p->name; p++)
		if (!strcmp(p->name, name))
			return p;
	return NULL;
}

static int param_value_ok(const struct module_param_desc *p, const char *val)
{
	char *end;

	switch (p->type) {
	case PARAM_INT:
		strtol(val, &end, 0);
		return end != val && *end == '\0';
	case PARAM_BOOL:
		return strlen(val) == 1 && strchr("YyNn01", val[0]);
	case PARAM_CHARP:
		return *val != '\0' && strspn(val, CHARP_CHARSET) == strlen(val);
	}
	return 0;
}

int collect_params(FILE *conf, const struct module_desc *m, char *out, size_t outlen)
{
	char line[MAX_LINE];
	char *tok, *eq;
	const struct module_param_desc *p;
	size_t used = 0;

	out[0] = '\0';
	while (fgets(line, sizeof(line), conf)) {
		tok = strtok(line, " \t\r\n");
		if (!tok || strcmp(tok, "options"))
			continue;
		tok = strtok(NULL, " \t\r\n");
		if (!tok || strcmp(tok, m->name))
			continue;

		while ((tok = strtok(NULL, " \t\r\n")) != NULL) {
			eq = strchr(tok, '=');
			if (!eq)
				continue;
			*eq = '\0';
			p = find_param(m, tok);
			if (!p || !param_value_ok(p, eq + 1)) {
				fprintf(stderr, "%s: ignoring parameter '%s'\n", m->name, tok);
				continue;
			}
			*eq = '=';
			if (used + strlen(tok) + 2 > outlen)
				return -1;
			used += sprintf(out + used, " %s", tok);
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	const struct module_desc *m;
	char params[MAX_PARAMS_LEN];
	char cmd[MAX_CMD_LEN];
	struct utsname uts;
	FILE *conf;
	int dry_run = 0;

	if (argc > 1 && !strcmp(argv[1], "-n")) {
		dry_run = 1;
		argv++;
		argc--;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: modload [-n] <modprobe.conf> <module>\n");
		return 2;
	}

	m = find_module(argv[2]);
	if (!m) {
		fprintf(stderr, "unknown module %s\n", argv[2]);
		return 1;
	}
	conf = fopen(argv[1], "r");
	if (!conf) {
		perror(argv[1]);
		return 1;
	}
	if (collect_params(conf, m, params, sizeof(params))) {
		fprintf(stderr, "%s: parameter list too long\n", m->name);
		fclose(conf);
		return 1;
	}
	fclose(conf);

	if (uname(&uts))
		return 1;
	snprintf(cmd, sizeof(cmd), "/sbin/insmod /lib/modules/%s/%s%s", uts.release, m->path, params);
	if (dry_run) {
		puts(cmd);
		return 0;
	}
	return system(cmd) == 0 ? 0 : 1;
}
