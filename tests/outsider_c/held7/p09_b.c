#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAXPAIRS 16
#define KEYSZ 32
#define VALSZ 128
#define BUFSZ 2048

struct kv {
	char key[KEYSZ];
	char val[VALSZ];
};

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static int url_decode(const char *s, int len, char *out, int max)
{
	int i, o, h, l;

	o = 0;
	for (i = 0; i < len && o < max - 1; i++) {
		if (s[i] == '+') {
			out[o++] = ' ';
		} else if (s[i] == '%' && i + 2 < len
			   && (h = hexval((unsigned char)s[i + 1])) >= 0
			   && (l = hexval((unsigned char)s[i + 2])) >= 0) {
			out[o++] = (char)(h * 16 + l);
			i += 2;
		} else {
			out[o++] = s[i];
		}
	}
	out[o] = '\0';
	return o;
}

int parse_query(const char *qs, struct kv *pairs, int max)
{
	const char *end, *eq;
	int n, klen;

	n = 0;
	while (*qs && n < max) {
		end = qs + strcspn(qs, "&;");
		eq = memchr(qs, '=', end - qs);
		klen = eq ? eq - qs : end - qs;
		if (klen > 0) {
			url_decode(qs, klen, pairs[n].key, KEYSZ);
			if (eq)
				url_decode(eq + 1, end - eq - 1, pairs[n].val, VALSZ);
			else
				pairs[n].val[0] = '\0';
			n++;
		}
		qs = *end ? end + 1 : end;
	}
	return n;
}

static const char *get_param(struct kv *pairs, int n, const char *key)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(pairs[i].key, key) == 0)
			return pairs[i].val;
	return NULL;
}

int handle_request(const char *qs)
{
	struct kv pairs[MAXPAIRS];
	char reply[BUFSZ];
	const char *name, *page;
	int n, i;

	n = parse_query(qs, pairs, MAXPAIRS);
	name = get_param(pairs, n, "name");
	page = get_param(pairs, n, "page");
	if (name == NULL)
		name = "guest";
	if (page == NULL)
		page = "1";
	if (strlen(name) + strlen(page) + 64 > sizeof(reply))
		return -1;
	sprintf(reply, "Hello %s, showing page %d", name, atoi(page));
	puts("Content-Type: text/plain\r\n\r");
	puts(reply);
	for (i = 0; i < n; i++)
		printf("  %s = %s\n", pairs[i].key, pairs[i].val);
	return n;
}

int main(int argc, char **argv)
{
	char qs[BUFSZ];
	const char *src;

	src = argc > 1 ? argv[1] : getenv("QUERY_STRING");
	if (src == NULL)
		src = "";
	if (strlen(src) >= sizeof(qs)) {
		fprintf(stderr, "query too long\n");
		return 1;
	}
	strcpy(qs, src);
	return handle_request(qs) < 0 ? 1 : 0;
}
