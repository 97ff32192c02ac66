#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>
#include <time.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#define LOG_SLOTS		64
#define LOG_LINE_MAX		1024
#define LOGLEVEL_DEFAULT	4
#define LOGLEVEL_CONT		'c'

struct log_rec {
	u64 ts_nsec;
	u32 seq;
	u8 level;
	u16 text_len;
	char text[];
};

struct log_ring {
	struct log_rec *rec[LOG_SLOTS];
	u32 first_seq;
	u32 next_seq;
	struct log_rec *cont;
};

static u64 local_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

int log_store(struct log_ring *r, u8 level, const char *text, size_t len)
{
	struct log_rec *rec;
	u32 slot;

	if (len > LOG_LINE_MAX)
		len = LOG_LINE_MAX;
	rec = malloc(sizeof(*rec) + len + 1);
	if (!rec)
		return -ENOMEM;
	rec->ts_nsec = local_clock();
	rec->level = level;
	rec->text_len = (u16)len;
	memcpy(rec->text, text, len);
	rec->text[len] = '\0';

	if (r->next_seq - r->first_seq == LOG_SLOTS) {
		slot = r->first_seq % LOG_SLOTS;
		free(r->rec[slot]);
		r->rec[slot] = NULL;
		r->first_seq++;
	}
	rec->seq = r->next_seq++;
	r->rec[rec->seq % LOG_SLOTS] = rec;
	r->cont = rec;
	return 0;
}

int log_cont(struct log_ring *r, const char *text, size_t len)
{
	struct log_rec *rec = r->cont;
	struct log_rec *nrec;

	if (!rec || rec->text_len + len > LOG_LINE_MAX)
		return log_store(r, LOGLEVEL_DEFAULT, text, len);

	nrec = realloc(rec, sizeof(*nrec) + rec->text_len + len + 1);
	if (!nrec)
		return -ENOMEM;
	memcpy(nrec->text + nrec->text_len, text, len);
	nrec->text_len += len;
	nrec->text[nrec->text_len] = '\0';
	r->cont = nrec;
	return 0;
}

static int format_rec(const struct log_rec *rec, char *buf, size_t size)
{
	u64 sec = rec->ts_nsec / 1000000000ULL;
	u64 usec = (rec->ts_nsec % 1000000000ULL) / 1000;

	return snprintf(buf, size, "<%u>[%5llu.%06llu] %s\n", rec->level,
			(unsigned long long)sec, (unsigned long long)usec, rec->text);
}

void log_dump(const struct log_ring *r, int max_level, FILE *out)
{
	char line[LOG_LINE_MAX + 64];
	u32 seq;

	for (seq = r->first_seq; seq != r->next_seq; seq++) {
		const struct log_rec *rec = r->rec[seq % LOG_SLOTS];

		if (!rec || rec->level > max_level)
			continue;
		format_rec(rec, line, sizeof(line));
		fputs(line, out);
	}
}

static void log_free(struct log_ring *r)
{
	u32 seq;

	for (seq = r->first_seq; seq != r->next_seq; seq++) {
		free(r->rec[seq % LOG_SLOTS]);
		r->rec[seq % LOG_SLOTS] = NULL;
	}
	r->cont = NULL;
}

int main(int argc, char **argv)
{
	struct log_ring ring;
	char line[LOG_LINE_MAX + 8];
	int max_level = 7;
	size_t len;

	if (argc > 2 && !strcmp(argv[1], "-l"))
		max_level = atoi(argv[2]);

	memset(&ring, 0, sizeof(ring));
	while (fgets(line, sizeof(line), stdin)) {
		len = strcspn(line, "\n");
		line[len] = '\0';
		if (len >= 3 && line[0] == '<' && line[2] == '>') {
			if (line[1] == LOGLEVEL_CONT)
				log_cont(&ring, line + 3, len - 3);
			else if (line[1] >= '0' && line[1] <= '7')
				log_store(&ring, (u8)(line[1] - '0'), line + 3, len - 3);
			else
				log_store(&ring, LOGLEVEL_DEFAULT, line, len);
		} else {
			log_store(&ring, LOGLEVEL_DEFAULT, line, len);
		}
	}
	log_dump(&ring, max_level, stdout);
	log_free(&ring);
	return 0;
}
