// The conditional operator: values, nesting, lvalues, mixed types.
#include <stdio.h>

int sign(int v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

int main() {
  for (int i = -2; i <= 2; i++) printf("%d ", sign(i));
  printf("\n");
  int a = 3;
  int b = 4;
  (a < b ? a : b) = 10;
  printf("%d %d\n", a, b);
  int& big = a > b ? a : b;
  big += 5;
  printf("%d %d\n", a, b);
  unsigned u = 5;
  int s = -1;
  long long w = a > 0 ? u : s;
  printf("%lld\n", w);
  const char* msg = a == 15 ? "fifteen" : "other";
  printf("%s\n", msg);
  float f = a > 100 ? 1.5f : 2;
  printf("%d\n", (int)(f * 2));
  return sign(-5) + 2;
}
