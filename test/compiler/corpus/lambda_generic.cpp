// Generic lambdas: `auto` parameters deduced per call (int, double, long long, pointers, classes),
// `auto&` modifying the argument, `const auto&`, `auto&&`, `auto*`, a mix of `auto` and concrete
// parameters, captures, a generic lambda passed to a template and one returning a class object.
#include <stdio.h>
struct V {
  int x, y;
};
static int operator_sum(const V& v) { return v.x + v.y; }
template <class F> int call_twice(F f, int a) { return f(a) + f(a + 1); }
template <class F, class T> T apply(const F& f, T v) { return f(v); }
int main() {
  auto dbl = [](auto x) { return x + x; };
  int i = dbl(2);
  double d = dbl(1.25);
  long long l = dbl(3LL << 33);
  printf("dbl %d %g %lld\n", i, d, l);
  int n = 3;
  double w = 1.5;
  auto inc = [](auto& r) { r++; };
  inc(n);
  inc(w);
  inc(n);
  printf("inc %d %g\n", n, w);
  auto mx = [](const auto& a, const auto& b) { return a < b ? b : a; };
  printf("max %d %g\n", mx(3, 9), mx(2.5, -1.0));
  V v{4, 5};
  auto get = [](const auto& p) { return operator_sum(p) * 10; };
  printf("class %d\n", get(v));
  auto fwd = [](auto&& r) { r += 1; return r; };
  int m = 10;
  int f1 = fwd(m);
  int f2 = fwd(20);
  printf("fwd %d %d m %d\n", f1, f2, m);
  auto deref = [](auto* p) { return *p * 2; };
  printf("ptr %d %g\n", deref(&n), deref(&w));
  int base = 100;
  auto addb = [base](auto x, int k) { return base + x * k; };
  printf("capture %d %g\n", addb(2, 3), addb(0.5, 3));
  auto counted = [&n](auto step) { n += step; return n; };
  counted(1);
  counted(2);
  printf("ref capture %d\n", n);
  printf("template %d %g\n", call_twice(dbl, 5), apply(dbl, 0.75));
  auto mk = [](auto a, auto b) { return V{(int)a, (int)b}; };
  V made = mk(7, 8.9);
  printf("made %d %d\n", made.x, made.y);
  auto nested = [](auto a) { return [a](auto b) { return a * b; }; };
  auto times3 = nested(3);
  printf("nested %d %g\n", times3(4), times3(0.5));
  return 0;
}
