#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum field_fmt { F_CONSTLEN, F_LLVAR, F_LLLVAR };

struct field_spec
{
  unsigned char num;
  enum field_fmt fmt;
  unsigned short len;
  const char *label;
};

static const struct field_spec specs[] = {
  { 2, F_LLVAR, 19, "PAN" },
  { 3, F_CONSTLEN, 6, "processing code" },
  { 4, F_CONSTLEN, 12, "amount" },
  { 7, F_CONSTLEN, 10, "transmission time" },
  { 11, F_CONSTLEN, 6, "STAN" },
  { 12, F_CONSTLEN, 6, "local time" },
  { 13, F_CONSTLEN, 4, "local date" },
  { 32, F_LLVAR, 11, "acquirer id" },
  { 37, F_CONSTLEN, 12, "RRN" },
  { 39, F_CONSTLEN, 2, "response code" },
  { 41, F_CONSTLEN, 8, "terminal id" },
  { 42, F_CONSTLEN, 15, "merchant id" },
  { 43, F_CONSTLEN, 40, "merchant name" },
  { 48, F_LLLVAR, 999, "additional data" },
  { 49, F_CONSTLEN, 3, "currency" },
};

struct iso_msg
{
  char mti[5];
  unsigned char bitmap[16];
  char *fields[129];
};

static const struct field_spec *
find_spec (unsigned num)
{
  size_t i;

  for (i = 0; i < sizeof specs / sizeof specs[0]; i++)
    if (specs[i].num == num)
      return &specs[i];
  return NULL;
}

static int
read_digits (const char *p, size_t n, size_t *out)
{
  size_t i, v = 0;

  for (i = 0; i < n; i++)
    {
      if (!isdigit ((unsigned char) p[i]))
        return -1;
      v = v * 10 + (size_t) (p[i] - '0');
    }
  *out = v;
  return 0;
}

static int
hexdigit (int c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return -1;
}

static int
hex_bitmap (const char *p, unsigned char *out, size_t nbytes)
{
  size_t i;

  for (i = 0; i < nbytes; i++)
    {
      int hi = hexdigit ((unsigned char) p[2 * i]);
      int lo = hexdigit ((unsigned char) p[2 * i + 1]);
      if (hi < 0 || lo < 0)
        return -1;
      out[i] = (unsigned char) (hi << 4 | lo);
    }
  return 0;
}

void
iso_free (struct iso_msg *m)
{
  size_t i;

  for (i = 0; i < 129; i++)
    free (m->fields[i]);
  memset (m, 0, sizeof *m);
}

int
iso_parse (struct iso_msg *m, const char *msg, size_t len)
{
  size_t pos = 20, nbits = 64, flen, hdr, i;
  const struct field_spec *sp;
  char value[1000];

  memset (m, 0, sizeof *m);
  if (len < 20 || read_digits (msg, 4, &flen) < 0)
    return -1;
  memcpy (m->mti, msg, 4);
  if (hex_bitmap (msg + 4, m->bitmap, 8) < 0)
    return -1;
  if (m->bitmap[0] & 0x80)
    {
      if (len < 36 || hex_bitmap (msg + 20, m->bitmap + 8, 8) < 0)
        return -1;
      pos = 36;
      nbits = 128;
    }
  for (i = 2; i <= nbits; i++)
    {
      if (!(m->bitmap[(i - 1) / 8] & (0x80 >> ((i - 1) % 8))))
        continue;
      if ((sp = find_spec ((unsigned) i)) == NULL)
        return -1;
      hdr = sp->fmt == F_LLVAR ? 2 : sp->fmt == F_LLLVAR ? 3 : 0;
      if (hdr > len - pos)
        return -1;
      if (hdr == 0)
        {
          flen = sp->len;
          if (flen > len - pos)
            return -1;
        }
      else if (read_digits (msg + pos, hdr, &flen) < 0 || flen > sp->len)
        return -1;
      pos += hdr;
      memcpy (value, msg + pos, flen);
      value[flen] = '\0';
      pos += flen;
      if ((m->fields[i] = strdup (value)) == NULL)
        return -1;
    }
  return 0;
}

int
main (void)
{
  struct iso_msg m;
  char lenhdr[5];
  size_t len, i;
  char *buf;

  if (fread (lenhdr, 1, 4, stdin) != 4 || read_digits (lenhdr, 4, &len) < 0 || len == 0)
    {
      fprintf (stderr, "missing length prefix\n");
      return 1;
    }
  lenhdr[4] = '\0';
  if ((buf = malloc (len)) == NULL)
    return 1;
  if (fread (buf, 1, len, stdin) != len)
    {
      fprintf (stderr, "short read, wanted %s bytes\n", lenhdr);
      free (buf);
      return 1;
    }
  if (iso_parse (&m, buf, len) < 0)
    {
      fprintf (stderr, "message rejected\n");
      iso_free (&m);
      free (buf);
      return 1;
    }
  printf ("MTI %s\n", m.mti);
  for (i = 0; i < 129; i++)
    if (m.fields[i] != NULL)
      printf ("  %3zu %-20s [%s]\n", i, find_spec ((unsigned) i)->label, m.fields[i]);
  iso_free (&m);
  free (buf);
  return 0;
}
