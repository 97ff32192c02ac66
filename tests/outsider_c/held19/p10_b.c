#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HUF_MAXBITS 15
#define HUF_MAXSYM 288
#define HUF_FAST_BITS 9
#define HUF_FAST_SIZE (1 << HUF_FAST_BITS)

typedef struct {
   unsigned short fast[HUF_FAST_SIZE];
   unsigned short code[HUF_MAXSYM];
   unsigned char size[HUF_MAXSYM];
   int nsym;
} huf_table;

typedef struct {
   const unsigned char *p, *end;
   unsigned int bitbuf;
   int bitcnt;
} huf_reader;

static int huf__bitrev(int v, int bits)
{
   int r = 0;
   while (bits-- > 0) {
      r = (r << 1) | (v & 1);
      v >>= 1;
   }
   return r;
}

int huf_build(huf_table *t, const unsigned char *lengths, int n)
{
   int count[HUF_MAXBITS + 1], next[HUF_MAXBITS + 1];
   int i, len, code, left;

   if (n <= 0 || n > HUF_MAXSYM) return 0;
   memset(count, 0, sizeof(count));
   memset(t->fast, 0xff, sizeof(t->fast));
   for (i = 0; i < n; ++i) {
      if (lengths[i] > HUF_MAXBITS) return 0;
      count[lengths[i]]++;
   }
   count[0] = 0;
   left = 1;
   for (len = 1; len <= HUF_MAXBITS; ++len) {
      left = (left << 1) - count[len];
      if (left < 0) return 0;
   }
   code = 0;
   next[0] = 0;
   for (len = 1; len <= HUF_MAXBITS; ++len) {
      code = (code + count[len - 1]) << 1;
      next[len] = code;
   }
   for (i = 0; i < n; ++i) {
      len = lengths[i];
      t->size[i] = (unsigned char)len;
      t->code[i] = 0;
      if (!len) continue;
      t->code[i] = (unsigned short)next[len]++;
      if (len <= HUF_FAST_BITS) {
         int r = huf__bitrev(t->code[i], len);
         for (; r < HUF_FAST_SIZE; r += 1 << len)
            t->fast[r] = (unsigned short)((len << 9) | i);
      }
   }
   t->nsym = n;
   return 1;
}

static void huf__fill(huf_reader *br)
{
   while (br->bitcnt <= 24) {
      unsigned int b = br->p < br->end ? *br->p++ : 0;
      br->bitbuf |= b << br->bitcnt;
      br->bitcnt += 8;
   }
}

int huf_decode(const huf_table *t, huf_reader *br)
{
   int e, i, len, code;
   huf__fill(br);
   e = t->fast[br->bitbuf & (HUF_FAST_SIZE - 1)];
   if (e != 0xffff) {
      len = e >> 9;
      br->bitbuf >>= len;
      br->bitcnt -= len;
      return e & 511;
   }
   for (len = HUF_FAST_BITS + 1; len <= HUF_MAXBITS; ++len) {
      code = huf__bitrev(br->bitbuf & ((1u << len) - 1), len);
      for (i = 0; i < t->nsym; ++i) {
         if (t->size[i] == len && t->code[i] == code) {
            br->bitbuf >>= len;
            br->bitcnt -= len;
            return i;
         }
      }
   }
   return -1;
}

int main(int argc, char **argv)
{
   static unsigned char buf[65536];
   huf_table table;
   huf_reader br;
   FILE *f;
   size_t got;
   int n, i, sym, limit;

   if (argc < 2 || !(f = fopen(argv[1], "rb"))) {
      fprintf(stderr, "usage: %s codes.bin [count]\n", argv[0]);
      return 2;
   }
   got = fread(buf, 1, sizeof(buf), f);
   fclose(f);
   limit = argc > 2 ? atoi(argv[2]) : 16;
   if (got < 2) return 1;
   n = buf[0] | (buf[1] << 8);
   if ((size_t)n + 2 > got || !huf_build(&table, buf + 2, n)) {
      fprintf(stderr, "invalid code length table\n");
      return 1;
   }
   for (i = 0; i < n; ++i)
      if (table.size[i])
         printf("sym %3d len %2d code %04x\n", i, table.size[i], table.code[i]);
   br.p = buf + 2 + n;
   br.end = buf + got;
   br.bitbuf = 0;
   br.bitcnt = 0;
   printf("decoded:");
   for (i = 0; i < limit && (sym = huf_decode(&table, &br)) >= 0; ++i)
      printf(" %d", sym);
   printf("\n");
   return 0;
}
