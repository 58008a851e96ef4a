// The comma operator: the left operand evaluated and discarded, then the right one as a value, an
// lvalue, a condition, a class value or discarded; temporaries live to the end of the full-expression.
#include <stdio.h>

struct Noisy {
  int v;
  Noisy(int x) : v(x) { printf("make %d\n", v); }
  Noisy(const Noisy& o) : v(o.v) { printf("copy %d\n", v); }
  ~Noisy() { printf("drop %d\n", v); }
};

int trace(int v) {
  printf("trace %d\n", v);
  return v;
}

int peek(const Noisy& n) { return n.v; }

int main() {
  int a = 0, b = 0;
  a = (b++, 3);
  printf("%d %d\n", a, b);
  for (int i = 0, j = 10; i < j; i++, j -= 3) printf("%d:%d ", i, j);
  printf("\n");
  (b, a) = 7;
  printf("%d %d\n", a, b);
  int n = 0;
  while (n++, n < 4) printf("n=%d ", n);
  printf("\n");
  if (trace(1), trace(0)) printf("yes\n");
  else printf("no\n");
  long long w = 0;
  w = (trace(2), 1LL << 40);
  printf("%lld\n", w);
  double d = (++a, 2.5 * a);
  printf("%d %d\n", a, (int)d);
  int r = (peek(Noisy(5)), printf("after peek\n"), 9);
  printf("r=%d\n", r);
  Noisy k = (trace(3), Noisy(6));
  printf("k=%d\n", k.v);
  trace(4), trace(5);
  a = 1;
  int* p = (trace(6), &b);
  *p += 10;
  printf("%d %d\n", a, b);
  int arr[3] = {1, 2, 3};
  int s = 0;
  for (int i = 0; i < 3; s += arr[i], i++) {}
  printf("s=%d\n", s);
  return (a, b) - 11;
}
