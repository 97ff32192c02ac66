#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAXLINE 4096
#define NAMESZ 64
#define VALSZ 512

struct cookie {
	char name[NAMESZ];
	char *value;
	struct cookie *next;
};

static const char *dropped[] = { "_ga", "_gid", "_fbp", "utm_", NULL };

static struct cookie *new_cookie(const char *name, int nlen, const char *val, int vlen)
{
	struct cookie *c;

	if (nlen <= 0 || nlen >= NAMESZ || vlen >= VALSZ)
		return NULL;
	c = malloc(sizeof(*c));
	if (c == NULL)
		return NULL;
	memcpy(c->name, name, nlen);
	c->name[nlen] = '\0';
	c->value = malloc(vlen + 1);
	if (c->value == NULL) {
		free(c);
		return NULL;
	}
	memcpy(c->value, val, vlen);
	c->value[vlen] = '\0';
	c->next = NULL;
	return c;
}

static void free_cookie(struct cookie *c)
{
	free(c->value);
	free(c);
}

struct cookie *parse_cookies(const char *hdr)
{
	struct cookie *head, **tail, *c;
	const char *name, *eq, *end;

	head = NULL;
	tail = &head;
	while (*hdr) {
		while (*hdr == ' ' || *hdr == ';')
			hdr++;
		name = hdr;
		end = hdr + strcspn(hdr, ";\r\n");
		eq = memchr(name, '=', end - name);
		if (eq != NULL) {
			c = new_cookie(name, eq - name, eq + 1, end - eq - 1);
			if (c != NULL) {
				*tail = c;
				tail = &c->next;
			}
		}
		hdr = end;
		if (*hdr == '\r' || *hdr == '\n')
			break;
	}
	return head;
}

static int is_dropped(const char *name)
{
	int i;

	for (i = 0; dropped[i] != NULL; i++)
		if (strncmp(name, dropped[i], strlen(dropped[i])) == 0)
			return 1;
	return 0;
}

int filter_cookies(struct cookie **list)
{
	struct cookie **pp, *c;
	int n;

	n = 0;
	pp = list;
	while (*pp != NULL) {
		c = *pp;
		if (is_dropped(c->name)) {
			*pp = c->next;
			free_cookie(c);
			n++;
		} else {
			pp = &c->next;
		}
	}
	return n;
}

int main(void)
{
	char line[MAXLINE];
	char out[MAXLINE];
	struct cookie *list, *c, *next;
	int removed, len;

	while (fgets(line, sizeof(line), stdin) != NULL) {
		if (strncasecmp(line, "Cookie:", 7) != 0) {
			fputs(line, stdout);
			continue;
		}
		list = parse_cookies(line + 7);
		removed = filter_cookies(&list);
		strcpy(out, "Cookie:");
		len = strlen(out);
		for (c = list; c != NULL; c = c->next) {
			if (len + strlen(c->name) + strlen(c->value) + 4 >= sizeof(out))
				break;
			strcat(out, c == list ? " " : "; ");
			strcat(out, c->name);
			strcat(out, "=");
			strcat(out, c->value);
			len = strlen(out);
		}
		if (list != NULL)
			printf("%s\r\n", out);
		fprintf(stderr, "removed %d cookie(s)\n", removed);
		for (c = list; c != NULL; c = next) {
			next = c->next;
			free_cookie(c);
		}
	}
	return 0;
}
