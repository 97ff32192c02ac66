#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXLINE 8192
#define TYPESZ 64
#define HOSTSZ 256

static const char b64chars[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64val(int c)
{
	const char *p;

	if (c == '\0')
		return -1;
	p = strchr(b64chars, c);
	return p ? (int)(p - b64chars) : -1;
}

static int b64decode(const char *in, unsigned char *out)
{
	int v, bits, n, d;

	v = bits = n = 0;
	for (; *in && *in != '='; in++) {
		d = b64val((unsigned char)*in);
		if (d < 0)
			return -1;
		v = ((v << 6) | d) & 0xffffff;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[n++] = (v >> bits) & 0xff;
		}
	}
	return n;
}

static unsigned long get32(const unsigned char *p)
{
	return ((unsigned long)p[0] << 24) | ((unsigned long)p[1] << 16) |
	       ((unsigned long)p[2] << 8) | p[3];
}

static int host_in_list(const char *list, const char *host)
{
	char name[HOSTSZ];
	int i;

	while (*list) {
		i = 0;
		while (*list && *list != ',' && i < HOSTSZ - 1)
			name[i++] = *list++;
		name[i] = '\0';
		if (strcmp(name, host) == 0)
			return 1;
		while (*list && *list != ',')
			list++;
		if (*list == ',')
			list++;
	}
	return 0;
}

int check_key(const char *keytype, const char *b64, unsigned long *sum)
{
	unsigned char *blob;
	char ktype[TYPESZ];
	unsigned long tlen;
	int bloblen, i;

	blob = malloc(strlen(b64) / 4 * 3 + 3);
	if (blob == NULL)
		return -1;
	bloblen = b64decode(b64, blob);
	if (bloblen < 4)
		goto err;
	tlen = get32(blob);
	if (tlen >= sizeof(ktype))
		goto err;
	memcpy(ktype, blob + 4, tlen);
	ktype[tlen] = '\0';
	if (strcmp(ktype, keytype) != 0)
		goto err;
	*sum = 0;
	for (i = 0; i < bloblen; i++)
		*sum = (*sum * 31 + blob[i]) & 0xffffffffUL;
	free(blob);
	return 0;
err:
	free(blob);
	return -1;
}

int main(int argc, char **argv)
{
	FILE *fp;
	static char line[MAXLINE];
	char hosts[MAXLINE], type[TYPESZ], key[MAXLINE];
	unsigned long sum;
	int lineno, found;

	if (argc != 3) {
		fprintf(stderr, "usage: %s known_hosts host\n", argv[0]);
		return 2;
	}
	fp = fopen(argv[1], "r");
	if (!fp) {
		perror(argv[1]);
		return 1;
	}
	lineno = found = 0;
	while (fgets(line, sizeof(line), fp)) {
		lineno++;
		if (line[0] == '#' || line[0] == '\n' || line[0] == '|')
			continue;
		if (sscanf(line, "%8191s %63s %8191s", hosts, type, key) != 3)
			continue;
		if (!host_in_list(hosts, argv[2]))
			continue;
		if (check_key(type, key, &sum) < 0) {
			fprintf(stderr, "%s:%d: key does not match its type\n", argv[1], lineno);
			continue;
		}
		printf("%s %s %08lx (line %d)\n", argv[2], type, sum, lineno);
		found++;
	}
	fclose(fp);
	return found ? 0 : 1;
}
