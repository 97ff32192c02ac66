#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int
parse_v4_tail(const char *p, uint16_t *hi, uint16_t *lo)
{
	unsigned int a, b, c, d;
	char tail;

	if (sscanf(p, "%3u.%3u.%3u.%3u%c", &a, &b, &c, &d, &tail) != 4)
		return -1;
	if (a > 255 || b > 255 || c > 255 || d > 255)
		return -1;
	*hi = (uint16_t)(a << 8 | b);
	*lo = (uint16_t)(c << 8 | d);
	return 0;
}

int
parse_ipv6(const char *src, unsigned char dst[16])
{
	uint16_t words[8];
	size_t n = 0, i, tail;
	long gap = -1;
	const char *p = src;
	char *ep;
	unsigned long v;

	if (p[0] == ':') {
		if (p[1] != ':')
			return -1;
		gap = 0;
		p += 2;
	}
	while (*p != '\0') {
		if (strchr(p, '.') != NULL && strchr(p, ':') == NULL) {
			if (n > 6 || parse_v4_tail(p, &words[n], &words[n + 1]))
				return -1;
			n += 2;
			break;
		}
		if (!isxdigit((unsigned char)*p))
			return -1;
		v = strtoul(p, &ep, 16);
		if (ep - p > 4)
			return -1;
		words[n++] = (uint16_t)v;
		p = ep;
		if (*p == '\0')
			break;
		if (*p++ != ':')
			return -1;
		if (*p == ':') {
			if (gap != -1)
				return -1;
			gap = (long)n;
			p++;
		} else if (*p == '\0')
			return -1;
	}
	if ((gap == -1 && n != 8) || (gap != -1 && n == 8))
		return -1;
	memset(dst, 0, 16);
	if (gap == -1)
		gap = (long)n;
	for (i = 0; i < (size_t)gap; i++) {
		dst[2 * i] = words[i] >> 8;
		dst[2 * i + 1] = words[i] & 0xff;
	}
	tail = n - (size_t)gap;
	for (i = 0; i < tail; i++) {
		dst[2 * (8 - tail + i)] = words[gap + i] >> 8;
		dst[2 * (8 - tail + i) + 1] = words[gap + i] & 0xff;
	}
	return 0;
}

static void
format_full(const unsigned char a[16], char *out)
{
	size_t i;
	int len = 0;

	for (i = 0; i < 8; i++)
		len += sprintf(out + len, "%s%x", i ? ":" : "",
		    (unsigned int)(a[2 * i] << 8 | a[2 * i + 1]));
}

static int
check_one(const char *s)
{
	unsigned char addr[16];
	char text[40];

	if (parse_ipv6(s, addr) == -1) {
		printf("%s: invalid\n", s);
		return -1;
	}
	format_full(addr, text);
	printf("%s -> %s\n", s, text);
	return 0;
}

int
main(int argc, char *argv[])
{
	char line[256];
	int i, failed = 0;

	if (argc > 1) {
		for (i = 1; i < argc; i++)
			failed |= check_one(argv[i]) == -1;
		return failed;
	}
	while (fgets(line, sizeof(line), stdin) != NULL) {
		line[strcspn(line, " \t\r\n")] = '\0';
		if (line[0] != '\0')
			failed |= check_one(line) == -1;
	}
	return failed;
}
