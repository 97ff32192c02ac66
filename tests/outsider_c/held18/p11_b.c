#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct dstr
{
  char *s;
  size_t len;
  size_t cap;
};

static int
dstr_add (struct dstr *d, const char *buf, size_t len)
{
  if (d->len + len + 1 > d->cap)
    {
      size_t ncap = d->cap ? d->cap * 2 : 64;
      char *ns;
      while (ncap < d->len + len + 1)
        ncap *= 2;
      if ((ns = realloc (d->s, ncap)) == NULL)
        return -1;
      d->s = ns;
      d->cap = ncap;
    }
  memcpy (d->s + d->len, buf, len);
  d->len += len;
  d->s[d->len] = '\0';
  return 0;
}

static int
b64_value (int c)
{
  const char *alpha =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const char *p = c ? strchr (alpha, c) : NULL;
  return p ? (int) (p - alpha) : -1;
}

static size_t
decode_b (const char *in, size_t len, char *out)
{
  unsigned long acc = 0;
  int bits = 0;
  size_t i, o = 0;

  for (i = 0; i < len && in[i] != '='; i++)
    {
      int v = b64_value ((unsigned char) in[i]);
      if (v < 0)
        continue;
      acc = (acc << 6) | (unsigned long) v;
      bits += 6;
      if (bits >= 8)
        {
          bits -= 8;
          out[o++] = (char) ((acc >> bits) & 0xff);
        }
    }
  return o;
}

static int
hexval (int c)
{
  if (isdigit (c))
    return c - '0';
  c = toupper (c);
  return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static size_t
decode_q (const char *in, size_t len, char *out)
{
  size_t i, o = 0;

  for (i = 0; i < len; i++)
    {
      if (in[i] == '_')
        out[o++] = ' ';
      else if (in[i] == '=' && i + 2 < len
               && hexval ((unsigned char) in[i + 1]) >= 0
               && hexval ((unsigned char) in[i + 2]) >= 0)
        {
          out[o++] = (char) (hexval ((unsigned char) in[i + 1]) * 16
                             + hexval ((unsigned char) in[i + 2]));
          i += 2;
        }
      else
        out[o++] = in[i];
    }
  return o;
}

static size_t
decode_word (const char *w, size_t len, struct dstr *out)
{
  const char *cs_end, *text, *end;
  size_t tlen, cap, n;
  char enc;
  char *buf;

  if (len < 8 || w[0] != '=' || w[1] != '?')
    return 0;
  cs_end = memchr (w + 2, '?', len - 2);
  if (cs_end == NULL || cs_end + 3 >= w + len || cs_end[2] != '?')
    return 0;
  enc = (char) toupper ((unsigned char) cs_end[1]);
  if (enc != 'B' && enc != 'Q')
    return 0;
  text = cs_end + 3;
  for (end = text; end + 1 < w + len; end++)
    if (end[0] == '?' && end[1] == '=')
      break;
  if (end + 1 >= w + len)
    return 0;
  tlen = (size_t) (end - text);
  cap = enc == 'B' ? (tlen + 3) / 4 * 3 : tlen;
  if ((buf = malloc (cap + 1)) == NULL)
    return 0;
  n = enc == 'B' ? decode_b (text, tlen, buf) : decode_q (text, tlen, buf);
  dstr_add (out, buf, n);
  free (buf);
  return (size_t) (end + 2 - w);
}

char *
mime_decode_header (const char *in, size_t len)
{
  struct dstr out = { NULL, 0, 0 };
  size_t i = 0, pending = 0, used;
  int prev_word = 0;

  if (dstr_add (&out, "", 0) < 0)
    return NULL;
  while (i < len)
    {
      if (in[i] == '=' && i + 1 < len && in[i + 1] == '?'
          && (used = decode_word (in + i, len - i, &out)) > 0)
        {
          i += used;
          pending = 0;
          prev_word = 1;
          continue;
        }
      if (prev_word && (in[i] == ' ' || in[i] == '\t'))
        {
          pending++;
          i++;
          continue;
        }
      if (pending > 0)
        dstr_add (&out, in + i - pending, pending);
      pending = 0;
      prev_word = 0;
      dstr_add (&out, in + i, 1);
      i++;
    }
  return out.s;
}

int
main (void)
{
  char line[2048];
  char label[32];

  while (fgets (line, sizeof line, stdin))
    {
      size_t len = strcspn (line, "\r\n");
      const char *colon = memchr (line, ':', len);
      char *dec;

      if (colon != NULL && (size_t) (colon - line) < sizeof label)
        {
          memcpy (label, line, (size_t) (colon - line));
          label[colon - line] = '\0';
        }
      else
        strcpy (label, "-");
      dec = mime_decode_header (line, len);
      if (dec != NULL)
        printf ("%s\t%s\n", label, dec);
      free (dec);
    }
  return 0;
}
