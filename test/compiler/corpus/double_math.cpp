// Doubles through the runtime helpers: arithmetic, comparisons, conversions to and from integers
// and floats, printed with %f, %e and %g.
#include <stdio.h>
#include <stdint.h>

double horner(const double* c, int n, double x) {
  double r = 0.0;
  for (int i = n - 1; i >= 0; i--) r = r * x + c[i];
  return r;
}

double sqrtNewton(double v) {
  double x = v > 1.0 ? v : 1.0;
  for (int i = 0; i < 40; i++) x = 0.5 * (x + v / x);
  return x;
}

int main() {
  double c[] = {1.0, -2.5, 0.125, 3.0};
  for (int i = -3; i <= 3; i++) printf("%.10f\n", horner(c, 4, i * 0.75));
  printf("%.15g %.15g %.15g\n", sqrtNewton(2.0), sqrtNewton(1e10), sqrtNewton(0.0625));
  double a = 1.0 / 3.0;
  double b = a * 3.0;
  printf("%.17g %.17g %d %d %d\n", a, b, b == 1.0, a < b, a >= 0.3333);
  double big = 1e300;
  double tiny = 1e-300;
  printf("%g %g %g %g\n", big * 10.0, tiny / 1e20, big * tiny, -big / tiny);
  printf("%e %e\n", 4.9e-324, 2.2250738585072014e-308);
  int i = (int)-2.75;
  unsigned u = (unsigned)3000000000.5;
  int64_t w = (int64_t)-1.5e15;
  uint64_t uw = (uint64_t)1.8e19;
  printf("%d %u %lld %llu\n", i, u, w, uw);
  double fromInt = -7;
  double fromU = 4000000000u;
  double fromW = -123456789012345LL;
  double fromBig = 9007199254740993LL;
  printf("%.1f %.1f %.1f %.1f\n", fromInt, fromU, fromW, fromBig);
  float f = 1.1f;
  double widened = f;
  float narrowed = (float)(widened * 3.0);
  printf("%.20f %.9g\n", widened, narrowed);
  double sum = 0.0;
  for (int k = 1; k <= 200; k++) sum += 1.0 / ((double)k * k);
  printf("%.15f\n", sum);
  double neg0 = -0.0;
  printf("%g %g %d\n", neg0, 0.0 * -1.0, neg0 == 0.0);
  return (int)(sum * 10);
}
