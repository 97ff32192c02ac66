#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES 10000000UL

struct text
{
  char **lines;
  size_t n;
  size_t cap;
};

struct hunk
{
  unsigned long old_start, old_count;
  unsigned long new_start, new_count;
  struct text body;
};

static int
text_push (struct text *t, const char *buf, size_t len)
{
  char *s;

  if (t->n == t->cap)
    {
      size_t ncap = t->cap ? t->cap * 2 : 64;
      char **nl = realloc (t->lines, ncap * sizeof *nl);
      if (nl == NULL)
        return -1;
      t->lines = nl;
      t->cap = ncap;
    }
  if ((s = malloc (len + 1)) == NULL)
    return -1;
  memcpy (s, buf, len);
  s[len] = '\0';
  t->lines[t->n++] = s;
  return 0;
}

static void
text_clear (struct text *t)
{
  size_t i;

  for (i = 0; i < t->n; i++)
    free (t->lines[i]);
  free (t->lines);
  t->lines = NULL;
  t->n = t->cap = 0;
}

static int
text_read (struct text *t, FILE *fp)
{
  char buf[4096];

  while (fgets (buf, sizeof buf, fp))
    if (text_push (t, buf, strcspn (buf, "\n")) < 0)
      return -1;
  return 0;
}

int
parse_hunk_header (const char *line, struct hunk *h)
{
  int ok;

  h->old_count = h->new_count = 1;
  ok = sscanf (line, "@@ -%lu,%lu +%lu,%lu @@", &h->old_start, &h->old_count,
               &h->new_start, &h->new_count) == 4;
  if (!ok)
    {
      h->old_count = h->new_count = 1;
      ok = sscanf (line, "@@ -%lu +%lu,%lu @@", &h->old_start, &h->new_start,
                   &h->new_count) == 3;
    }
  if (!ok)
    {
      h->old_count = h->new_count = 1;
      ok = sscanf (line, "@@ -%lu,%lu +%lu @@", &h->old_start, &h->old_count,
                   &h->new_start) == 3;
    }
  if (!ok)
    {
      h->old_count = h->new_count = 1;
      ok = sscanf (line, "@@ -%lu +%lu @@", &h->old_start, &h->new_start) == 2;
    }
  if (!ok || h->old_start > MAX_LINES || h->old_count > MAX_LINES
      || h->new_start > MAX_LINES || h->new_count > MAX_LINES)
    return -1;
  return 0;
}

int
apply_hunk (struct text *t, const struct hunk *h)
{
  struct text out = { NULL, 0, 0 };
  size_t at, i, k = 0;

  at = h->old_start - 1;
  if (at + h->old_count > t->n)
    return -1;
  for (i = 0; i < h->body.n; i++)
    {
      const char *l = h->body.lines[i];
      if (l[0] == '+')
        continue;
      if (k >= h->old_count || strcmp (t->lines[at + k], l + 1) != 0)
        return -1;
      k++;
    }
  for (i = 0; i < at; i++)
    text_push (&out, t->lines[i], strlen (t->lines[i]));
  for (i = 0; i < h->body.n; i++)
    {
      const char *l = h->body.lines[i];
      if (l[0] == '+' || l[0] == ' ')
        text_push (&out, l + 1, strlen (l + 1));
    }
  for (i = at + h->old_count; i < t->n; i++)
    text_push (&out, t->lines[i], strlen (t->lines[i]));
  text_clear (t);
  *t = out;
  return 0;
}

int
main (int argc, char **argv)
{
  struct text file = { NULL, 0, 0 };
  struct hunk h;
  char line[4096];
  int in_hunk = 0, nh = 0, rc = 0;
  FILE *fp;
  size_t i;

  if (argc < 2 || (fp = fopen (argv[1], "r")) == NULL || text_read (&file, fp) < 0)
    {
      fprintf (stderr, "usage: %s FILE < PATCH\n", argv[0]);
      return 2;
    }
  fclose (fp);
  memset (&h, 0, sizeof h);
  while (1)
    {
      int more = fgets (line, sizeof line, stdin) != NULL;
      size_t len = more ? strcspn (line, "\n") : 0;

      if (in_hunk && (!more || strncmp (line, "@@ ", 3) == 0))
        {
          nh++;
          if (apply_hunk (&file, &h) < 0)
            {
              fprintf (stderr, "Hunk #%d FAILED at %lu.\n", nh, h.old_start);
              rc = 1;
            }
          text_clear (&h.body);
          in_hunk = 0;
        }
      if (!more)
        break;
      if (strncmp (line, "@@ ", 3) == 0)
        in_hunk = parse_hunk_header (line, &h) == 0;
      else if (in_hunk && len > 0 && strchr (" +-", line[0]) != NULL)
        text_push (&h.body, line, len);
    }
  for (i = 0; i < file.n; i++)
    puts (file.lines[i]);
  text_clear (&file);
  return rc;
}
