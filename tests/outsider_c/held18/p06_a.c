#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct hist_entry
{
  char *line;
  long when;
};

struct history
{
  struct hist_entry *v;
  size_t n;
  size_t cap;
  FILE *out;
};

static void
hist_msg (struct history *h, const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  vfprintf (h->out, fmt, ap);
  va_end (ap);
}

static char *
xstrndup (const char *s, size_t n)
{
  char *p = malloc (n + 1);

  if (p != NULL)
    {
      memcpy (p, s, n);
      p[n] = '\0';
    }
  return p;
}

int
hist_add (struct history *h, const char *buf, size_t len, long when)
{
  struct hist_entry *nv;

  if (h->n > 0 && strlen (h->v[h->n - 1].line) == len
      && memcmp (h->v[h->n - 1].line, buf, len) == 0)
    return 0;
  if (h->n == h->cap)
    {
      size_t ncap = h->cap ? h->cap * 2 : 64;
      nv = realloc (h->v, ncap * sizeof *nv);
      if (nv == NULL)
        return -1;
      h->v = nv;
      h->cap = ncap;
    }
  h->v[h->n].line = xstrndup (buf, len);
  if (h->v[h->n].line == NULL)
    return -1;
  h->v[h->n].when = when;
  h->n++;
  return 0;
}

int
hist_load (struct history *h, const char *path)
{
  char buf[2048];
  long stamp = 0;
  FILE *fp = fopen (path, "r");

  if (fp == NULL)
    return -1;
  while (fgets (buf, sizeof buf, fp))
    {
      size_t len = strcspn (buf, "\n");

      if (buf[0] == '#' && buf[1] >= '0' && buf[1] <= '9')
        {
          stamp = atol (buf + 1);
          continue;
        }
      if (len > 0)
        hist_add (h, buf, len, stamp);
      stamp = 0;
    }
  fclose (fp);
  return 0;
}

static void
hist_show (struct history *h, size_t first)
{
  char when[32];
  size_t i;

  for (i = first; i < h->n; i++)
    {
      time_t t = (time_t) h->v[i].when;
      struct tm *tm = t ? localtime (&t) : NULL;

      if (tm == NULL || strftime (when, sizeof when, "%F %T", tm) == 0)
        strcpy (when, "-");
      hist_msg (h, "%5zu  %-19s  ", i + 1, when);
      hist_msg (h, "%s", h->v[i].line);
      hist_msg (h, "\n");
    }
}

void
hist_clear (struct history *h)
{
  size_t i;

  for (i = 0; i < h->n; i++)
    free (h->v[i].line);
  free (h->v);
  h->v = NULL;
  h->n = h->cap = 0;
}

int
main (int argc, char **argv)
{
  struct history h = { NULL, 0, 0, NULL };
  char path[1024];
  const char *home = getenv ("HOME");
  size_t first = 0;

  h.out = stdout;
  if (argc > 1)
    snprintf (path, sizeof path, "%s", argv[1]);
  else
    snprintf (path, sizeof path, "%s/.sh_history", home ? home : ".");
  if (hist_load (&h, path) < 0)
    {
      perror (path);
      return 1;
    }
  if (argc > 2 && atoi (argv[2]) > 0 && (size_t) atoi (argv[2]) < h.n)
    first = h.n - (size_t) atoi (argv[2]);
  hist_show (&h, first);
  hist_clear (&h);
  return 0;
}
