// Single-precision arithmetic through the FP coprocessor, conversions and comparisons.
#include <stdio.h>

float poly(float x) { return 3.0f * x * x - 2.5f * x + 1.0f; }

float average(const float* v, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++) s += v[i];
  return s / n;
}

int main() {
  float xs[] = {0.0f, 1.0f, -1.5f, 2.25f, 100.125f, -0.001f};
  for (int i = 0; i < 6; i++) printf("%f %e %g\n", poly(xs[i]), xs[i] * 3.0f, xs[i] / 7.0f);
  printf("%f\n", average(xs, 6));
  float a = 1.0f / 3.0f;
  float b = a * 3.0f;
  printf("%.9f %.9f %d\n", a, b, b == 1.0f);
  int i = (int)7.9f;
  int j = (int)-7.9f;
  unsigned u = (unsigned)3000000000.0f;
  float back = (float)123456789;
  printf("%d %d %u %.1f\n", i, j, u, back);
  float neg = -xs[3];
  printf("%f %d %d %d\n", neg, neg < 0.0f, xs[1] >= 1.0f, xs[2] != xs[2]);
  float acc = 0.0f;
  for (int k = 1; k <= 100; k++) acc += 1.0f / k;
  printf("%.6f\n", acc);
  printf("%.3f %.0f %.10f\n", 2.0005f, 0.5f, 0.1f);
  return (int)(acc * 10.0f);
}
