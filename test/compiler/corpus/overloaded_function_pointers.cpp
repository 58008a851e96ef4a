// An overloaded function name converted to a function pointer type picks the overload of exactly
// that type ([over.over]): in initialisers, assignments, arguments and return statements.
#include <stdio.h>

int scale(int x) { return x * 3; }
double scale(double x) { return x / 2; }
long scale(long x, long y) { return x * y; }

typedef int (*IntFn)(int);
using RealFn = double (*)(double);

int apply(IntFn fn, int v) { return fn(v); }
double apply_real(RealFn fn, double v) { return fn(v); }
long apply2(long (*fn)(long, long), long a, long b) { return fn(a, b); }

int (*global_int)(int) = scale;
RealFn global_real = &scale;

IntFn pick() { return scale; }

int main() {
  int (*p)(int) = scale;
  IntFn q = &scale;
  RealFn r = (scale);
  long (*two)(long, long) = scale;
  IntFn later;
  later = scale;
  printf("%d %d %d\n", p(2), q(3), later(4));
  printf("%d %d\n", (int)(r(9.0) * 10), (int)(global_real(5.0) * 10));
  printf("%d %d %d\n", apply(scale, 5), (int)(apply_real(scale, 3.0) * 10), (int)apply2(scale, 6, 7));
  printf("%d %d %d\n", global_int(7), pick()(8), (int)two(2, 21));
  IntFn table[2] = {scale, scale};
  return table[1](2) + (p == global_int ? 1 : 0);
}
