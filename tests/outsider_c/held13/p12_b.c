#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>
#include <errno.h>
#include <sys/types.h>

#define PAGE_SIZE	4096
#define min(a, b)	((a) < (b) ? (a) : (b))
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

struct device {
	const char *name;
	void *driver_data;
};

struct led_classdev {
	unsigned int brightness;
	unsigned int max_brightness;
	const char *trigger;
	char label[64];
	struct device dev;
};

struct device_attribute {
	const char *name;
	ssize_t (*show)(struct device *dev, char *buf);
	ssize_t (*store)(struct device *dev, const char *buf, size_t count);
};

#define to_led(d) container_of(d, struct led_classdev, dev)

static const char *const led_triggers[] = { "none", "timer", "heartbeat", "disk-activity" };

static ssize_t brightness_show(struct device *dev, char *buf)
{
	return sprintf(buf, "%u\n", to_led(dev)->brightness);
}

static ssize_t brightness_store(struct device *dev, const char *buf, size_t count)
{
	struct led_classdev *led = to_led(dev);
	unsigned long v;
	char *end;

	v = strtoul(buf, &end, 10);
	if (end == buf || (*end && *end != '\n'))
		return -EINVAL;
	led->brightness = v > led->max_brightness ? led->max_brightness : (unsigned int)v;
	return count;
}

static ssize_t max_brightness_show(struct device *dev, char *buf)
{
	return sprintf(buf, "%u\n", to_led(dev)->max_brightness);
}

static ssize_t trigger_show(struct device *dev, char *buf)
{
	struct led_classdev *led = to_led(dev);
	ssize_t len = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(led_triggers); i++) {
		if (led->trigger == led_triggers[i])
			len += sprintf(buf + len, "[%s] ", led_triggers[i]);
		else
			len += sprintf(buf + len, "%s ", led_triggers[i]);
	}
	buf[len - 1] = '\n';
	return len;
}

static ssize_t trigger_store(struct device *dev, const char *buf, size_t count)
{
	struct led_classdev *led = to_led(dev);
	size_t n = strcspn(buf, "\n");
	size_t i;

	for (i = 0; i < ARRAY_SIZE(led_triggers); i++) {
		if (strlen(led_triggers[i]) == n && !strncmp(buf, led_triggers[i], n)) {
			led->trigger = led_triggers[i];
			return count;
		}
	}
	return -EINVAL;
}

static ssize_t label_show(struct device *dev, char *buf)
{
	struct led_classdev *led = to_led(dev);

	return snprintf(buf, PAGE_SIZE, led->label);
}

static ssize_t label_store(struct device *dev, const char *buf, size_t count)
{
	struct led_classdev *led = to_led(dev);
	size_t n = min(count, sizeof(led->label) - 2);

	memcpy(led->label, buf, n);
	if (!n || led->label[n - 1] != '\n')
		led->label[n++] = '\n';
	led->label[n] = '\0';
	return count;
}

static const struct device_attribute led_attrs[] = {
	{ "brightness", brightness_show, brightness_store },
	{ "max_brightness", max_brightness_show, NULL },
	{ "trigger", trigger_show, trigger_store },
	{ "label", label_show, label_store },
};

ssize_t sysfs_attr_access(struct device *dev, const char *attr, const char *value, char *page)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(led_attrs); i++) {
		const struct device_attribute *da = &led_attrs[i];

		if (strcmp(da->name, attr))
			continue;
		if (value) {
			if (!da->store)
				return -EACCES;
			return da->store(dev, value, strlen(value));
		}
		return da->show(dev, page);
	}
	return -ENOENT;
}

int main(int argc, char **argv)
{
	struct led_classdev led = {
		.brightness = 0,
		.max_brightness = 255,
		.trigger = led_triggers[0],
		.label = "status\n",
		.dev = { .name = "input3::capslock" },
	};
	char page[PAGE_SIZE];
	char attr[64];
	ssize_t ret;
	int i;

	for (i = 1; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');
		size_t alen = eq ? (size_t)(eq - argv[i]) : strlen(argv[i]);

		if (alen >= sizeof(attr)) {
			fprintf(stderr, "%s: name too long\n", argv[i]);
			continue;
		}
		memcpy(attr, argv[i], alen);
		attr[alen] = '\0';

		ret = sysfs_attr_access(&led.dev, attr, eq ? eq + 1 : NULL, page);
		if (ret < 0)
			fprintf(stderr, "%s/%s: %s\n", led.dev.name, attr, strerror((int)-ret));
		else if (!eq)
			fwrite(page, 1, (size_t)ret, stdout);
	}
	return 0;
}
