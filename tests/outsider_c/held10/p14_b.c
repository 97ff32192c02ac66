#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define NEWC_MAGIC "070701"
#define NEWC_HDR_LEN 110
#define NAME_MAX_LEN 1024

struct newc_entry
{
  unsigned long mode;
  unsigned long filesize;
  unsigned long namesize;
  char name[NAME_MAX_LEN];
};

static int
hex8 (const unsigned char *p, unsigned long *out)
{
  unsigned long v = 0;
  int i;

  for (i = 0; i < 8; i++)
    {
      int c = p[i], d;
      if (c >= '0' && c <= '9')
        d = c - '0';
      else if (c >= 'a' && c <= 'f')
        d = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        d = c - 'A' + 10;
      else
        return -1;
      v = (v << 4) | (unsigned long) d;
    }
  *out = v;
  return 0;
}

static size_t
pad4 (size_t n)
{
  return (n + 3) & ~(size_t) 3;
}

static int
make_dir (const char *name)
{
  char cmd[NAME_MAX_LEN + 32];

  snprintf (cmd, sizeof cmd, "mkdir -p -- '%s'", name);
  return system (cmd) == 0 ? 0 : -1;
}

int
cpio_walk (const unsigned char *buf, size_t len, int create_dirs)
{
  struct newc_entry e;
  size_t off = 0, next;
  int count = 0;

  while (len - off >= NEWC_HDR_LEN)
    {
      const unsigned char *h = buf + off;

      if (memcmp (h, NEWC_MAGIC, 6) != 0)
        return -1;
      if (hex8 (h + 14, &e.mode) != 0
          || hex8 (h + 54, &e.filesize) != 0
          || hex8 (h + 94, &e.namesize) != 0)
        return -1;
      if (e.namesize == 0 || e.namesize > sizeof e.name
          || e.namesize > len - off - NEWC_HDR_LEN)
        return -1;
      memcpy (e.name, h + NEWC_HDR_LEN, e.namesize);
      e.name[e.namesize - 1] = '\0';
      if (strcmp (e.name, "TRAILER!!!") == 0)
        break;

      next = pad4 (off + NEWC_HDR_LEN + e.namesize);
      if (next > len || e.filesize > len - next)
        return -1;
      next = pad4 (next + e.filesize);

      printf ("%06lo %10lu %s\n", e.mode, e.filesize, e.name);
      if (create_dirs && S_ISDIR (e.mode) && make_dir (e.name) != 0)
        fprintf (stderr, "cannot create %s\n", e.name);
      count++;
      if (next > len)
        break;
      off = next;
    }
  return count;
}

int
main (int argc, char **argv)
{
  unsigned char *buf;
  size_t len = 0, cap = 1 << 16, n;
  FILE *fp = stdin;
  int dirs = 0, argi = 1, rc;

  if (argc > argi && strcmp (argv[argi], "-d") == 0)
    {
      dirs = 1;
      argi++;
    }
  if (argc > argi && (fp = fopen (argv[argi], "rb")) == NULL)
    {
      perror (argv[argi]);
      return 1;
    }
  if ((buf = malloc (cap)) == NULL)
    return 1;
  while ((n = fread (buf + len, 1, cap - len, fp)) > 0)
    {
      len += n;
      if (len == cap)
        {
          unsigned char *nb = realloc (buf, cap * 2);
          if (nb == NULL)
            {
              free (buf);
              return 1;
            }
          buf = nb;
          cap *= 2;
        }
    }
  if (fp != stdin)
    fclose (fp);
  rc = cpio_walk (buf, len, dirs);
  free (buf);
  if (rc < 0)
    {
      fputs ("malformed archive\n", stderr);
      return 1;
    }
  return 0;
}
