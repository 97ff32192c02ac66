#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>

#define MESH_MAX_VERTS (1u << 20)
#define MESH_MAX_INDICES (1u << 22)
#define MESH_CACHE_SIZE 16
#define MESH_HEADER_SIZE 16

typedef struct {
   float *pos;
   uint32_t *idx;
   uint32_t vcount, icount;
} mesh_t;

static uint32_t mesh__le32(const uint8_t *p)
{
   return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

void mesh_free(mesh_t *m)
{
   free(m->pos);
   free(m->idx);
   memset(m, 0, sizeof(*m));
}

int mesh_load(mesh_t *m, const uint8_t *data, size_t len)
{
   uint32_t i, isz;
   const uint8_t *ip;
   size_t need;

   memset(m, 0, sizeof(*m));
   if (len < MESH_HEADER_SIZE || memcmp(data, "MSH1", 4) != 0) return 0;
   m->vcount = mesh__le32(data + 4);
   m->icount = mesh__le32(data + 8);
   isz = data[12];
   if ((isz != 2 && isz != 4) || m->vcount == 0 || m->vcount > MESH_MAX_VERTS ||
       m->icount == 0 || m->icount > MESH_MAX_INDICES || m->icount % 3 != 0)
      return 0;
   need = MESH_HEADER_SIZE + (size_t)m->vcount * 12 + (size_t)m->icount * isz;
   if (need > len) return 0;
   m->pos = (float *)malloc(m->vcount * 3 * sizeof(float));
   m->idx = (uint32_t *)malloc(m->icount * sizeof(uint32_t));
   if (!m->pos || !m->idx) goto fail;
   memcpy(m->pos, data + MESH_HEADER_SIZE, m->vcount * 3 * sizeof(float));
   ip = data + MESH_HEADER_SIZE + (size_t)m->vcount * 12;
   for (i = 0; i < m->icount; ++i) {
      uint32_t v = isz == 2 ? (uint32_t)(ip[i * 2] | (ip[i * 2 + 1] << 8)) : mesh__le32(ip + i * 4);
      if (v >= m->vcount) goto fail;
      m->idx[i] = v;
   }
   return 1;
fail:
   mesh_free(m);
   return 0;
}

static double mesh_area(const mesh_t *m, float bmin[3], float bmax[3])
{
   double area = 0.0;
   uint32_t t, k, c;
   for (c = 0; c < 3; ++c) { bmin[c] = INFINITY; bmax[c] = -INFINITY; }
   for (t = 0; t < m->icount; t += 3) {
      const float *a = m->pos + m->idx[t] * 3;
      const float *b = m->pos + m->idx[t + 1] * 3;
      const float *d = m->pos + m->idx[t + 2] * 3;
      float u[3], v[3];
      double cx, cy, cz;
      for (c = 0; c < 3; ++c) {
         u[c] = b[c] - a[c];
         v[c] = d[c] - a[c];
         for (k = 0; k < 3; ++k) {
            float p = (k == 0 ? a : k == 1 ? b : d)[c];
            if (p < bmin[c]) bmin[c] = p;
            if (p > bmax[c]) bmax[c] = p;
         }
      }
      cx = (double)u[1] * v[2] - (double)u[2] * v[1];
      cy = (double)u[2] * v[0] - (double)u[0] * v[2];
      cz = (double)u[0] * v[1] - (double)u[1] * v[0];
      area += 0.5 * sqrt(cx * cx + cy * cy + cz * cz);
   }
   return area;
}

static double mesh_acmr(const mesh_t *m)
{
   uint32_t cache[MESH_CACHE_SIZE];
   uint32_t i, j, misses = 0, head = 0, filled = 0;
   for (i = 0; i < m->icount; ++i) {
      for (j = 0; j < filled; ++j)
         if (cache[j] == m->idx[i]) break;
      if (j < filled) continue;
      misses++;
      cache[head] = m->idx[i];
      head = (head + 1) % MESH_CACHE_SIZE;
      if (filled < MESH_CACHE_SIZE) filled++;
   }
   return (double)misses / (m->icount / 3);
}

int main(int argc, char **argv)
{
   FILE *f;
   uint8_t *buf;
   long sz;
   mesh_t m;
   float bmin[3], bmax[3];
   double area;

   if (argc != 2 || !(f = fopen(argv[1], "rb"))) {
      fprintf(stderr, "usage: %s mesh.bin\n", argv[0]);
      return 2;
   }
   fseek(f, 0, SEEK_END);
   sz = ftell(f);
   rewind(f);
   if (sz <= 0 || sz > (256L << 20)) {
      fclose(f);
      return 1;
   }
   buf = (uint8_t *)malloc(sz);
   if (!buf || fread(buf, 1, sz, f) != (size_t)sz) {
      fclose(f);
      free(buf);
      return 1;
   }
   fclose(f);
   if (!mesh_load(&m, buf, (size_t)sz)) {
      fprintf(stderr, "%s: malformed mesh\n", argv[1]);
      free(buf);
      return 1;
   }
   free(buf);
   area = mesh_area(&m, bmin, bmax);
   printf("verts %u tris %u area %.4f acmr %.3f\n", m.vcount, m.icount / 3, area, mesh_acmr(&m));
   printf("bbox (%g %g %g) - (%g %g %g)\n", bmin[0], bmin[1], bmin[2], bmax[0], bmax[1], bmax[2]);
   mesh_free(&m);
   return 0;
}
