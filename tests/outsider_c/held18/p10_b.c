#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct msg_summary
{
  char *from;
  char *subject;
  char *date;
  char *message_id;
  size_t body_lines;
};

struct header_buf
{
  char *s;
  size_t len;
  size_t cap;
};

static int
hb_append (struct header_buf *hb, const char *buf, size_t len)
{
  if (hb->len + len + 1 > hb->cap)
    {
      size_t ncap = hb->cap ? hb->cap : 128;
      char *ns;
      while (ncap < hb->len + len + 1)
        ncap *= 2;
      if ((ns = realloc (hb->s, ncap)) == NULL)
        return -1;
      hb->s = ns;
      hb->cap = ncap;
    }
  memcpy (hb->s + hb->len, buf, len);
  hb->len += len;
  hb->s[hb->len] = '\0';
  return 0;
}

static void
set_field (char **slot, char *value)
{
  free (*slot);
  *slot = value;
}

static void
summary_reset (struct msg_summary *m)
{
  free (m->from);
  free (m->subject);
  free (m->date);
  free (m->message_id);
  memset (m, 0, sizeof *m);
}

void
summary_header (struct msg_summary *m, const char *buf, size_t len)
{
  const char *colon = memchr (buf, ':', len);
  const char *v;
  size_t nlen, vlen;
  char *value;

  if (colon == NULL)
    return;
  nlen = (size_t) (colon - buf);
  v = colon + 1;
  while (v < buf + len && isspace ((unsigned char) *v))
    v++;
  vlen = (size_t) (buf + len - v);
  if ((value = malloc (vlen + 1)) == NULL)
    return;
  memcpy (value, v, vlen);
  value[vlen] = '\0';
  if (nlen == 4 && strncasecmp (buf, "From", 4) == 0)
    set_field (&m->from, value);
  else if (nlen == 7 && strncasecmp (buf, "Subject", 7) == 0)
    set_field (&m->subject, value);
  else if (nlen == 4 && strncasecmp (buf, "Date", 4) == 0)
    set_field (&m->date, value);
  else if (nlen == 10 && strncasecmp (buf, "Message-ID", 10) == 0)
    set_field (&m->message_id, value);
  else
    free (value);
}

static void
summary_print (const struct msg_summary *m, unsigned n)
{
  char idbuf[64];

  if (m->message_id != NULL)
    snprintf (idbuf, sizeof idbuf, "%s", m->message_id);
  else
    strcpy (idbuf, "<none>");
  printf ("%4u %-24.24s %-40.40s %5zu %s\n", n, m->from ? m->from : "",
          m->subject ? m->subject : "", m->body_lines, idbuf);
}

int
main (int argc, char **argv)
{
  struct msg_summary m;
  struct header_buf hb = { NULL, 0, 0 };
  char line[1024];
  int in_headers = 0;
  unsigned count = 0;
  FILE *fp = argc > 1 ? fopen (argv[1], "r") : stdin;

  if (fp == NULL)
    {
      perror (argv[1]);
      return 1;
    }
  memset (&m, 0, sizeof m);
  while (fgets (line, sizeof line, fp))
    {
      size_t len = strcspn (line, "\r\n");

      if (strncmp (line, "From ", 5) == 0)
        {
          if (count > 0)
            summary_print (&m, count);
          summary_reset (&m);
          count++;
          in_headers = 1;
          hb.len = 0;
          continue;
        }
      if (!in_headers)
        {
          m.body_lines++;
          continue;
        }
      if (len > 0 && (line[0] == ' ' || line[0] == '\t') && hb.len > 0)
        {
          hb_append (&hb, " ", 1);
          hb_append (&hb, line + 1, len - 1);
          continue;
        }
      if (hb.len > 0)
        summary_header (&m, hb.s, hb.len);
      hb.len = 0;
      if (len == 0)
        in_headers = 0;
      else
        hb_append (&hb, line, len);
    }
  if (in_headers && hb.len > 0)
    summary_header (&m, hb.s, hb.len);
  if (count > 0)
    summary_print (&m, count);
  summary_reset (&m);
  free (hb.s);
  if (fp != stdin)
    fclose (fp);
  return 0;
}
