#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>
#include <ctype.h>

typedef uint8_t u8;
typedef uint32_t u32;

#define DEV_NAME_LEN		32
#define DEV_MAX_PAYLOAD		256

#define DEV_IOC_SET_NAME	0x4001
#define DEV_IOC_LOAD		0x4002
#define DEV_IOC_INFO		0x8003
#define DEV_IOC_RESET		0x0004

struct dev_ioc_name {
	char name[DEV_NAME_LEN];
};

struct dev_ioc_load {
	u32 len;
	u8 data[DEV_MAX_PAYLOAD];
};

struct dev_ioc_info {
	char name[DEV_NAME_LEN];
	u32 payload_len;
	u32 loads;
	u32 csum;
};

struct dev_ctx {
	char name[DEV_NAME_LEN];
	u8 *payload;
	u32 payload_len;
	u32 loads;
};

static int copy_from_user(void *dst, const void *src, size_t n)
{
	if (!src)
		return -EFAULT;
	memcpy(dst, src, n);
	return 0;
}

static int copy_to_user(void *dst, const void *src, size_t n)
{
	if (!dst)
		return -EFAULT;
	memcpy(dst, src, n);
	return 0;
}

static long dev_ioc_load(struct dev_ctx *ctx, const void *uarg)
{
	struct dev_ioc_load req;
	u8 *buf;

	if (copy_from_user(&req, uarg, sizeof(req)))
		return -EFAULT;
	if (!req.len || req.len > sizeof(req.data))
		return -EINVAL;

	buf = malloc(req.len);
	if (!buf)
		return -ENOMEM;
	memcpy(buf, req.data, req.len);

	free(ctx->payload);
	ctx->payload = buf;
	ctx->payload_len = req.len;
	ctx->loads++;
	return 0;
}

static long dev_ioc_info(struct dev_ctx *ctx, void *uarg)
{
	struct dev_ioc_info info;
	u32 i;

	memset(&info, 0, sizeof(info));
	strcpy(info.name, ctx->name);
	info.payload_len = ctx->payload_len;
	info.loads = ctx->loads;
	for (i = 0; i < ctx->payload_len; i++)
		info.csum += ctx->payload[i];
	return copy_to_user(uarg, &info, sizeof(info));
}

long dev_ioctl(struct dev_ctx *ctx, unsigned int cmd, void *uarg)
{
	struct dev_ioc_name n;

	switch (cmd) {
	case DEV_IOC_SET_NAME:
		if (copy_from_user(&n, uarg, sizeof(n)))
			return -EFAULT;
		n.name[DEV_NAME_LEN - 1] = '\0';
		strcpy(ctx->name, n.name);
		return 0;
	case DEV_IOC_LOAD:
		return dev_ioc_load(ctx, uarg);
	case DEV_IOC_INFO:
		return dev_ioc_info(ctx, uarg);
	case DEV_IOC_RESET:
		free(ctx->payload);
		ctx->payload = NULL;
		ctx->payload_len = 0;
		ctx->loads = 0;
		return 0;
	default:
		return -ENOTTY;
	}
}

static void dev_release(struct dev_ctx *ctx)
{
	free(ctx->payload);
	free(ctx);
}

static size_t parse_hex(const char *s, u8 *out, size_t max)
{
	size_t n = 0;

	while (n < max && isxdigit((unsigned char)s[0]) && isxdigit((unsigned char)s[1]) &&
	       sscanf(s, "%2hhx", &out[n]) == 1) {
		n++;
		s += 2;
	}
	return n;
}

int main(void)
{
	struct dev_ctx *ctx;
	struct dev_ioc_name nreq;
	struct dev_ioc_load lreq;
	struct dev_ioc_info ireq;
	char line[1024], arg[600];
	long ret;

	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return 1;
	strcpy(ctx->name, "fwctl0");

	while (fgets(line, sizeof(line), stdin)) {
		arg[0] = '\0';
		if (sscanf(line, "name %31s", arg) == 1) {
			memset(&nreq, 0, sizeof(nreq));
			strcpy(nreq.name, arg);
			ret = dev_ioctl(ctx, DEV_IOC_SET_NAME, &nreq);
		} else if (sscanf(line, "load %599s", arg) == 1) {
			memset(&lreq, 0, sizeof(lreq));
			lreq.len = parse_hex(arg, lreq.data, sizeof(lreq.data));
			ret = dev_ioctl(ctx, DEV_IOC_LOAD, &lreq);
		} else if (!strncmp(line, "info", 4)) {
			ret = dev_ioctl(ctx, DEV_IOC_INFO, &ireq);
			if (!ret)
				printf("%s: %u bytes, %u loads, csum %08x\n", ireq.name,
				       ireq.payload_len, ireq.loads, ireq.csum);
		} else if (!strncmp(line, "reset", 5)) {
			ret = dev_ioctl(ctx, DEV_IOC_RESET, NULL);
		} else {
			continue;
		}
		if (ret)
			fprintf(stderr, "ioctl failed: %ld\n", ret);
	}
	dev_release(ctx);
	return 0;
}
