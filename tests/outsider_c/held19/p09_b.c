#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define PNG_MAX_CHUNK 0x7fffffffu
#define PNG_TEXT_MAX 200

static const uint8_t png__sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
static uint32_t png__crc_table[256];

static void png__crc_init(void)
{
   uint32_t c, n, k;
   for (n = 0; n < 256; ++n) {
      c = n;
      for (k = 0; k < 8; ++k)
         c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
      png__crc_table[n] = c;
   }
}

static uint32_t png__crc(const uint8_t *p, uint32_t n)
{
   uint32_t c = 0xffffffffu, i;
   for (i = 0; i < n; ++i)
      c = png__crc_table[(c ^ p[i]) & 0xff] ^ (c >> 8);
   return c ^ 0xffffffffu;
}

static uint32_t png__be32(const uint8_t *p)
{
   return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void png__show_text(const uint8_t *p, uint32_t n)
{
   char line[PNG_TEXT_MAX + 100];
   uint32_t klen = 0, tlen;
   while (klen < n && p[klen]) klen++;
   if (klen == 0 || klen > 79 || klen >= n) {
      puts("  tEXt: malformed keyword");
      return;
   }
   tlen = n - klen - 1;
   if (tlen > PNG_TEXT_MAX) tlen = PNG_TEXT_MAX;
   snprintf(line, sizeof(line), "  %s = %.*s\n", (const char *)p, (int)tlen, (const char *)p + klen + 1);
   fputs(line, stdout);
}

int png_walk(const uint8_t *data, uint32_t len)
{
   uint32_t pos = 8, nchunks = 0;
   char type[5], desc[64];

   if (len < 8 || memcmp(data, png__sig, 8) != 0) return -1;
   while (len - pos >= 12) {
      uint32_t n = png__be32(data + pos), crc, want;
      const uint8_t *body;
      if (n > PNG_MAX_CHUNK || n > len - pos - 12) {
         printf("chunk %u truncated\n", nchunks);
         return -1;
      }
      memcpy(type, data + pos + 4, 4);
      type[4] = '\0';
      body = data + pos + 8;
      want = png__be32(body + n);
      crc = png__crc(data + pos + 4, n + 4);
      sprintf(desc, "%-4s %10u bytes crc %08x %s", type, (unsigned)n, (unsigned)want,
              crc == want ? "ok" : "MISMATCH");
      puts(desc);
      if (!memcmp(type, "IHDR", 4) && n >= 13) {
         printf("  %ux%u depth %u color type %u\n", (unsigned)png__be32(body), (unsigned)png__be32(body + 4),
                body[8], body[9]);
      } else if (!memcmp(type, "tEXt", 4)) {
         png__show_text(body, n);
      }
      pos += 12 + n;
      nchunks++;
      if (!memcmp(type, "IEND", 4)) break;
   }
   return (int)nchunks;
}

int main(int argc, char **argv)
{
   FILE *f;
   uint8_t *buf;
   long sz;
   int r;

   if (argc != 2) {
      fprintf(stderr, "usage: %s file.png\n", argv[0]);
      return 2;
   }
   if (!(f = fopen(argv[1], "rb"))) {
      perror(argv[1]);
      return 1;
   }
   fseek(f, 0, SEEK_END);
   sz = ftell(f);
   fseek(f, 0, SEEK_SET);
   if (sz < 8 || sz > (64L << 20) || !(buf = (uint8_t *)malloc(sz))) {
      fclose(f);
      return 1;
   }
   if (fread(buf, 1, sz, f) != (size_t)sz) {
      fclose(f);
      free(buf);
      return 1;
   }
   fclose(f);
   png__crc_init();
   r = png_walk(buf, (uint32_t)sz);
   if (r < 0) fprintf(stderr, "%s: not a valid PNG stream\n", argv[1]);
   else printf("%d chunks\n", r);
   free(buf);
   return r < 0;
}
