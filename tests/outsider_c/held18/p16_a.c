#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct print_job
{
  char title[128];
  int copies;
  int paper;
  int orientation;
  int resets;
  int pages;
};

static int
is_plain (const char *s)
{
  if (*s == '\0')
    return 0;
  for (; *s; s++)
    if (!isalnum ((unsigned char) *s) && !strchr ("-_. ", *s))
      return 0;
  return 1;
}

static size_t
pcl_param (const char *buf, size_t len, size_t i, int *value, int *cmd)
{
  int v = 0;

  while (i < len && isdigit ((unsigned char) buf[i]))
    {
      if (v < 100000)
        v = v * 10 + (buf[i] - '0');
      i++;
    }
  *value = v;
  *cmd = i < len ? (unsigned char) buf[i] : 0;
  return i + 1;
}

static void
pjl_line (struct print_job *job, const char *line)
{
  const char *p;
  size_t n;

  if ((p = strstr (line, "NAME=\"")) != NULL)
    {
      p += 6;
      n = strcspn (p, "\"");
      if (n >= sizeof job->title)
        n = sizeof job->title - 1;
      memcpy (job->title, p, n);
      job->title[n] = '\0';
    }
  else if (sscanf (line, "@PJL SET COPIES=%d", &job->copies) == 1)
    {
      if (job->copies < 1 || job->copies > 99)
        job->copies = 1;
    }
}

void
pcl_scan (struct print_job *job, const char *buf, size_t len)
{
  size_t i = 0;
  int v, cmd;

  while (i < len)
    {
      if (buf[i] == '@' && len - i > 4 && memcmp (buf + i, "@PJL", 4) == 0)
        {
          char line[256];
          size_t n = 0;
          while (i < len && buf[i] != '\n' && n + 1 < sizeof line)
            line[n++] = buf[i++];
          line[n] = '\0';
          pjl_line (job, line);
          continue;
        }
      if (buf[i] == '\f')
        job->pages++;
      if (buf[i] != 0x1b || i + 1 >= len)
        {
          i++;
          continue;
        }
      if (buf[i + 1] == 'E')
        {
          job->resets++;
          i += 2;
        }
      else if (i + 3 < len && buf[i + 1] == '&' && buf[i + 2] == 'l')
        {
          i = pcl_param (buf, len, i + 3, &v, &cmd);
          if (cmd == 'A')
            job->paper = v;
          else if (cmd == 'O')
            job->orientation = v;
          else if (cmd == 'X' && v >= 1 && v <= 99)
            job->copies = v;
        }
      else
        i += 2;
    }
}

int
main (int argc, char **argv)
{
  struct print_job job;
  char cmd[512];
  char *data;
  long size;
  FILE *fp, *lp;
  const char *queue = argc > 2 ? argv[2] : "default";

  if (argc < 2 || (fp = fopen (argv[1], "rb")) == NULL)
    {
      fprintf (stderr, "usage: %s JOBFILE [QUEUE]\n", argv[0]);
      return 2;
    }
  if (!is_plain (queue))
    {
      fprintf (stderr, "unsupported queue name\n");
      fclose (fp);
      return 2;
    }
  fseek (fp, 0, SEEK_END);
  size = ftell (fp);
  rewind (fp);
  if (size <= 0 || (data = malloc ((size_t) size)) == NULL)
    {
      fclose (fp);
      return 1;
    }
  size = (long) fread (data, 1, (size_t) size, fp);
  fclose (fp);
  memset (&job, 0, sizeof job);
  job.copies = 1;
  strcpy (job.title, "untitled");
  pcl_scan (&job, data, (size_t) size);
  printf ("job '%s': %d cop%s, paper %d, orient %d, %d resets, %d pages\n",
          job.title, job.copies, job.copies == 1 ? "y" : "ies", job.paper,
          job.orientation, job.resets, job.pages + 1);
  snprintf (cmd, sizeof cmd, "lp -d %s -n %d -t \"%s\"", queue, job.copies,
            job.title);
  if ((lp = popen (cmd, "w")) == NULL)
    {
      free (data);
      return 1;
    }
  fwrite (data, 1, (size_t) size, lp);
  free (data);
  return pclose (lp) == 0 ? 0 : 1;
}
