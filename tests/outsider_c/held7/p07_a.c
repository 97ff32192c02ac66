#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>

#define MAXLINE 2048
#define USERSZ 64
#define PASSSZ 128

static const char alphabet[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int decode_char(int c)
{
	const char *p;

	if (c == 0)
		return -1;
	p = strchr(alphabet, c);
	if (p == NULL)
		return -1;
	return p - alphabet;
}

char *b64_decode(const char *in, int *outlen)
{
	char *out;
	int len, olen, i, n, v, bits, d;

	len = strlen(in);
	while (len > 0 && (in[len - 1] == '=' || isspace((unsigned char)in[len - 1])))
		len--;
	olen = (len + 3) / 4 * 3;
	out = malloc(olen + 1);
	if (out == NULL)
		return NULL;
	v = bits = n = 0;
	for (i = 0; i < len; i++) {
		d = decode_char((unsigned char)in[i]);
		if (d < 0)
			goto err;
		v = ((v << 6) | d) & 0xffffff;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[n++] = (char)((v >> bits) & 0xff);
		}
	}
	out[n] = '\0';
	*outlen = n;
	return out;
err:
	free(out);
	return NULL;
}

int parse_basic_auth(const char *value, char *user, char *pass)
{
	char *dec, *colon;
	int n;

	while (*value == ' ')
		value++;
	if (strncasecmp(value, "Basic ", 6) != 0)
		return -1;
	dec = b64_decode(value + 6, &n);
	if (dec == NULL)
		return -1;
	colon = strchr(dec, ':');
	if (colon == NULL || colon - dec >= USERSZ || strlen(colon + 1) >= PASSSZ) {
		free(dec);
		return -1;
	}
	*colon = '\0';
	strcpy(user, dec);
	strcpy(pass, colon + 1);
	memset(dec, 0, n);
	free(dec);
	return 0;
}

static int lookup(const char *file, const char *user, const char *pass)
{
	FILE *fp;
	char line[MAXLINE];
	char *sep;
	int n;

	fp = fopen(file, "r");
	if (fp == NULL)
		return 0;
	while (fgets(line, sizeof(line), fp) != NULL) {
		n = strlen(line);
		if (n > 0 && line[n - 1] == '\n')
			line[--n] = '\0';
		sep = strchr(line, ':');
		if (sep == NULL)
			continue;
		*sep = '\0';
		if (strcmp(line, user) == 0 && strcmp(sep + 1, pass) == 0) {
			fclose(fp);
			return 1;
		}
	}
	fclose(fp);
	return 0;
}

int main(int argc, char **argv)
{
	char line[MAXLINE];
	char user[USERSZ], pass[PASSSZ];
	int authed;

	if (argc != 2) {
		fprintf(stderr, "usage: %s userfile < request\n", argv[0]);
		return 2;
	}
	authed = 0;
	while (fgets(line, sizeof(line), stdin) != NULL) {
		if (line[0] == '\r' || line[0] == '\n')
			break;
		if (strncasecmp(line, "Authorization:", 14) != 0)
			continue;
		if (parse_basic_auth(line + 14, user, pass) == 0 && lookup(argv[1], user, pass))
			authed = 1;
		memset(pass, 0, sizeof(pass));
	}
	if (authed) {
		printf("HTTP/1.0 200 OK\r\n\r\nwelcome %s\n", user);
		return 0;
	}
	printf("HTTP/1.0 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"site\"\r\n\r\n");
	return 1;
}
