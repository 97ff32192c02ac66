#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char b64chars[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int
b64val(int c)
{
	const char *p;

	if (c == '\0' || (p = strchr(b64chars, c)) == NULL)
		return -1;
	return (int)(p - b64chars);
}

char *
b64_encode(const uint8_t *in, size_t len, size_t *outlen)
{
	char *out, *o;
	size_t i;
	uint32_t v;

	if (len > (SIZE_MAX - 1) / 4 * 3 - 2)
		return NULL;
	if ((out = malloc((len + 2) / 3 * 4 + 1)) == NULL)
		return NULL;
	o = out;
	for (i = 0; i + 2 < len; i += 3) {
		v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
		*o++ = b64chars[(v >> 18) & 63];
		*o++ = b64chars[(v >> 12) & 63];
		*o++ = b64chars[(v >> 6) & 63];
		*o++ = b64chars[v & 63];
	}
	if (i < len) {
		v = (uint32_t)in[i] << 16;
		if (i + 1 < len)
			v |= (uint32_t)in[i + 1] << 8;
		*o++ = b64chars[(v >> 18) & 63];
		*o++ = b64chars[(v >> 12) & 63];
		*o++ = i + 1 < len ? b64chars[(v >> 6) & 63] : '=';
		*o++ = '=';
	}
	*o = '\0';
	*outlen = (size_t)(o - out);
	return out;
}

uint8_t *
b64_decode(const char *in, size_t len, size_t *outlen)
{
	uint8_t *out;
	uint32_t acc = 0;
	size_t i, n = 0;
	int bits = 0, v;

	if ((out = malloc((len + 3) / 4 * 3 + 1)) == NULL)
		return NULL;
	for (i = 0; i < len; i++) {
		if (in[i] == '=')
			break;
		if (in[i] == '\n' || in[i] == '\r' || in[i] == ' ')
			continue;
		if ((v = b64val((unsigned char)in[i])) < 0) {
			free(out);
			return NULL;
		}
		acc = (acc << 6) | (uint32_t)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[n++] = (uint8_t)(acc >> bits);
			acc &= (1U << bits) - 1;
		}
	}
	*outlen = n;
	return out;
}

static char *
read_all(FILE *fp, size_t *len)
{
	char *buf = NULL, *nb;
	size_t cap = 0, n;

	*len = 0;
	for (;;) {
		if (*len == cap) {
			cap = cap ? cap * 2 : 1024;
			if ((nb = realloc(buf, cap)) == NULL) {
				free(buf);
				return NULL;
			}
			buf = nb;
		}
		if ((n = fread(buf + *len, 1, cap - *len, fp)) == 0)
			break;
		*len += n;
	}
	return buf;
}

int
main(int argc, char *argv[])
{
	int decode = argc > 1 && strcmp(argv[1], "-d") == 0;
	size_t len, olen;
	char *in;
	void *out;

	if ((in = read_all(stdin, &len)) == NULL)
		return 1;
	if (decode)
		out = b64_decode(in, len, &olen);
	else
		out = b64_encode((uint8_t *)in, len, &olen);
	free(in);
	if (out == NULL) {
		fprintf(stderr, "%s: invalid input\n", decode ? "decode" : "encode");
		return 1;
	}
	fwrite(out, 1, olen, stdout);
	if (!decode)
		putchar('\n');
	free(out);
	return 0;
}
