#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAXLINE 1024
#define ADDRLEN 128
#define DATELEN 64
#define SUBJLEN 80

struct msg {
	char sender[ADDRLEN];
	char date[DATELEN];
	char subject[SUBJLEN];
	int lines;
	int bytes;
};

static int nmsgs;

int parse_from_line(const char *line, char *sender, char *date)
{
	const char *s;
	int i;

	date[0] = '\0';
	if (strncmp(line, "From ", 5) != 0)
		return -1;
	s = line + 5;
	while (*s == ' ')
		s++;
	i = 0;
	while (*s && *s != ' ' && *s != '\n' && i < ADDRLEN - 1)
		sender[i++] = *s++;
	sender[i] = '\0';
	if (i == 0)
		return -1;
	while (*s && *s != ' ' && *s != '\n')
		s++;
	while (*s == ' ')
		s++;
	if (*s == '\0' || *s == '\n')
		return 1;
	i = 0;
	while (*s && *s != '\n' && i < DATELEN - 1)
		date[i++] = *s++;
	date[i] = '\0';
	return 0;
}

static void copy_header(char *dst, const char *val, int max)
{
	int i;

	while (*val == ' ' || *val == '\t')
		val++;
	i = 0;
	while (*val && *val != '\r' && *val != '\n' && i < max - 1)
		dst[i++] = *val++;
	dst[i] = '\0';
}

static void print_msg(const struct msg *m)
{
	printf("%4d  %-30.30s  %-24.24s  %5d  %s\n", nmsgs, m->sender,
	       m->date[0] ? m->date : "(no date)", m->lines,
	       m->subject[0] ? m->subject : "(no subject)");
}

int scan_mbox(FILE *fp)
{
	char line[MAXLINE];
	struct msg cur;
	int inmsg, inhdr;

	inmsg = inhdr = 0;
	while (fgets(line, sizeof(line), fp) != NULL) {
		if (strncmp(line, "From ", 5) == 0) {
			if (inmsg)
				print_msg(&cur);
			if (parse_from_line(line, cur.sender, cur.date) < 0) {
				inmsg = 0;
				continue;
			}
			cur.subject[0] = '\0';
			cur.lines = 0;
			cur.bytes = 0;
			nmsgs++;
			inmsg = inhdr = 1;
			continue;
		}
		if (!inmsg)
			continue;
		if (inhdr) {
			if (line[0] == '\n' || (line[0] == '\r' && line[1] == '\n'))
				inhdr = 0;
			else if (strncasecmp(line, "Subject:", 8) == 0)
				copy_header(cur.subject, line + 8, SUBJLEN);
			continue;
		}
		cur.lines++;
		cur.bytes += strlen(line);
	}
	if (inmsg)
		print_msg(&cur);
	return nmsgs;
}

int main(int argc, char **argv)
{
	FILE *fp;
	int n;

	if (argc != 2) {
		fprintf(stderr, "usage: %s mbox\n", argv[0]);
		return 2;
	}
	fp = fopen(argv[1], "r");
	if (fp == NULL) {
		perror(argv[1]);
		return 1;
	}
	n = scan_mbox(fp);
	fclose(fp);
	printf("%d message(s)\n", n);
	return 0;
}
