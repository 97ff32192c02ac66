#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTRL(c) ((c) & 0x1f)

struct line_state
{
  char *buf;
  size_t len;
  size_t cap;
  size_t point;
  char kill[256];
};

static int
ls_reserve (struct line_state *ls, size_t n)
{
  size_t need = ls->len + n + 1;
  size_t ncap = ls->cap ? ls->cap : 16;
  char *nb;

  if (need <= ls->cap)
    return 0;
  while (ncap < need)
    ncap *= 2;
  nb = realloc (ls->buf, ncap);
  if (nb == NULL)
    return -1;
  ls->buf = nb;
  ls->cap = ncap;
  return 0;
}

int
ls_insert (struct line_state *ls, const char *text, size_t n)
{
  if (ls_reserve (ls, n) < 0)
    return -1;
  memmove (ls->buf + ls->point + n, ls->buf + ls->point, ls->len - ls->point);
  memcpy (ls->buf + ls->point, text, n);
  ls->len += n;
  ls->point += n;
  ls->buf[ls->len] = '\0';
  return 0;
}

static void
ls_forward_word (struct line_state *ls)
{
  while (ls->point < ls->len && !isalnum ((unsigned char) ls->buf[ls->point]))
    ls->point++;
  while (ls->point < ls->len && isalnum ((unsigned char) ls->buf[ls->point]))
    ls->point++;
}

static void
ls_backward_word (struct line_state *ls)
{
  while (ls->point > 0 && !isalnum ((unsigned char) ls->buf[ls->point - 1]))
    ls->point--;
  while (ls->point > 0 && isalnum ((unsigned char) ls->buf[ls->point - 1]))
    ls->point--;
}

static void
ls_kill_line (struct line_state *ls)
{
  size_t n = ls->len - ls->point;

  if (n >= sizeof ls->kill)
    n = sizeof ls->kill - 1;
  memcpy (ls->kill, ls->buf + ls->point, n);
  ls->kill[n] = '\0';
  ls->len = ls->point;
  ls->buf[ls->len] = '\0';
}

static void
ls_transpose (struct line_state *ls)
{
  char t;

  if (ls->len < 2 || ls->point == 0)
    return;
  if (ls->point == ls->len)
    ls->point--;
  t = ls->buf[ls->point - 1];
  ls->buf[ls->point - 1] = ls->buf[ls->point];
  ls->buf[ls->point] = t;
  ls->point++;
}

void
ls_feed (struct line_state *ls, int c, int meta)
{
  char ch = (char) c;

  if (meta)
    {
      if (c == 'f')
        ls_forward_word (ls);
      else if (c == 'b')
        ls_backward_word (ls);
      return;
    }
  switch (c)
    {
    case CTRL ('a'): ls->point = 0; break;
    case CTRL ('e'): ls->point = ls->len; break;
    case CTRL ('b'): if (ls->point > 0) ls->point--; break;
    case CTRL ('f'): if (ls->point < ls->len) ls->point++; break;
    case CTRL ('k'): ls_kill_line (ls); break;
    case CTRL ('t'): ls_transpose (ls); break;
    case CTRL ('y'): ls_insert (ls, ls->kill, strlen (ls->kill)); break;
    default:
      if (isprint ((unsigned char) c))
        ls_insert (ls, &ch, 1);
      break;
    }
}

int
main (void)
{
  struct line_state ls;
  int c, meta = 0;

  memset (&ls, 0, sizeof ls);
  if (ls_reserve (&ls, 1) < 0)
    return 1;
  ls.buf[0] = '\0';
  while ((c = getchar ()) != EOF)
    {
      if (c == 0x1b)
        {
          meta = 1;
          continue;
        }
      if (c == '\n')
        {
          printf ("%s\n", ls.buf);
          ls.len = ls.point = 0;
          ls.buf[0] = '\0';
          continue;
        }
      ls_feed (&ls, c, meta);
      meta = 0;
    }
  if (ls.len > 0)
    printf ("%s\n", ls.buf);
  free (ls.buf);
  return 0;
}
