// Compound assignment on every width and signedness: the operation happens in the promoted type,
// the result is converted back (wrapping) to the left operand's type.
#include <stdio.h>
#include <stdint.h>

int main() {
  int8_t a = 100;
  a += 100;
  a *= 3;
  a -= -7;
  int8_t b = -128;
  b /= -1;
  b >>= 1;
  printf("%d %d\n", a, b);
  uint8_t c = 200;
  c += 100;
  c <<= 3;
  c |= 0x81;
  c ^= 0xf0;
  printf("%u\n", c);
  int16_t d = 30000;
  d += 30000;
  d %= 1000;
  uint16_t e = 1;
  e -= 2;
  e /= 3;
  printf("%d %u\n", d, e);
  uint32_t f = 7;
  f -= 10;
  f >>= 4;
  int32_t g = -1000;
  g <<= 4;
  g >>= 3;
  g &= ~0xf;
  printf("%u %d\n", f, g);
  int64_t h = 1;
  for (int i = 0; i < 40; i++) h *= 3;
  h /= 7;
  h %= 1000000007;
  h <<= 5;
  h >>= 2;
  uint64_t k = 5;
  k -= 6;
  k >>= 1;
  printf("%lld %llu\n", h, k);
  float x = 1.5f;
  x += 2;
  x *= -3;
  x /= 4;
  double y = 10.0;
  y -= 0.25;
  y /= 3;
  int n = 10;
  n += 2.9;
  n *= 1.5;
  printf("%f %.6f %d\n", x, y, n);
  unsigned u = 10;
  int s = -3;
  u += s;
  printf("%u %d\n", u, (int)(u * s));
  return a & 0xff;
}
