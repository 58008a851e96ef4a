// Lambda init-captures: scalars from constants and expressions, a reference init-capture, class
// objects constructed into the closure (destroyed with it) or copied from a variable, a mutable
// init-capture kept across calls, a nested lambda capturing an init-capture, an aggregate built by a
// brace list, init-captures next to a capture-default.
#include <stdio.h>
struct S {
  int v;
  S(int x) : v(x) { printf("S(%d)\n", x); }
  S(const S& o) : v(o.v + 10) { printf("copy S %d\n", o.v); }
  ~S() { printf("~S %d\n", v); }
};
static int twice(int x) { return 2 * x; }
int main() {
  int x = 5;
  auto f = [n = 2](int y) { return y + n; };
  auto g = [m = x * 2, k = twice(x) + 1]() { return m * 100 + k; };
  x = 50;
  int v = 1;
  auto h = [&r = v](int by) { r += by; return r; };
  h(10);
  h(5);
  printf("f %d g %d v %d\n", f(1), g(), v);
  {
    auto k = [s = S(3)](int add) { return s.v + add; };
    printf("k %d\n", k(4));
    S outer(7);
    auto c = [t = outer, w = 1.5]() { return t.v * w; };
    printf("c %g\n", c());
  }
  printf("after scope\n");
  auto counter = [n = 0]() mutable { return ++n; };
  counter();
  counter();
  printf("counter %d\n", counter());
  auto outer = [base = x + 1](int y) {
    auto inner = [base, y] { return base * 1000 + y; };
    return inner();
  };
  printf("nested %d\n", outer(7));
  long long big = 1LL << 40;
  auto wide = [b = big + 3, d = big * 2]() { return b + d; };
  printf("wide %lld\n", wide());
  struct Pair {
    int a, b;
  };
  auto pair = [pr = Pair{1, 2}]() { return pr.a * 10 + pr.b; };
  int y = 3;
  auto mixed = [&, z = y + 1]() mutable { z++; y++; return z * 10 + y; };
  int mixedResult = mixed();
  printf("pair %d mixed %d y %d\n", pair(), mixedResult, y);
  int arr[3] = {4, 5, 6};
  auto ptr = [p = arr]() { return p[0] + p[2]; };
  printf("ptr %d\n", ptr());
  return v;
}
