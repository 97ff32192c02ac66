#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FOLD_WIDTH 75

struct ical_prop
{
  char name[64];
  char params[256];
  const char *value;
  size_t vlen;
};

struct line_buf
{
  char *s;
  size_t len;
  size_t cap;
};

static int
lb_append (struct line_buf *lb, const char *buf, size_t len)
{
  if (lb->len + len + 1 > lb->cap)
    {
      size_t ncap = lb->cap ? lb->cap * 2 : 256;
      char *ns;
      while (ncap < lb->len + len + 1)
        ncap *= 2;
      if ((ns = realloc (lb->s, ncap)) == NULL)
        return -1;
      lb->s = ns;
      lb->cap = ncap;
    }
  memcpy (lb->s + lb->len, buf, len);
  lb->len += len;
  lb->s[lb->len] = '\0';
  return 0;
}

static int
ical_split (const char *buf, size_t len, struct ical_prop *p)
{
  const char *colon = memchr (buf, ':', len);
  const char *semi;
  size_t nlen, plen;

  if (colon == NULL)
    return -1;
  semi = memchr (buf, ';', (size_t) (colon - buf));
  nlen = (size_t) ((semi ? semi : colon) - buf);
  if (nlen == 0 || nlen >= sizeof p->name)
    return -1;
  memcpy (p->name, buf, nlen);
  p->name[nlen] = '\0';
  if (semi != NULL)
    {
      plen = (size_t) (colon - semi - 1);
      if (plen >= sizeof p->params)
        return -1;
      memcpy (p->params, semi + 1, plen);
      p->params[plen] = '\0';
    }
  p->value = colon + 1;
  p->vlen = len - (size_t) (colon + 1 - buf);
  return 0;
}

static size_t
utf8_cut_point (const char *s, size_t len, size_t max)
{
  size_t cut = len < max ? len : max;

  while (cut > 0 && cut < len && ((unsigned char) s[cut] & 0xc0) == 0x80)
    cut--;
  return cut;
}

void
ical_write_folded (FILE *out, const char *buf, size_t len)
{
  size_t width = FOLD_WIDTH;

  while (len > 0)
    {
      size_t cut = utf8_cut_point (buf, len, width);
      if (cut == 0)
        cut = len < width ? len : width;
      fwrite (buf, 1, cut, out);
      fputs ("\r\n", out);
      buf += cut;
      len -= cut;
      if (len > 0)
        {
          fputc (' ', out);
          width = FOLD_WIDTH - 1;
        }
    }
}

static void
emit (FILE *out, const char *buf, size_t len)
{
  struct ical_prop p;
  struct line_buf lb = { NULL, 0, 0 };

  if (ical_split (buf, len, &p) < 0)
    return;
  lb_append (&lb, p.name, strlen (p.name));
  if (p.params[0] != '\0')
    {
      lb_append (&lb, ";", 1);
      lb_append (&lb, p.params, strlen (p.params));
    }
  lb_append (&lb, ":", 1);
  lb_append (&lb, p.value, p.vlen);
  if (lb.s != NULL)
    ical_write_folded (out, lb.s, lb.len);
  free (lb.s);
}

int
main (int argc, char **argv)
{
  struct line_buf cur = { NULL, 0, 0 };
  char line[1024];
  FILE *fp = argc > 1 ? fopen (argv[1], "r") : stdin;

  if (fp == NULL)
    {
      perror (argv[1]);
      return 1;
    }
  while (fgets (line, sizeof line, fp))
    {
      size_t len = strcspn (line, "\r\n");

      if ((line[0] == ' ' || line[0] == '\t') && cur.len > 0)
        {
          lb_append (&cur, line + 1, len - 1);
          continue;
        }
      if (cur.len > 0)
        emit (stdout, cur.s, cur.len);
      cur.len = 0;
      if (len > 0)
        lb_append (&cur, line, len);
    }
  if (cur.len > 0)
    emit (stdout, cur.s, cur.len);
  free (cur.s);
  if (fp != stdin)
    fclose (fp);
  return 0;
}
