#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum bind_kind { KB_NONE, KB_FUNC, KB_MACRO };

struct binding
{
  char seq[16];
  size_t seqlen;
  enum bind_kind kind;
  char func[48];
  char *macro;
};

struct keymap
{
  struct binding *v;
  size_t n;
  size_t cap;
};

static int
unescape (const char *in, char *out, size_t outlen, const char **endp)
{
  size_t o = 0;

  if (*in++ != '"')
    return -1;
  while (*in && *in != '"')
    {
      int c = (unsigned char) *in++;
      if (c == '\\' && *in)
        {
          c = (unsigned char) *in++;
          if (c == 'e')
            c = 0x1b;
          else if (c == 'C' && *in == '-' && in[1])
            {
              c = toupper ((unsigned char) in[1]) & 0x1f;
              in += 2;
            }
        }
      if (o + 1 >= outlen)
        return -1;
      out[o++] = (char) c;
    }
  if (*in != '"')
    return -1;
  out[o] = '\0';
  *endp = in + 1;
  return (int) o;
}

static struct binding *
keymap_slot (struct keymap *km, const char *seq, size_t len)
{
  size_t i;

  for (i = 0; i < km->n; i++)
    if (km->v[i].seqlen == len && memcmp (km->v[i].seq, seq, len) == 0)
      return &km->v[i];
  if (km->n == km->cap)
    {
      size_t ncap = km->cap ? km->cap * 2 : 16;
      struct binding *nv = realloc (km->v, ncap * sizeof *nv);
      if (nv == NULL)
        return NULL;
      km->v = nv;
      km->cap = ncap;
    }
  memset (&km->v[km->n], 0, sizeof km->v[km->n]);
  memcpy (km->v[km->n].seq, seq, len);
  km->v[km->n].seqlen = len;
  return &km->v[km->n++];
}

int
keymap_parse_line (struct keymap *km, const char *line)
{
  char seq[16], text[256];
  const char *rest;
  struct binding *b;
  int n;

  if ((n = unescape (line, seq, sizeof seq, &rest)) <= 0)
    return -1;
  while (*rest == ':' || isspace ((unsigned char) *rest))
    rest++;
  if ((b = keymap_slot (km, seq, (size_t) n)) == NULL)
    return -1;
  if (b->kind == KB_MACRO)
    {
      free (b->macro);
      b->macro = NULL;
    }
  b->kind = KB_NONE;
  if (*rest == '"')
    {
      if (unescape (rest, text, sizeof text, &rest) < 0)
        return -1;
      if ((b->macro = strdup (text)) == NULL)
        return -1;
      b->kind = KB_MACRO;
    }
  else
    {
      if (sscanf (rest, "%47[A-Za-z0-9-]", b->func) != 1)
        return -1;
      b->kind = KB_FUNC;
    }
  return 0;
}

void
keymap_free (struct keymap *km)
{
  size_t i;

  for (i = 0; i < km->n; i++)
    free (km->v[i].macro);
  free (km->v);
  km->v = NULL;
  km->n = km->cap = 0;
}

int
main (int argc, char **argv)
{
  struct keymap km = { NULL, 0, 0 };
  char line[512];
  unsigned lineno = 0;
  size_t i, j;
  FILE *fp = argc > 1 ? fopen (argv[1], "r") : stdin;

  if (fp == NULL)
    {
      perror (argv[1]);
      return 1;
    }
  while (fgets (line, sizeof line, fp))
    {
      lineno++;
      line[strcspn (line, "\n")] = '\0';
      if (line[0] == '#' || line[0] == '\0')
        continue;
      if (keymap_parse_line (&km, line) < 0)
        fprintf (stderr, "line %u: cannot parse binding\n", lineno);
    }
  for (i = 0; i < km.n; i++)
    {
      for (j = 0; j < km.v[i].seqlen; j++)
        printf ((unsigned char) km.v[i].seq[j] < 0x20 ? "^%c" : "%c",
                (unsigned char) km.v[i].seq[j] < 0x20 ? km.v[i].seq[j] + '@' : km.v[i].seq[j]);
      if (km.v[i].kind == KB_MACRO)
        printf (" -> \"%s\"\n", km.v[i].macro);
      else if (km.v[i].kind == KB_FUNC)
        printf (" -> %s\n", km.v[i].func);
      else
        printf (" unbound\n");
    }
  keymap_free (&km);
  if (fp != stdin)
    fclose (fp);
  return 0;
}
