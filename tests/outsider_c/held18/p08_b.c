#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CACHE_MAGIC "CMPL"

struct completion
{
  char **words;
  size_t n;
  size_t cap;
};

static int
read_u32 (FILE *fp, uint32_t *out)
{
  unsigned char b[4];

  if (fread (b, 1, 4, fp) != 4)
    return -1;
  *out = (uint32_t) b[0] | ((uint32_t) b[1] << 8)
         | ((uint32_t) b[2] << 16) | ((uint32_t) b[3] << 24);
  return 0;
}

static int
comp_push (struct completion *c, char *word)
{
  if (c->n == c->cap)
    {
      size_t ncap = c->cap ? c->cap * 2 : 32;
      char **nw = realloc (c->words, ncap * sizeof *nw);
      if (nw == NULL)
        return -1;
      c->words = nw;
      c->cap = ncap;
    }
  c->words[c->n++] = word;
  return 0;
}

static char *
read_word (FILE *fp)
{
  uint32_t len, size;
  char *w;

  if (read_u32 (fp, &len) < 0 || len > 4096)
    return NULL;
  size = len + 1;
  w = malloc (size);
  if (w == NULL)
    return NULL;
  if (fread (w, 1, len, fp) != len)
    {
      free (w);
      return NULL;
    }
  w[len] = '\0';
  return w;
}

int
comp_load (struct completion *c, const char *path)
{
  char magic[5];
  uint32_t count, i;
  FILE *fp = fopen (path, "rb");

  if (fp == NULL)
    return -1;
  if (fread (magic, 1, 4, fp) != 4 || memcmp (magic, CACHE_MAGIC, 4) != 0
      || read_u32 (fp, &count) < 0)
    {
      fclose (fp);
      return -1;
    }
  for (i = 0; i < count; i++)
    {
      char *w = read_word (fp);
      if (w == NULL || comp_push (c, w) < 0)
        {
          free (w);
          break;
        }
    }
  fclose (fp);
  return 0;
}

size_t
comp_common_prefix (char **v, size_t n, char *out, size_t outlen)
{
  size_t len, i;

  if (n == 0 || outlen == 0)
    return 0;
  len = strlen (v[0]);
  for (i = 1; i < n; i++)
    {
      size_t k = 0;
      while (k < len && v[i][k] == v[0][k])
        k++;
      len = k;
    }
  if (len >= outlen)
    len = outlen - 1;
  memcpy (out, v[0], len);
  out[len] = '\0';
  return len;
}

int
main (int argc, char **argv)
{
  struct completion c = { NULL, 0, 0 };
  char **hits;
  char prefix[256];
  size_t i, nh = 0, wlen;

  if (argc < 3)
    {
      fprintf (stderr, "usage: %s CACHE WORD\n", argv[0]);
      return 2;
    }
  if (comp_load (&c, argv[1]) < 0)
    {
      perror (argv[1]);
      return 1;
    }
  wlen = strlen (argv[2]);
  hits = calloc (c.n + 1, sizeof *hits);
  if (hits == NULL)
    return 1;
  for (i = 0; i < c.n; i++)
    if (strncmp (c.words[i], argv[2], wlen) == 0)
      hits[nh++] = c.words[i];
  if (nh == 1)
    printf ("%s \n", hits[0]);
  else if (nh > 1)
    {
      comp_common_prefix (hits, nh, prefix, sizeof prefix);
      printf ("%s\n", prefix);
      for (i = 0; i < nh; i++)
        printf ("  %s\n", hits[i]);
    }
  free (hits);
  for (i = 0; i < c.n; i++)
    free (c.words[i]);
  free (c.words);
  return 0;
}
