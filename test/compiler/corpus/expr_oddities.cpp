// Unevaluated sizeof operands, enum arithmetic, unary +/- on unsigned and small types, 64-bit shifts by
// 64-bit and 8-bit counts, pointer truth values and null comparisons, function pointer comparisons, byte
// assembly, 64-bit division, i[p] subscripts, arrays of arrays through pointers.
#include <stdio.h>
#include <stdint.h>
enum Dir { N, E, S, W };
struct P { int x; };
static int f1() { return 1; }
static int f2() { return 2; }
int main() {
  int x = 5; size_t sz = sizeof(x++); printf("%d %d\n", x, (int)sz);
  Dir d = E; d = (Dir)(d + 2); int di = d * 2 + W; printf("%d %d\n", d, di);
  unsigned u = 3; int neg = -u > 0; unsigned char c = 200; int plus = +c; int64_t sh = 1; sh <<= (int64_t)40; int64_t sr = sh >> (uint8_t)35;
  printf("%d %d %lld %lld\n", neg, plus, (long long)sh, (long long)sr);
  P p = {3}; P* pp = &p; P* np = nullptr;
  printf("%d %d %d %d %d\n", !np, pp && p.x, np == 0, 0 == np, pp != np);
  typedef int (*Fn)(); Fn fp = f1; printf("%d %d %d\n", fp == f1, fp != &f2, fp());
  uint8_t bytes[4] = {1, 2, 3, 4}; uint32_t w = bytes[0] | bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
  printf("%08x %d\n", (unsigned)w, bytes[3] / bytes[1]);
  long long q = -7; unsigned long long uq = 7; printf("%lld %lld %llu %llu\n", q / 2, q % 3, uq / 2, -uq % 10);
  double dz = 7.0 / 2; int idz = 7 / 2; float mix = 1 / 3.0f; printf("%.2f %d %.4f\n", dz, idz, (double)mix);
  const char* msg = "abc"; char first = *msg; char third = msg[2]; char viaIdx = 1[msg];
  printf("%c %c %c %d\n", first, third, viaIdx, (int)sizeof("abc"));
  int a2[2][2] = {{1, 2}, {3, 4}}; int* flat = &a2[0][0]; printf("%d %d\n", flat[3], *(*(a2 + 1) + 0));
  return 0;
}
