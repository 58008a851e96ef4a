// Shifts and bitwise operators on signed and unsigned values, masks and bit counting.
#include <stdio.h>
#include <stdint.h>

int popcount(uint32_t v) {
  int n = 0;
  while (v) {
    n += v & 1;
    v >>= 1;
  }
  return n;
}

uint32_t rotl(uint32_t v, int s) { return (v << s) | (v >> (32 - s)); }

int main() {
  uint32_t x = 0xdeadbeefu;
  for (int s = 0; s < 32; s += 5) printf("%08x %08x %08x\n", x << s, x >> s, rotl(x, s == 0 ? 1 : s));
  int32_t n = -123456;
  for (int s = 0; s < 31; s += 6) printf("%d %d\n", n >> s, n << s);
  printf("%d %d %d\n", popcount(x), popcount(0), popcount(0xffffffffu));
  printf("%08x %08x %08x %08x\n", x & 0xff00ff00u, x | 0x0f0f0f0fu, x ^ 0xffffffffu, ~x);
  int m = 0x5a;
  m <<= 3;
  m |= 1;
  m ^= 0x100;
  m &= ~2;
  printf("%d\n", m);
  uint8_t b = 0x81;
  printf("%d %d\n", b << 1, (uint8_t)(b << 1));
  return popcount(x);
}
