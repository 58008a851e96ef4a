// Lambdas in class templates (capturing `this` implicitly, in a generic lambda and a nested one), a
// class parameter passed by value captured by copy and by reference, and a generic lambda whose
// nested lambda captures its parameter by reference.
#include <stdio.h>
struct P { int a; P(int x) : a(x) {} P(const P& o) : a(o.a + 1) {} };
template <class T> struct Box {
  T v;
  T twice() const { return v * 2; }
  T run(T k) { auto g = [=](auto m) { return twice() + v * m + k; }; return g(2); }
  T runRef(T k) { auto g = [&] { v += k; return [this] { return v; }(); }; return g(); }
};
static int byValue(P p) { auto g = [p] { return p.a; }; auto h = [&p] { p.a += 100; }; h(); return g() + p.a; }
int main() {
  Box<int> b{3};
  int r1 = b.run(1);
  int r2 = b.runRef(4);
  printf("box %d %d\n", r1, r2);
  Box<double> d{0.5};
  printf("boxd %g\n", d.run(0.25));
  printf("byValue %d\n", byValue(P(1)));
  auto outer = [](auto x) { return [&x](auto y) { return x + y; }(x * 2); };
  printf("gen nested %d %g\n", outer(3), outer(1.5));
  return 0;
}
