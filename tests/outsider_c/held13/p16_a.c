#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/time.h>

typedef uint16_t u16;
typedef int32_t s32;
typedef uint64_t u64;

#define EV_SYN		0x00
#define EV_KEY		0x01
#define EV_REL		0x02
#define EV_ABS		0x03
#define EV_MAX		0x1f
#define SYN_REPORT	0
#define SYN_DROPPED	3
#define EVDEV_MIN_BUFFER_SIZE	8U
#define EVDEV_MAX_BUFFER_SIZE	4096U

struct input_event {
	u64 time_us;
	u16 type;
	u16 code;
	s32 value;
};

struct evdev_client {
	unsigned int head;
	unsigned int tail;
	unsigned int packet_head;
	unsigned int bufsize;
	unsigned long dropped;
	struct input_event buffer[];
};

static const char *const ev_names[] = { "EV_SYN", "EV_KEY", "EV_REL", "EV_ABS" };

struct evdev_client *evdev_client_alloc(unsigned int bufsize)
{
	struct evdev_client *client;

	if (bufsize < EVDEV_MIN_BUFFER_SIZE)
		bufsize = EVDEV_MIN_BUFFER_SIZE;
	if (bufsize > EVDEV_MAX_BUFFER_SIZE)
		bufsize = EVDEV_MAX_BUFFER_SIZE;

	client = calloc(1, sizeof(*client) + bufsize * sizeof(client->buffer[0]));
	if (client)
		client->bufsize = bufsize;
	return client;
}

static void evdev_pass_event(struct evdev_client *client, const struct input_event *event)
{
	client->buffer[client->head++] = *event;
	if (client->head > client->bufsize)
		client->head = 0;

	if (client->head == client->tail) {
		client->tail = (client->head + client->bufsize - 2) % client->bufsize;
		client->buffer[client->tail].time_us = event->time_us;
		client->buffer[client->tail].type = EV_SYN;
		client->buffer[client->tail].code = SYN_DROPPED;
		client->buffer[client->tail].value = 0;
		client->packet_head = client->tail;
		client->dropped++;
	}

	if (event->type == EV_SYN && event->code == SYN_REPORT)
		client->packet_head = client->head;
}

int evdev_fetch_next_event(struct evdev_client *client, struct input_event *event)
{
	if (client->packet_head == client->tail)
		return 0;

	*event = client->buffer[client->tail++];
	if (client->tail >= client->bufsize)
		client->tail = 0;
	return 1;
}

int input_event(struct evdev_client *client, unsigned int type, unsigned int code, int value)
{
	struct input_event ev;
	struct timeval tv;

	if (type > EV_MAX)
		return -1;
	gettimeofday(&tv, NULL);
	ev.time_us = (u64)tv.tv_sec * 1000000 + tv.tv_usec;
	ev.type = (u16)type;
	ev.code = (u16)code;
	ev.value = value;
	evdev_pass_event(client, &ev);
	return 0;
}

static void print_event(const struct input_event *ev)
{
	char tname[16];

	if (ev->type < sizeof(ev_names) / sizeof(ev_names[0]))
		strcpy(tname, ev_names[ev->type]);
	else
		sprintf(tname, "0x%02x", ev->type);

	if (ev->type == EV_SYN)
		printf("Event: time %llu.%06llu, -------------- %s ------------\n",
		       (unsigned long long)(ev->time_us / 1000000),
		       (unsigned long long)(ev->time_us % 1000000),
		       ev->code == SYN_DROPPED ? "SYN_DROPPED" : "SYN_REPORT");
	else
		printf("Event: time %llu.%06llu, type %u (%s), code %u, value %d\n",
		       (unsigned long long)(ev->time_us / 1000000),
		       (unsigned long long)(ev->time_us % 1000000),
		       ev->type, tname, ev->code, ev->value);
}

int main(int argc, char **argv)
{
	struct evdev_client *client;
	struct input_event ev;
	char line[128];
	unsigned int type, code, n;
	int value;

	client = evdev_client_alloc(argc > 1 ? (unsigned int)atoi(argv[1]) : 64);
	if (!client)
		return 1;

	while (fgets(line, sizeof(line), stdin)) {
		if (sscanf(line, "E %u %u %d", &type, &code, &value) == 3) {
			if (input_event(client, type, code, value))
				fprintf(stderr, "unknown event type %u\n", type);
		} else if (sscanf(line, "R %u", &n) == 1) {
			while (n-- && evdev_fetch_next_event(client, &ev))
				print_event(&ev);
		}
	}
	while (evdev_fetch_next_event(client, &ev))
		print_event(&ev);
	if (client->dropped)
		fprintf(stderr, "%lu events dropped\n", client->dropped);
	free(client);
	return 0;
}
