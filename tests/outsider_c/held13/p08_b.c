#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint32_t u32;

#define FDT_MAGIC		0xd00dfeed
#define FDT_HDR_SIZE		40
#define FDT_BEGIN_NODE		1
#define FDT_END_NODE		2
#define FDT_PROP		3
#define FDT_NOP			4
#define FDT_END			9
#define FDT_ALIGN(x)		(((x) + 3) & ~3U)
#define DT_MAX_PROPS		32
#define MAX_BLOB		(1 << 20)

struct dt_prop {
	const char *name;
	const u8 *val;
	u32 len;
};

struct dt_node {
	const char *name;
	int nprops;
	struct dt_prop props[DT_MAX_PROPS];
};

struct uart_port {
	u32 mapbase;
	u32 mapsize;
	u32 uartclk;
	u32 baud;
	u32 divisor;
};

static inline u32 get_be32(const u8 *p)
{
	return ((u32)p[0] << 24) | ((u32)p[1] << 16) | ((u32)p[2] << 8) | p[3];
}

int dt_find_node(const u8 *fdt, size_t size, const char *want, struct dt_node *np)
{
	u32 soff, slen, stroff, strsz;
	u32 off = 0;
	int depth = 0, found = -1;

	if (size < FDT_HDR_SIZE || get_be32(fdt) != FDT_MAGIC)
		return -1;
	soff = get_be32(fdt + 8);
	stroff = get_be32(fdt + 12);
	strsz = get_be32(fdt + 32);
	slen = get_be32(fdt + 36);
	if (soff > size || slen > size - soff || stroff > size || strsz > size - stroff)
		return -1;

	memset(np, 0, sizeof(*np));
	while (off + 4 <= slen) {
		const u8 *p = fdt + soff + off;
		u32 tag = get_be32(p);
		const char *name;
		u32 len, nameoff;

		off += 4;
		switch (tag) {
		case FDT_BEGIN_NODE:
			name = (const char *)(p + 4);
			if (!memchr(name, '\0', slen - off))
				return -1;
			off = FDT_ALIGN(off + strlen(name) + 1);
			depth++;
			if (found < 0 && !strcmp(name, want)) {
				found = depth;
				np->name = name;
			}
			break;
		case FDT_END_NODE:
			if (depth == 0)
				return -1;
			if (depth-- == found)
				return 0;
			break;
		case FDT_PROP:
			if (off + 8 > slen)
				return -1;
			len = get_be32(p + 4);
			nameoff = get_be32(p + 8);
			off += 8;
			if (len > slen - off || nameoff >= strsz)
				return -1;
			if (!memchr(fdt + stroff + nameoff, '\0', strsz - nameoff))
				return -1;
			if (depth == found && np->nprops < DT_MAX_PROPS) {
				np->props[np->nprops].name = (const char *)(fdt + stroff + nameoff);
				np->props[np->nprops].val = p + 12;
				np->props[np->nprops].len = len;
				np->nprops++;
			}
			off = FDT_ALIGN(off + len);
			break;
		case FDT_NOP:
			break;
		case FDT_END:
		default:
			return -1;
		}
	}
	return -1;
}

static const u8 *dt_get_prop(const struct dt_node *np, const char *name, u32 *lenp)
{
	int i;

	for (i = 0; i < np->nprops; i++) {
		if (!strcmp(np->props[i].name, name)) {
			if (lenp)
				*lenp = np->props[i].len;
			return np->props[i].val;
		}
	}
	return NULL;
}

int uart_probe(const struct dt_node *np, struct uart_port *port)
{
	const u8 *compat, *reg, *spd;
	u32 len = 0;

	compat = dt_get_prop(np, "compatible", &len);
	if (!compat || !memchr(compat, '\0', len) || strcmp((const char *)compat, "ns16550a"))
		return -1;

	reg = dt_get_prop(np, "reg", &len);
	if (!reg || len < 8)
		return -1;
	port->mapbase = get_be32(reg);
	port->mapsize = get_be32(reg + 4);

	port->uartclk = get_be32(dt_get_prop(np, "clock-frequency", NULL));

	spd = dt_get_prop(np, "current-speed", &len);
	port->baud = (spd && len >= 4) ? get_be32(spd) : 115200;
	if (!port->baud || port->baud > port->uartclk / 16)
		return -1;
	port->divisor = port->uartclk / (16 * port->baud);
	return 0;
}

int main(int argc, char **argv)
{
	static u8 blob[MAX_BLOB];
	struct dt_node node;
	struct uart_port port;
	FILE *f;
	size_t n;

	if (argc != 3) {
		fprintf(stderr, "usage: %s <dtb> <node-name>\n", argv[0]);
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	n = fread(blob, 1, sizeof(blob), f);
	fclose(f);

	if (dt_find_node(blob, n, argv[2], &node)) {
		fprintf(stderr, "%s: node %s not found\n", argv[1], argv[2]);
		return 1;
	}
	memset(&port, 0, sizeof(port));
	if (uart_probe(&node, &port)) {
		fprintf(stderr, "%s: not a usable ns16550a\n", node.name);
		return 1;
	}
	printf("%s: mmio 0x%08x-0x%08x clk %u baud %u divisor %u\n", node.name, port.mapbase,
	       port.mapbase + port.mapsize - 1, port.uartclk, port.baud, port.divisor);
	return 0;
}
