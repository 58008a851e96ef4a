// 64-bit integers: register pairs inline (add, subtract, multiply, logic, compare) and runtime
// helpers (divide, remainder, shifts), conversions to and from 32-bit values.
#include <stdio.h>
#include <stdint.h>

int64_t factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }

uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

int main() {
  for (int i = 0; i <= 20; i += 4) printf("%d! = %lld\n", i, factorial(i));
  int64_t vals[] = {0, 1, -1, 123456789012LL, -987654321098LL, 9223372036854775807LL, -9223372036854775807LL - 1};
  for (int i = 0; i < 7; i++) {
    for (int j = 1; j < 5; j++) {
      int64_t a = vals[i];
      int64_t b = vals[j];
      if (i == 6 && j == 2) continue;
      printf("%lld %lld: %lld %lld %lld %lld %d %d\n", a, b, a + b, a - b, a / b, a % b, a < b, a == b);
    }
  }
  uint64_t u = 0xfedcba9876543210ULL;
  for (int s = 0; s < 64; s += 9) printf("%016llx %016llx %lld\n", u << s, u >> s, (int64_t)u >> s);
  printf("%llu %llu\n", u / 1000000007ULL, u % 1000000007ULL);
  printf("%016llx\n", mix(42));
  uint64_t big = 4000000000u;
  big *= 3;
  int32_t low = (int32_t)big;
  uint32_t ulow = (uint32_t)(big >> 2);
  printf("%llu %d %u\n", big, low, ulow);
  int64_t neg = -5;
  printf("%lld %llu %lld\n", neg * neg * neg, (uint64_t)neg, ~neg & 0xff);
  int64_t acc = 0;
  for (int i = 0; i < 100; i++) acc += (int64_t)i * i * i * 1000003;
  printf("%lld\n", acc);
  return (int)(acc % 200);
}
