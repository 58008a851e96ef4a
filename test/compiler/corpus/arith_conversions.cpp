// Compound assignments and conversions on every arithmetic type (8- to 64-bit, signed and unsigned, float, double, bool, char), pointers, enums with underlying types.
#include <stdio.h>
#include <stdint.h>
enum class Color : uint16_t { Red = 1, Green = 300, Blue = 65535 };
enum Level : int8_t { Low = -5, High = 100 };
enum Flags { F1 = 1, F2 = 2, F4 = 4 };
int main() {
  int8_t i8 = -100; uint8_t u8 = 200; int16_t i16 = -30000; uint16_t u16 = 60000; int32_t i32 = -2000000000; uint32_t u32 = 4000000000u;
  int64_t i64 = -9000000000000LL; uint64_t u64 = 18000000000000000000ULL; float f = 1.5f; double d = -2.25; bool b = true; char c = 'z';
  i8 += 50; u8 += 100; i16 -= 10000; u16 *= 2; i32 += 500000000; u32 += 500000000u; i64 *= 3; u64 /= 7; f *= 3; d /= 0.5; b += 1; c -= 25;
  printf("%d %d %d %d %d %u %lld %llu %.2f %.2f %d %d\n", i8, u8, i16, u16, i32, u32, (long long)i64, (unsigned long long)u64, f, d, b, c);
  i8 %= 7; u8 >>= 2; i16 <<= 1; u16 ^= 0xff; i32 |= 0x70000000; u32 &= 0xf0f0f0f0u; i64 >>= 5; u64 <<= 3; i64 %= 1000003; u64 %= 99991;
  printf("%d %d %d %d %d %u %lld %llu\n", i8, u8, i16, u16, i32, u32, (long long)i64, (unsigned long long)u64);
  f += i8; d -= u8; i32 += f; u8 = 7.9; i64 += d; u64 -= 2.5f; f /= i16; d *= i8; i16 += 1.9; u16 -= 0.5;
  printf("%.3f %.3f %d %d %lld %llu %d %d\n", f, d, i32, u8, (long long)i64, (unsigned long long)u64, i16, u16);
  int64_t mix = i8 * u32 + (int64_t)u16 * i16 - u8; uint64_t umix = u64 + i32; double dm = i64 / 3.0 + u32 / 2 + f;
  printf("%lld %llu %.3f\n", (long long)mix, (unsigned long long)umix, dm);
  printf("%d %d %d %d\n", (int)(u32 > i32), (int)(-1 < 0u), (int)(i64 < u32), (int)((uint8_t)300 == 44));
  int arr[6] = {10, 20, 30, 40, 50, 60}; int* p = arr; p += 3; p -= 1; int* q = p; q++; ++q; q--; int64_t off = 1; p += off;
  printf("%d %d %d\n", *p, *q, (int)(q - arr));
  Color col = Color::Green; Level lv = Low; Flags fl = (Flags)(F1 | F4); int fi = fl & F4; Color blue = Color::Blue;
  printf("%d %d %d %d %d %d %d\n", (int)col, lv, fl, fi, (int)blue, (int)sizeof(Color), (int)sizeof(Level));
  printf("%d %d %d\n", col == Color::Green, lv < High, (int)static_cast<uint16_t>(blue) + 1);
  switch (col) { case Color::Red: printf("red\n"); break; case Color::Green: printf("green\n"); break; default: break; }
  unsigned char uc = 255; uc++; signed char sc = 127; sc++; unsigned short us = 0; us--; short ss = -32768; ss--;
  printf("%d %d %d %d\n", uc, sc, us, ss);
  long long big = 1LL << 40; unsigned long long ushift = 1ULL << 63; int neg = -17;
  printf("%lld %llu %d %d %d %lld\n", big >> 3, ushift >> 60, neg >> 2, neg / 4, neg % 4, -big / 3);
  double nd = -0.0; float tiny = 1e-30f; double huge = 1e300;
  printf("%.1f %g %g %d %d\n", nd, tiny * tiny, huge * 10 > 1e308 ? 1.0 : 0.0, (int)(3.99), (int)(-3.99));
  return 0;
}
