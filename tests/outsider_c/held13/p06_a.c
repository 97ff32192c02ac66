#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;

#define USB_DT_DEVICE		0x01
#define USB_DT_CONFIG		0x02
#define USB_DT_INTERFACE	0x04
#define USB_DT_ENDPOINT		0x05
#define USB_DT_DEVICE_SIZE	18
#define USB_DT_CONFIG_SIZE	9
#define USB_DT_INTERFACE_SIZE	9
#define USB_DT_ENDPOINT_SIZE	7
#define USB_MAXENDPOINTS	30
#define MAX_DESC_BYTES		4096

struct usb_ep_info {
	u8 address;
	u8 attributes;
	u16 max_packet;
	u8 interval;
};

struct usb_iface_info {
	u8 number;
	u8 altsetting;
	u8 class;
	u8 subclass;
	u8 protocol;
	u8 num_ep;
	struct usb_ep_info ep[USB_MAXENDPOINTS];
};

struct usb_config_info {
	u16 total_len;
	u8 value;
	u8 attributes;
	u8 max_power;
	u8 num_alts;
	struct usb_iface_info alt[];
};

static inline u16 get_le16(const u8 *p)
{
	return p[0] | (p[1] << 8);
}

static int count_descs(const u8 *buf, size_t len, u8 type)
{
	size_t off = 0;
	int n = 0;

	while (off + 2 <= len) {
		u8 blen = buf[off];

		if (blen < 2 || blen > len - off)
			break;
		if (buf[off + 1] == type)
			n++;
		off += blen;
	}
	return n;
}

struct usb_config_info *usb_parse_config(const u8 *buf, size_t len)
{
	struct usb_config_info *cfg;
	struct usb_iface_info *ifc;
	size_t off;
	int nalts;

	if (len < USB_DT_CONFIG_SIZE || buf[1] != USB_DT_CONFIG)
		return NULL;
	if (get_le16(buf + 2) < len)
		len = get_le16(buf + 2);

	nalts = count_descs(buf, len, USB_DT_INTERFACE);
	cfg = calloc(1, sizeof(*cfg) + nalts * sizeof(cfg->alt[0]));
	if (!cfg)
		return NULL;
	cfg->total_len = get_le16(buf + 2);
	cfg->value = buf[5];
	cfg->attributes = buf[7];
	cfg->max_power = buf[8];

	for (off = buf[0]; off + 2 <= len; off += buf[off]) {
		const u8 *d = buf + off;

		if (d[0] < 2 || d[0] > len - off)
			break;

		if (d[1] == USB_DT_INTERFACE && d[0] >= USB_DT_INTERFACE_SIZE) {
			if (cfg->num_alts >= nalts)
				break;
			ifc = &cfg->alt[cfg->num_alts++];
			ifc->number = d[2];
			ifc->altsetting = d[3];
			ifc->class = d[5];
			ifc->subclass = d[6];
			ifc->protocol = d[7];
		} else if (d[1] == USB_DT_ENDPOINT && d[0] >= USB_DT_ENDPOINT_SIZE) {
			struct usb_ep_info *ep;

			if (!cfg->num_alts)
				continue;
			ifc = &cfg->alt[cfg->num_alts - 1];
			if (ifc->num_ep >= USB_MAXENDPOINTS) {
				fprintf(stderr, "interface %u: too many endpoints\n", ifc->number);
				continue;
			}
			ep = &ifc->ep[ifc->num_ep++];
			ep->address = d[2];
			ep->attributes = d[3];
			ep->max_packet = get_le16(d + 4) & 0x7ff;
			ep->interval = d[6];
		}
	}
	return cfg;
}

static void usb_print_config(const struct usb_config_info *cfg)
{
	static const char *const xfer[] = { "Control", "Isochronous", "Bulk", "Interrupt" };
	int i, j;

	printf("  Configuration %u: %u bytes, %s%s, %umA\n", cfg->value, cfg->total_len,
	       cfg->attributes & 0x40 ? "self-powered" : "bus-powered",
	       cfg->attributes & 0x20 ? ", remote wakeup" : "", cfg->max_power * 2);
	for (i = 0; i < cfg->num_alts; i++) {
		const struct usb_iface_info *ifc = &cfg->alt[i];

		printf("    Interface %u alt %u: class %02x/%02x/%02x, %u endpoints\n",
		       ifc->number, ifc->altsetting, ifc->class, ifc->subclass,
		       ifc->protocol, ifc->num_ep);
		for (j = 0; j < ifc->num_ep; j++) {
			const struct usb_ep_info *ep = &ifc->ep[j];

			printf("      EP 0x%02x %-3s %-11s maxpacket %4u interval %u\n",
			       ep->address, ep->address & 0x80 ? "IN" : "OUT",
			       xfer[ep->attributes & 3], ep->max_packet, ep->interval);
		}
	}
}

int main(int argc, char **argv)
{
	u8 buf[MAX_DESC_BYTES];
	struct usb_config_info *cfg;
	FILE *f;
	size_t len;

	if (argc != 2) {
		fprintf(stderr, "usage: %s <descriptors-file>\n", argv[0]);
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	len = fread(buf, 1, sizeof(buf), f);
	fclose(f);

	if (len < USB_DT_DEVICE_SIZE || buf[0] < USB_DT_DEVICE_SIZE || buf[0] > len ||
	    buf[1] != USB_DT_DEVICE) {
		fprintf(stderr, "%s: no device descriptor\n", argv[1]);
		return 1;
	}
	printf("Device %04x:%04x USB %x.%02x, class %02x, %u configuration(s)\n",
	       get_le16(buf + 8), get_le16(buf + 10), buf[3], buf[2], buf[4], buf[17]);

	cfg = usb_parse_config(buf + buf[0], len - buf[0]);
	if (!cfg) {
		fprintf(stderr, "%s: malformed configuration descriptor\n", argv[1]);
		return 1;
	}
	usb_print_config(cfg);
	free(cfg);
	return 0;
}
