#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TI_MAGIC 0432

static const char *const ti_strnames[] = {
  "cbt", "bel", "cr", "csr", "tbc", "clear", "el", "ed", "hpa", "cmdch",
  "cup", "cud1", "home", "civis", "cub1", "mrcup", "cnorm", "cuf1", "ll", "cuu1",
};

struct terminfo
{
  char *names;
  unsigned short *nums;
  unsigned short *stroffs;
  char *strtab;
  size_t num_count;
  size_t str_count;
  size_t strtab_size;
};

static unsigned
get16 (const unsigned char *p)
{
  return (unsigned) p[0] | ((unsigned) p[1] << 8);
}

static int
read_block (FILE *fp, void *dst, size_t len)
{
  return fread (dst, 1, len, fp) == len ? 0 : -1;
}

void
ti_free (struct terminfo *ti)
{
  free (ti->names);
  free (ti->nums);
  free (ti->stroffs);
  free (ti->strtab);
  memset (ti, 0, sizeof *ti);
}

int
ti_load (struct terminfo *ti, FILE *fp)
{
  unsigned char hdr[12], raw[2];
  size_t names_size, bool_count, i;

  memset (ti, 0, sizeof *ti);
  if (read_block (fp, hdr, sizeof hdr) < 0 || get16 (hdr) != TI_MAGIC)
    return -1;
  names_size = get16 (hdr + 2);
  bool_count = get16 (hdr + 4);
  ti->num_count = get16 (hdr + 6);
  ti->str_count = get16 (hdr + 8);
  ti->strtab_size = get16 (hdr + 10);
  ti->names = malloc (names_size + 1);
  ti->nums = calloc (ti->num_count + 1, sizeof *ti->nums);
  ti->stroffs = calloc (ti->str_count + 1, sizeof *ti->stroffs);
  ti->strtab = malloc (ti->strtab_size + 1);
  if (!ti->names || !ti->nums || !ti->stroffs || !ti->strtab)
    goto fail;
  if (read_block (fp, ti->names, names_size) < 0)
    goto fail;
  ti->names[names_size] = '\0';
  if (fseek (fp, (long) (bool_count + ((names_size + bool_count) & 1)), SEEK_CUR) != 0)
    goto fail;
  for (i = 0; i < ti->num_count; i++)
    {
      if (read_block (fp, raw, 2) < 0)
        goto fail;
      ti->nums[i] = (unsigned short) get16 (raw);
    }
  for (i = 0; i < ti->str_count; i++)
    {
      if (read_block (fp, raw, 2) < 0)
        goto fail;
      ti->stroffs[i] = (unsigned short) get16 (raw);
    }
  if (read_block (fp, ti->strtab, ti->strtab_size) < 0)
    goto fail;
  ti->strtab[ti->strtab_size] = '\0';
  return 0;
fail:
  ti_free (ti);
  return -1;
}

static int
ti_index (const char *cap)
{
  size_t i;

  for (i = 0; i < sizeof ti_strnames / sizeof ti_strnames[0]; i++)
    if (strcmp (ti_strnames[i], cap) == 0)
      return (int) i;
  return -1;
}

int
ti_getstr (const struct terminfo *ti, const char *cap, char *out, size_t outlen)
{
  int idx = ti_index (cap);
  unsigned off;
  const char *s;
  size_t i;

  if (idx < 0 || (size_t) idx >= ti->str_count || outlen == 0)
    return -1;
  off = ti->stroffs[idx];
  if (off == 0xffff || off == 0xfffe || off >= ti->strtab_size)
    return -1;
  s = ti->strtab + off;
  for (i = 0; i + 1 < outlen && s[i] != '\0'; i++)
    out[i] = s[i];
  out[i] = '\0';
  return (int) i;
}

static void
print_visible (const char *s)
{
  for (; *s; s++)
    {
      if ((unsigned char) *s < 0x20)
        printf ("^%c", *s + '@');
      else
        putchar (*s);
    }
}

int
main (int argc, char **argv)
{
  struct terminfo ti;
  char value[256];
  FILE *fp;
  int i;

  if (argc < 3)
    {
      fprintf (stderr, "usage: %s FILE CAP...\n", argv[0]);
      return 2;
    }
  if ((fp = fopen (argv[1], "rb")) == NULL || ti_load (&ti, fp) < 0)
    {
      fprintf (stderr, "%s: cannot load\n", argv[1]);
      if (fp)
        fclose (fp);
      return 1;
    }
  fclose (fp);
  printf ("terminal: %s\n", ti.names);
  for (i = 2; i < argc; i++)
    {
      printf ("%s=", argv[i]);
      if (ti_getstr (&ti, argv[i], value, sizeof value) < 0)
        fputs ("(absent)", stdout);
      else
        print_visible (value);
      putchar ('\n');
    }
  ti_free (&ti);
  return 0;
}
