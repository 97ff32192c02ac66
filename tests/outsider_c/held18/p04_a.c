#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 16

enum vt_state { VT_GROUND, VT_ESCAPE, VT_CSI, VT_OSC };

struct vt_parser
{
  enum vt_state state;
  char pbuf[64];
  size_t plen;
  char private_mark;
  int row, col;
  int rows, cols;
  int attr;
  char title[128];
  size_t tlen;
};

static int
clamp (int v, int lo, int hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

static size_t
vt_split_args (const char *buf, size_t len, int *args)
{
  size_t i, n = 0;

  args[0] = 0;
  for (i = 0; i < len; i++)
    {
      if (buf[i] == ';')
        {
          n++;
          args[n] = 0;
        }
      else if (buf[i] >= '0' && buf[i] <= '9')
        args[n] = args[n] * 10 + (buf[i] - '0');
      if (args[n] > 9999)
        args[n] = 9999;
    }
  return n + 1;
}

static void
vt_csi_dispatch (struct vt_parser *p, int final)
{
  int args[MAX_ARGS];
  size_t n = vt_split_args (p->pbuf, p->plen, args);
  int a = args[0] ? args[0] : 1;
  size_t i;

  switch (final)
    {
    case 'A': p->row = clamp (p->row - a, 0, p->rows - 1); break;
    case 'B': p->row = clamp (p->row + a, 0, p->rows - 1); break;
    case 'C': p->col = clamp (p->col + a, 0, p->cols - 1); break;
    case 'D': p->col = clamp (p->col - a, 0, p->cols - 1); break;
    case 'H':
    case 'f':
      p->row = clamp (a - 1, 0, p->rows - 1);
      p->col = clamp ((n > 1 && args[1] ? args[1] : 1) - 1, 0, p->cols - 1);
      break;
    case 'm':
      for (i = 0; i < n; i++)
        {
          if (args[i] == 0)
            p->attr = 0;
          else if (args[i] < 10)
            p->attr |= 1 << args[i];
          else if (args[i] >= 20 && args[i] < 30)
            p->attr &= ~(1 << (args[i] - 20));
        }
      break;
    default:
      break;
    }
  printf ("CSI %c%c n=%zu -> row=%d col=%d attr=%#x\n",
          p->private_mark ? p->private_mark : ' ', final, n,
          p->row, p->col, (unsigned) p->attr);
}

void
vt_feed (struct vt_parser *p, const char *buf, size_t len)
{
  size_t i;

  for (i = 0; i < len; i++)
    {
      unsigned char c = (unsigned char) buf[i];

      switch (p->state)
        {
        case VT_GROUND:
          if (c == 0x1b)
            p->state = VT_ESCAPE;
          else if (c >= 0x20 && c < 0x7f)
            p->col = clamp (p->col + 1, 0, p->cols - 1);
          break;
        case VT_ESCAPE:
          p->plen = 0;
          p->private_mark = 0;
          p->tlen = 0;
          p->state = c == '[' ? VT_CSI : c == ']' ? VT_OSC : VT_GROUND;
          break;
        case VT_CSI:
          if (c == '?' || c == '>')
            p->private_mark = (char) c;
          else if ((c >= '0' && c <= '9') || c == ';')
            {
              if (p->plen < sizeof p->pbuf)
                p->pbuf[p->plen++] = (char) c;
            }
          else if (c >= 0x40 && c <= 0x7e)
            {
              vt_csi_dispatch (p, c);
              p->state = VT_GROUND;
            }
          break;
        case VT_OSC:
          if (c == 0x07)
            {
              p->title[p->tlen] = '\0';
              if (strncmp (p->title, "0;", 2) == 0 || strncmp (p->title, "2;", 2) == 0)
                printf ("title: %s\n", p->title + 2);
              p->state = VT_GROUND;
            }
          else if (p->tlen + 1 < sizeof p->title)
            p->title[p->tlen++] = (char) c;
          break;
        }
    }
}

int
main (int argc, char **argv)
{
  struct vt_parser p;
  char buf[512];
  size_t n;
  FILE *fp = stdin;

  memset (&p, 0, sizeof p);
  p.rows = 24;
  p.cols = 80;
  if (argc > 1 && (fp = fopen (argv[1], "rb")) == NULL)
    {
      perror (argv[1]);
      return 1;
    }
  while ((n = fread (buf, 1, sizeof buf, fp)) > 0)
    vt_feed (&p, buf, n);
  if (fp != stdin)
    fclose (fp);
  return 0;
}
