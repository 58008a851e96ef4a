/* Compute-bound benchmark program: integer matrix products, bit mixing and calls in a loop.
 * ROUNDS is set at build time; the checksum is printed so every engine's run can be checked. */
#include <stdio.h>
#include <stdint.h>

#ifndef ROUNDS
#define ROUNDS 1000
#endif

#define N 8
static int32_t a[N][N], b[N][N], c[N][N];
/* volatile: the code is the same for every ROUNDS, so the instruction count is linear in it. */
static volatile int rounds = ROUNDS;

static uint32_t mix(uint32_t h, uint32_t v) {
  h ^= v;
  h = (h << 5) | (h >> 27);
  return h * 0x9e3779b1u + 7;
}

static void matmul(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int32_t s = 0;
      for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

int main(void) {
  uint32_t h = 2166136261u;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = (i * 7 + j * 3) & 15;
      b[i][j] = (i * 5 + j * 11) & 15;
    }
  const int n = rounds;
  for (int r = 0; r < n; r++) {
    matmul();
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        h = mix(h, (uint32_t)c[i][j]);
        a[i][j] = (c[i][j] ^ (int32_t)h) & 15;
      }
  }
  printf("checksum %08x\n", (unsigned)h);
  return (int)(h & 63);
}
