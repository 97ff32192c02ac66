#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define KV_TYPE_PUT    1
#define KV_TYPE_DEL    2
#define KV_KEY_MAX     255

struct kv_item
{
  int type;
  char key[KV_KEY_MAX + 1];
  unsigned char *value;
  uint32_t vlen;
};

struct kv_list
{
  struct kv_item *items;
  size_t count;
  size_t cap;
};

static uint32_t
get_u32 (const unsigned char *p)
{
  return (uint32_t) p[0] | ((uint32_t) p[1] << 8)
    | ((uint32_t) p[2] << 16) | ((uint32_t) p[3] << 24);
}

static struct kv_item *
kv_list_push (struct kv_list *list)
{
  if (list->count == list->cap)
    {
      size_t ncap = list->cap ? list->cap * 2 : 8;
      struct kv_item *n = realloc (list->items, ncap * sizeof *n);
      if (n == NULL)
        return NULL;
      list->items = n;
      list->cap = ncap;
    }
  memset (&list->items[list->count], 0, sizeof list->items[0]);
  return &list->items[list->count++];
}

void
kv_list_clear (struct kv_list *list)
{
  size_t i;

  for (i = 0; i < list->count; i++)
    free (list->items[i].value);
  free (list->items);
  list->items = NULL;
  list->count = list->cap = 0;
}

int
kv_decode (const unsigned char *buf, size_t len, struct kv_list *out)
{
  size_t pos = 0;

  while (pos < len)
    {
      struct kv_item *it;
      unsigned int type, klen;
      uint32_t vlen;

      if (len - pos < 2)
        return -1;
      type = buf[pos];
      klen = buf[pos + 1];
      pos += 2;
      if (type != KV_TYPE_PUT && type != KV_TYPE_DEL)
        return -1;
      if (len - pos < klen + 4u)
        return -1;

      it = kv_list_push (out);
      if (it == NULL)
        return -1;
      it->type = (int) type;
      memcpy (it->key, buf + pos, klen);
      it->key[klen] = '\0';
      pos += klen;

      vlen = get_u32 (buf + pos);
      pos += 4;
      if (vlen > (1u << 24))
        return -1;
      if (vlen > 0)
        {
          it->value = malloc (vlen);
          if (it->value == NULL)
            return -1;
          memcpy (it->value, buf + pos, vlen);
        }
      it->vlen = vlen;
      pos += vlen;
    }
  return 0;
}

static void
print_item (const struct kv_item *it)
{
  char preview[17];
  size_t n = it->vlen < sizeof preview - 1 ? it->vlen : sizeof preview - 1;
  size_t i;

  for (i = 0; i < n; i++)
    preview[i] = (it->value[i] >= 0x20 && it->value[i] < 0x7f)
      ? (char) it->value[i] : '.';
  preview[n] = '\0';
  printf ("%s %-20s %6u %s\n", it->type == KV_TYPE_PUT ? "PUT" : "DEL",
          it->key, (unsigned) it->vlen, preview);
}

int
main (int argc, char **argv)
{
  struct kv_list list = { NULL, 0, 0 };
  unsigned char *buf = NULL;
  size_t len = 0, cap = 0, n;
  FILE *fp = stdin;
  size_t i;

  if (argc > 1 && (fp = fopen (argv[1], "rb")) == NULL)
    {
      perror (argv[1]);
      return 1;
    }
  for (;;)
    {
      if (len == cap)
        {
          unsigned char *nb;
          cap = cap ? cap * 2 : 4096;
          nb = realloc (buf, cap);
          if (nb == NULL)
            {
              free (buf);
              return 1;
            }
          buf = nb;
        }
      n = fread (buf + len, 1, cap - len, fp);
      if (n == 0)
        break;
      len += n;
    }
  if (fp != stdin)
    fclose (fp);

  if (kv_decode (buf, len, &list) != 0)
    fprintf (stderr, "log truncated or corrupt after %zu records\n",
             list.count);
  for (i = 0; i < list.count; i++)
    print_item (&list.items[i]);
  kv_list_clear (&list);
  free (buf);
  return 0;
}
