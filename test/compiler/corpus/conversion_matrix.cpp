// Every arithmetic type converted to every other (bool, signed/unsigned char, short, int, long long, float,
// double) through function templates, including (T)-x casts with T a template parameter; wrap-around and
// rounding at the limits.
#include <stdio.h>
template <typename T> void show(T v) {
  if ((T)1.5 != (T)1) printf("%g ", (double)v);
  else printf("%lld ", (long long)v);
}
template <typename From> void row(From v) {
  show<bool>(v); show<signed char>((signed char)v); show<unsigned char>((unsigned char)(v < 0 ? 0 : v));
  show<short>((short)v); show<unsigned short>((unsigned short)(v < 0 ? 0 : v)); show<int>((int)v); show<unsigned>((unsigned)(v < 0 ? 0 : v));
  show<long long>((long long)v); show<unsigned long long>((unsigned long long)(v < 0 ? 0 : v)); show<float>((float)v); show<double>((double)v);
  printf("\n");
}
template <typename From> void all() { row<From>((From)0); row<From>((From)1); row<From>((From)100); row<From>((From)-3); row<From>((From)127); }
int main() {
  all<bool>(); all<signed char>(); all<unsigned char>(); all<short>(); all<unsigned short>(); all<int>(); all<unsigned>();
  all<long long>(); all<unsigned long long>(); all<float>(); all<double>();
  unsigned char uc = 255; signed char sc = -128; unsigned short us = 65535; int i = -1; unsigned u = 0xffffffffu; long long ll = -1;
  printf("%d %d %d %u %lld %llu\n", (int)(unsigned char)(uc + 1), (int)(signed char)(sc - 1), (int)(short)us, (unsigned)i, (long long)u, (unsigned long long)ll);
  float f = 16777217.0f; double d = 9007199254740993.0; long long big = 9007199254740993LL;
  printf("%.1f %.1f %.1f %.1f %lld\n", (double)f, d, (double)(float)big, (double)big, (long long)(double)big);
  printf("%d %d %d\n", (int)(float)2147483520.0, (int)-2.5f, (int)(unsigned char)(float)200.7f);
  return 0;
}
