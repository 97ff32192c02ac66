#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXLINE 512
#define IPLEN 16
#define MACLEN 18
#define HOSTLEN 64
#define MAXLEASES 65536

struct lease {
	char ip[IPLEN];
	char mac[MACLEN];
	char host[HOSTLEN];
	long expires;
};

static char line[MAXLINE];

static int parse_lease(const char *s, struct lease *l)
{
	char ip[MAXLINE], mac[MAXLINE], host[MAXLINE];
	long exp;

	if (sscanf(s, "%ld %511s %511s %511s", &exp, mac, ip, host) != 4)
		return -1;
	if (strlen(ip) >= IPLEN || strlen(mac) >= MACLEN)
		return -1;
	strcpy(l->ip, ip);
	strcpy(l->mac, mac);
	strncpy(l->host, host, HOSTLEN - 1);
	l->host[HOSTLEN - 1] = '\0';
	l->expires = exp;
	return 0;
}

struct lease *load_leases(FILE *fp, int *countp)
{
	struct lease *tab;
	int count, n, bytes;

	tab = NULL;
	if (fgets(line, sizeof(line), fp) == NULL)
		goto err;
	if (sscanf(line, "# leases: %d", &count) != 1)
		goto err;
	if (count <= 0)
		goto err;
	bytes = count * (int)sizeof(struct lease);
	tab = malloc(bytes);
	if (tab == NULL)
		goto err;
	n = 0;
	while (n < count && fgets(line, sizeof(line), fp) != NULL) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (parse_lease(line, &tab[n]) == 0)
			n++;
	}
	*countp = n;
	return tab;
err:
	free(tab);
	*countp = 0;
	return NULL;
}

static const struct lease *find_lease(const struct lease *tab, int n, const char *key)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(tab[i].ip, key) == 0 || strcmp(tab[i].mac, key) == 0
		    || strcmp(tab[i].host, key) == 0)
			return &tab[i];
	return NULL;
}

int main(int argc, char **argv)
{
	FILE *fp;
	struct lease *tab;
	const struct lease *l;
	int n, i, active;
	time_t now;

	if (argc < 2) {
		fprintf(stderr, "usage: %s leasefile [ip|mac|host]\n", argv[0]);
		return 2;
	}
	fp = fopen(argv[1], "r");
	if (fp == NULL) {
		perror(argv[1]);
		return 1;
	}
	tab = load_leases(fp, &n);
	fclose(fp);
	if (tab == NULL) {
		fprintf(stderr, "%s: unreadable lease file\n", argv[1]);
		return 1;
	}
	now = time(NULL);
	if (argc > 2) {
		l = find_lease(tab, n, argv[2]);
		if (l)
			printf("%s %s %s %s\n", l->ip, l->mac, l->host,
			       l->expires > now ? "active" : "expired");
		free(tab);
		return l ? 0 : 1;
	}
	active = 0;
	for (i = 0; i < n; i++) {
		if (tab[i].expires > now)
			active++;
		printf("%-15s %-17s %s\n", tab[i].ip, tab[i].mac, tab[i].host);
	}
	printf("%d lease(s), %d active\n", n, active);
	free(tab);
	return 0;
}
