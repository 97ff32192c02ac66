#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;

#define min(a, b) ((a) < (b) ? (a) : (b))

#define NLMSG_HDRLEN	16
#define IFINFO_LEN	16
#define NLA_HDRLEN	4
#define NLA_ALIGNTO	4
#define NLA_ALIGN(len)	(((len) + NLA_ALIGNTO - 1) & ~(NLA_ALIGNTO - 1))
#define NLA_TYPE_MASK	0x3fff
#define IFNAMSIZ	16
#define IFALIASZ	256
#define MAX_MSG_BYTES	(1 << 16)

enum {
	IFLA_ADDRESS = 1,
	IFLA_IFNAME = 3,
	IFLA_MTU = 4,
	IFLA_QDISC = 6,
	IFLA_IFALIAS = 20,
};

struct link_info {
	int index;
	u32 flags;
	char ifname[IFNAMSIZ];
	u8 addr[6];
	int has_addr;
	u32 mtu;
	char qdisc[32];
	char *alias;
};

static inline u16 get_le16(const u8 *p)
{
	return p[0] | (p[1] << 8);
}

static inline u32 get_le32(const u8 *p)
{
	return (u32)p[0] | ((u32)p[1] << 8) | ((u32)p[2] << 16) | ((u32)p[3] << 24);
}

int parse_link_attrs(const u8 *buf, size_t len, struct link_info *li)
{
	const u8 *p = buf;
	size_t rem = len;

	while (rem >= NLA_HDRLEN) {
		u16 nla_len = get_le16(p);
		u16 type = get_le16(p + 2) & NLA_TYPE_MASK;
		const u8 *data = p + NLA_HDRLEN;
		size_t plen, n;

		if (nla_len < NLA_HDRLEN || nla_len > rem)
			return -1;
		plen = nla_len - NLA_HDRLEN;

		switch (type) {
		case IFLA_IFNAME:
			if (plen == 0 || plen > IFNAMSIZ)
				return -1;
			memcpy(li->ifname, data, plen);
			li->ifname[plen - 1] = '\0';
			break;
		case IFLA_ADDRESS:
			if (plen != sizeof(li->addr))
				break;
			memcpy(li->addr, data, sizeof(li->addr));
			li->has_addr = 1;
			break;
		case IFLA_MTU:
			if (plen < sizeof(u32))
				return -1;
			li->mtu = get_le32(data);
			break;
		case IFLA_QDISC:
			n = min(plen, sizeof(li->qdisc) - 1);
			memcpy(li->qdisc, data, n);
			li->qdisc[n] = '\0';
			break;
		case IFLA_IFALIAS:
			n = min(plen, (size_t)IFALIASZ - 1);
			free(li->alias);
			li->alias = malloc(n + 1);
			if (!li->alias)
				return -1;
			memcpy(li->alias, data, n);
			li->alias[n] = '\0';
			break;
		default:
			break;
		}

		if (NLA_ALIGN(nla_len) >= rem)
			break;
		p += NLA_ALIGN(nla_len);
		rem -= NLA_ALIGN(nla_len);
	}
	return 0;
}

static void flags_str(u32 flags, char *out)
{
	out[0] = '\0';
	if (flags & 0x1)
		strcat(out, "UP,");
	if (flags & 0x2)
		strcat(out, "BROADCAST,");
	if (flags & 0x8)
		strcat(out, "LOOPBACK,");
	if (flags & 0x40)
		strcat(out, "RUNNING,");
	if (flags & 0x1000)
		strcat(out, "MULTICAST,");
	if (out[0])
		out[strlen(out) - 1] = '\0';
}

int handle_link_msg(const u8 *msg, size_t len)
{
	struct link_info li;
	char fl[64];
	int ret;

	if (len < NLMSG_HDRLEN + IFINFO_LEN)
		return -1;
	memset(&li, 0, sizeof(li));
	li.index = (int)get_le32(msg + NLMSG_HDRLEN + 4);
	li.flags = get_le32(msg + NLMSG_HDRLEN + 8);

	ret = parse_link_attrs(msg + NLMSG_HDRLEN + IFINFO_LEN, len - NLMSG_HDRLEN - IFINFO_LEN, &li);
	if (ret == 0) {
		flags_str(li.flags, fl);
		printf("%d: %s: <%s> mtu %u qdisc %s\n", li.index, li.ifname, fl, li.mtu,
		       li.qdisc[0] ? li.qdisc : "noop");
		if (li.has_addr)
			printf("    link/ether %02x:%02x:%02x:%02x:%02x:%02x\n", li.addr[0],
			       li.addr[1], li.addr[2], li.addr[3], li.addr[4], li.addr[5]);
		if (li.alias)
			printf("    alias %s\n", li.alias);
	}
	free(li.alias);
	return ret;
}

int main(int argc, char **argv)
{
	FILE *f;
	u8 *msg;
	long size;
	u32 nlmsg_len;
	int ret;

	if (argc != 2) {
		fprintf(stderr, "usage: %s <netlink-dump>\n", argv[0]);
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 4 || size > MAX_MSG_BYTES ||
	    fseek(f, 0, SEEK_SET)) {
		fprintf(stderr, "%s: unexpected size\n", argv[1]);
		fclose(f);
		return 1;
	}
	msg = malloc(size);
	if (!msg || fread(msg, 1, size, f) != (size_t)size) {
		free(msg);
		fclose(f);
		return 1;
	}
	fclose(f);

	nlmsg_len = get_le32(msg);
	if (nlmsg_len < NLMSG_HDRLEN || nlmsg_len > (u32)size) {
		fprintf(stderr, "truncated netlink message\n");
		free(msg);
		return 1;
	}
	ret = handle_link_msg(msg, nlmsg_len);
	if (ret)
		fprintf(stderr, "malformed link attributes\n");
	free(msg);
	return ret ? 1 : 0;
}
