// Integer arithmetic: signed and unsigned, division and remainder of negative values, wrap-around.
#include <stdio.h>
#include <stdint.h>

int32_t mix(int32_t a, int32_t b) { return a * 3 - b / 2 + a % 7; }

int main() {
  int32_t vals[] = {0, 1, -1, 7, -7, 100, -100, 2147483647, -2147483647 - 1};
  for (int i = 0; i < 9; i++) {
    for (int j = 0; j < 9; j++) {
      int32_t a = vals[i];
      int32_t b = vals[j];
      if (b == 0 || (a == -2147483647 - 1 && b == -1)) continue;
      printf("%d %d: %d %d %d\n", a, b, a / b, a % b, mix(a, b));
    }
  }
  uint32_t u = 4000000000u;
  uint32_t w = u + u;
  printf("%u %u %u %u\n", w, u / 3u, u % 1000u, u * 7u);
  int32_t big = 2147483647;
  printf("%d\n", (int32_t)((uint32_t)big + 1u));
  unsigned short us = 65535;
  us = us + 1;
  printf("%u\n", (unsigned)us);
  return (int)(u % 256u);
}
