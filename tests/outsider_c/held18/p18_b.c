#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct file_patch
{
  char *old_name;
  char *new_name;
  unsigned hunks;
  unsigned added;
  unsigned removed;
};

static char *
header_name (const char *buf, size_t len)
{
  size_t n = 0;
  char *name, *end;

  while (n < len && buf[n] != '\t')
    n++;
  if ((name = malloc (n + 1)) == NULL)
    return NULL;
  memcpy (name, buf, n);
  name[n] = '\0';
  end = name + n;
  while (end > name && isspace ((unsigned char) end[-1]))
    *--end = '\0';
  return name;
}

static const char *
strip_components (const char *path, int strip)
{
  const char *p = path;

  while (strip-- > 0)
    {
      const char *slash = strchr (p, '/');
      if (slash == NULL)
        return NULL;
      p = slash + 1;
    }
  return p;
}

static int
path_acceptable (const char *path)
{
  const char *p = path;

  if (path == NULL || *path == '\0' || *path == '/')
    return 0;
  while ((p = strstr (p, "..")) != NULL)
    {
      if ((p == path || p[-1] == '/') && (p[2] == '/' || p[2] == '\0'))
        return 0;
      p += 2;
    }
  return 1;
}

static void
report (struct file_patch *fp, int strip)
{
  const char *target;
  char label[64];

  if (fp->new_name == NULL)
    return;
  target = strip_components (strcmp (fp->new_name, "/dev/null") == 0
                             ? fp->old_name : fp->new_name, strip);
  if (!path_acceptable (target))
    printf ("skipping patch with unusable file name\n");
  else
    {
      if (strlen (target) < sizeof label)
        strcpy (label, target);
      else
        snprintf (label, sizeof label, "...%s", target + strlen (target) - 40);
      printf ("patching file %s (%u hunks, +%u -%u)\n", label, fp->hunks,
              fp->added, fp->removed);
    }
  free (fp->old_name);
  free (fp->new_name);
  memset (fp, 0, sizeof *fp);
}

int
main (int argc, char **argv)
{
  struct file_patch cur;
  char line[4096];
  int strip = 1;

  if (argc > 1 && strncmp (argv[1], "-p", 2) == 0)
    strip = atoi (argv[1] + 2);
  memset (&cur, 0, sizeof cur);
  while (fgets (line, sizeof line, stdin))
    {
      size_t len = strcspn (line, "\n");

      if (strncmp (line, "--- ", 4) == 0)
        {
          report (&cur, strip);
          free (cur.old_name);
          cur.old_name = header_name (line + 4, len - 4);
        }
      else if (strncmp (line, "+++ ", 4) == 0 && cur.old_name != NULL)
        {
          free (cur.new_name);
          cur.new_name = header_name (line + 4, len - 4);
        }
      else if (strncmp (line, "@@ ", 3) == 0)
        cur.hunks++;
      else if (line[0] == '+' && cur.hunks > 0)
        cur.added++;
      else if (line[0] == '-' && cur.hunks > 0)
        cur.removed++;
    }
  report (&cur, strip);
  free (cur.old_name);
  free (cur.new_name);
  return 0;
}
