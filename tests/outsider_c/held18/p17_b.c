#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct maildir_stats
{
  unsigned total;
  unsigned unseen;
  unsigned flagged;
  unsigned trashed;
};

struct name_list
{
  char **v;
  size_t n;
  size_t cap;
};

static int
nl_add (struct name_list *nl, const char *name)
{
  if (nl->n == nl->cap)
    {
      size_t ncap = nl->cap ? nl->cap * 2 : 32;
      char **nv = realloc (nl->v, ncap * sizeof *nv);
      if (nv == NULL)
        return -1;
      nl->v = nv;
      nl->cap = ncap;
    }
  if ((nl->v[nl->n] = strdup (name)) == NULL)
    return -1;
  nl->n++;
  return 0;
}

static void
sort_flags (char *buf, size_t len)
{
  size_t i, j;

  for (i = 1; i < len; i++)
    for (j = i; j > 0 && buf[j - 1] > buf[j]; j--)
      {
        char t = buf[j];
        buf[j] = buf[j - 1];
        buf[j - 1] = t;
      }
}

int
maildir_add_flag (const char *name, int flag, char *out, size_t outlen)
{
  char base[256], flags[16];
  const char *info = strstr (name, ":2,");
  size_t blen, flen;

  blen = info ? (size_t) (info - name) : strlen (name);
  if (blen >= sizeof base)
    return -1;
  memcpy (base, name, blen);
  base[blen] = '\0';
  flags[0] = '\0';
  if (info != NULL)
    {
      if (strlen (info + 3) >= sizeof flags)
        return -1;
      strcpy (flags, info + 3);
    }
  flen = strlen (flags);
  if (strchr (flags, flag) == NULL && flen + 1 < sizeof flags)
    {
      flags[flen++] = (char) flag;
      flags[flen] = '\0';
    }
  sort_flags (flags, flen);
  return snprintf (out, outlen, "%s:2,%s", base, flags) < (int) outlen ? 0 : -1;
}

static void
count_flags (struct maildir_stats *st, const char *name)
{
  const char *info = strstr (name, ":2,");

  st->total++;
  if (info == NULL || strchr (info + 3, 'S') == NULL)
    st->unseen++;
  if (info != NULL && strchr (info + 3, 'F') != NULL)
    st->flagged++;
  if (info != NULL && strchr (info + 3, 'T') != NULL)
    st->trashed++;
}

int
main (int argc, char **argv)
{
  struct maildir_stats st = { 0, 0, 0, 0 };
  struct name_list nl = { NULL, 0, 0 };
  char path[4096], renamed[512];
  struct dirent *de;
  DIR *dir;
  size_t i;
  int mark = argc > 2 && strcmp (argv[2], "--mark-seen") == 0;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s MAILDIR [--mark-seen]\n", argv[0]);
      return 2;
    }
  snprintf (path, sizeof path, "%s/cur", argv[1]);
  if ((dir = opendir (path)) == NULL)
    {
      perror (path);
      return 1;
    }
  while ((de = readdir (dir)) != NULL)
    if (de->d_name[0] != '.')
      nl_add (&nl, de->d_name);
  closedir (dir);
  for (i = 0; i < nl.n; i++)
    {
      count_flags (&st, nl.v[i]);
      if (mark && maildir_add_flag (nl.v[i], 'S', renamed, sizeof renamed) == 0
          && strcmp (renamed, nl.v[i]) != 0)
        printf ("%s -> %s\n", nl.v[i], renamed);
      free (nl.v[i]);
    }
  free (nl.v);
  printf ("%u messages, %u unseen, %u flagged, %u trashed\n", st.total,
          st.unseen, st.flagged, st.trashed);
  return 0;
}
