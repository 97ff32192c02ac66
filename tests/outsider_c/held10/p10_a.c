#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct intern_table
{
  char **slots;
  size_t cap;
  size_t count;
};

static uint32_t
str_hash (const char *s)
{
  uint32_t h = 2166136261u;

  while (*s)
    {
      h ^= (unsigned char) *s++;
      h *= 16777619u;
    }
  return h;
}

static int
intern_grow (struct intern_table *t)
{
  size_t ncap = t->cap ? t->cap * 2 : 64;
  char **ns = calloc (ncap, sizeof *ns);
  size_t i, h;

  if (ns == NULL)
    return -1;
  for (i = 0; i < t->cap; i++)
    {
      if (t->slots[i] == NULL)
        continue;
      h = str_hash (t->slots[i]) & (ncap - 1);
      while (ns[h] != NULL)
        h = (h + 1) & (ncap - 1);
      ns[h] = t->slots[i];
    }
  free (t->slots);
  t->slots = ns;
  t->cap = ncap;
  return 0;
}

int
intern_take (struct intern_table *t, char *s, const char **out)
{
  size_t h;

  if ((t->count + 1) * 2 > t->cap && intern_grow (t) != 0)
    return -1;
  h = str_hash (s) & (t->cap - 1);
  while (t->slots[h] != NULL)
    {
      if (strcmp (t->slots[h], s) == 0)
        {
          free (s);
          *out = t->slots[h];
          return 1;
        }
      h = (h + 1) & (t->cap - 1);
    }
  t->slots[h] = s;
  t->count++;
  *out = s;
  return 0;
}

void
intern_destroy (struct intern_table *t)
{
  size_t i;

  for (i = 0; i < t->cap; i++)
    free (t->slots[i]);
  free (t->slots);
  t->slots = NULL;
  t->cap = t->count = 0;
}

long
intern_tokens (struct intern_table *t, const char *buf, size_t len)
{
  size_t pos = 0, start, n;
  long ntok = 0;
  const char *sym;
  char *copy;
  int rc;

  while (pos < len)
    {
      if (!isalnum ((unsigned char) buf[pos]) && buf[pos] != '_')
        {
          pos++;
          continue;
        }
      start = pos;
      while (pos < len && (isalnum ((unsigned char) buf[pos]) || buf[pos] == '_'))
        pos++;
      n = pos - start;
      copy = malloc (n + 1);
      if (copy == NULL)
        return -1;
      memcpy (copy, buf + start, n);
      copy[n] = '\0';
      rc = intern_take (t, copy, &sym);
      if (rc < 0)
        {
          free (copy);
          return -1;
        }
      ntok++;
    }
  return ntok;
}

static int
cmp_str (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
main (void)
{
  struct intern_table t = { NULL, 0, 0 };
  char chunk[4096];
  char **list;
  size_t n, i, k = 0;
  long total = 0, r;

  while ((n = fread (chunk, 1, sizeof chunk, stdin)) > 0)
    {
      r = intern_tokens (&t, chunk, n);
      if (r < 0)
        {
          fputs ("out of memory\n", stderr);
          intern_destroy (&t);
          return 1;
        }
      total += r;
    }
  list = malloc ((t.count ? t.count : 1) * sizeof *list);
  if (list == NULL)
    {
      intern_destroy (&t);
      return 1;
    }
  for (i = 0; i < t.cap; i++)
    if (t.slots[i] != NULL)
      list[k++] = t.slots[i];
  qsort (list, k, sizeof *list, cmp_str);
  for (i = 0; i < k; i++)
    puts (list[i]);
  fprintf (stderr, "%ld tokens, %zu distinct\n", total, t.count);
  free (list);
  intern_destroy (&t);
  return 0;
}
