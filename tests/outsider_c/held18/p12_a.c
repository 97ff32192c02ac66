#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct vprop
{
  char name[32];
  char *params;
  char *value;
};

struct vcard
{
  struct vprop *props;
  size_t n;
  size_t cap;
};

static void
vcard_clear (struct vcard *c)
{
  size_t i;

  for (i = 0; i < c->n; i++)
    {
      free (c->props[i].params);
      free (c->props[i].value);
    }
  free (c->props);
  c->props = NULL;
  c->n = c->cap = 0;
}

int
vcard_add_line (struct vcard *c, const char *buf, size_t len)
{
  const char *colon = memchr (buf, ':', len);
  const char *semi;
  size_t nlen;
  struct vprop *p;

  if (colon == NULL)
    return -1;
  semi = memchr (buf, ';', (size_t) (colon - buf));
  nlen = (size_t) ((semi ? semi : colon) - buf);
  if (nlen == 0 || nlen >= sizeof p->name)
    return -1;
  if (c->n == c->cap)
    {
      size_t ncap = c->cap ? c->cap * 2 : 8;
      struct vprop *np = realloc (c->props, ncap * sizeof *np);
      if (np == NULL)
        return -1;
      c->props = np;
      c->cap = ncap;
    }
  p = &c->props[c->n];
  memcpy (p->name, buf, nlen);
  p->name[nlen] = '\0';
  p->params = semi ? strndup (semi + 1, (size_t) (colon - semi - 1)) : NULL;
  p->value = strndup (colon + 1, len - (size_t) (colon + 1 - buf));
  if (p->value == NULL)
    {
      free (p->params);
      return -1;
    }
  c->n++;
  return 0;
}

const struct vprop *
vcard_find (const struct vcard *c, const char *name)
{
  size_t i;

  for (i = 0; i < c->n; i++)
    if (strcasecmp (c->props[i].name, name) == 0)
      return &c->props[i];
  return NULL;
}

static void
vcard_print (const struct vcard *c, unsigned idx)
{
  const struct vprop *name = vcard_find (c, "FN");
  const struct vprop *mail = vcard_find (c, "EMAIL");
  const struct vprop *tel = vcard_find (c, "TEL");
  char shown[64];
  size_t i, w;

  if (name == NULL)
    name = vcard_find (c, "N");
  if (name == NULL)
    {
      printf ("%3u  (no name)\n", idx);
      return;
    }
  w = strlen (name->value);
  if (w >= sizeof shown)
    w = sizeof shown - 1;
  for (i = 0; i < w; i++)
    shown[i] = name->value[i] == ';' ? ' ' : name->value[i];
  shown[w] = '\0';
  printf ("%3u  %-30s  %-32s  %s\n", idx, shown, mail ? mail->value : "",
          tel ? tel->value : "");
}

int
main (int argc, char **argv)
{
  struct vcard card = { NULL, 0, 0 };
  char line[1024], logical[4096];
  size_t llen = 0;
  unsigned count = 0;
  FILE *fp = argc > 1 ? fopen (argv[1], "r") : stdin;

  if (fp == NULL)
    {
      perror (argv[1]);
      return 1;
    }
  logical[0] = '\0';
  for (;;)
    {
      int more = fgets (line, sizeof line, fp) != NULL;
      size_t len = more ? strcspn (line, "\r\n") : 0;

      if (more && llen > 0 && (line[0] == ' ' || line[0] == '\t'))
        {
          if (llen + len - 1 < sizeof logical)
            {
              memcpy (logical + llen, line + 1, len - 1);
              llen += len - 1;
            }
          continue;
        }
      if (llen > 0)
        {
          if (llen == 9 && strncasecmp (logical, "END:VCARD", 9) == 0)
            {
              vcard_print (&card, ++count);
              vcard_clear (&card);
            }
          else if (!(llen == 11 && strncasecmp (logical, "BEGIN:VCARD", 11) == 0))
            vcard_add_line (&card, logical, llen);
        }
      if (!more)
        break;
      llen = len < sizeof logical ? len : sizeof logical - 1;
      memcpy (logical, line, llen);
    }
  vcard_clear (&card);
  if (fp != stdin)
    fclose (fp);
  return 0;
}
