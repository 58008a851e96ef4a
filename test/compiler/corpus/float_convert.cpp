// Conversions between float, double and the integer types of every width, rounding of int → float,
// truncation toward zero, float ↔ double round trips, comparisons of special values.
#include <stdio.h>
#include <stdint.h>

int main() {
  float fs[] = {0.0f, 0.49f, 0.5f, 1.5f, -1.5f, -0.99f, 255.9f, 65535.5f, 1e9f, -2147483520.0f};
  for (int i = 0; i < 10; i++) {
    float f = fs[i];
    printf("%g -> %d %u %d %lld\n", f, (int)f, (unsigned)(f < 0 ? -f : f), (int16_t)(int)f, (int64_t)f);
  }
  int32_t ints[] = {0, 1, -1, 16777217, -16777217, 2147483647, -2147483647 - 1, 123456789};
  for (int i = 0; i < 8; i++) printf("%d -> %.1f %.1f\n", ints[i], (float)ints[i], (double)ints[i]);
  uint32_t us[] = {0u, 4294967295u, 2147483648u, 16777217u, 3000000001u};
  for (int i = 0; i < 5; i++) printf("%u -> %.1f %.1f\n", us[i], (float)us[i], (double)us[i]);
  int64_t ws[] = {9007199254740993LL, -9007199254740993LL, 4611686018427387904LL, 123};
  for (int i = 0; i < 4; i++) printf("%lld -> %.1f %.1f\n", ws[i], (float)ws[i], (double)ws[i]);
  uint64_t big = 18446744073709551615ULL;
  printf("%.1f %.1f\n", (float)big, (double)big);
  double ds[] = {0.1, 1.0 / 3.0, 1e-40, 3.4028235677973366e38, 1e39, -0.0, 16777217.0};
  for (int i = 0; i < 7; i++) {
    float f = (float)ds[i];
    printf("%.17g -> %.9g -> %.17g\n", ds[i], f, (double)f);
  }
  uint8_t small = (uint8_t)200.7f;
  int8_t neg = (int8_t)-100.2f;
  printf("%u %d\n", small, neg);
  float inf = 1e38f * 10.0f;
  printf("%d %d %d\n", inf > 1e38f, -inf < 0.0f, inf == inf);
  float zero = 0.0f;
  float nan = zero / zero;
  printf("%d %d %d %d\n", nan == nan, nan != nan, nan < 1.0f, nan >= 1.0f);
  double dn = 0.0 / 0.0;
  printf("%d %d\n", dn == dn, dn != dn);
  return (int)fs[6];
}
