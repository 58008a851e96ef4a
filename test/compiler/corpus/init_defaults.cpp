// Default arguments that need code: calls, class temporaries bound to const references, class values,
// addresses of globals, names from the declaration's scope; evaluated at each call, their temporaries
// destroyed at the end of the caller's full-expression.
#include <stdio.h>

static int counter = 0;
int next() { return ++counter; }

struct Foo {
  int v;
  Foo(int x = 7) : v(x) { printf("Foo(%d)\n", v); }
  Foo(const Foo& o) : v(o.v + 100) { printf("Foo copy(%d)\n", v); }
  ~Foo() { printf("~Foo(%d)\n", v); }
};

int global = 42;
int table[4] = {10, 20, 30, 40};

namespace ns {
const int base = 5;
int scaled(int k) { return k * base; }
int use(int a = scaled(3), int b = base + 1) { return a + b; }
}

int f(int x = next()) { return x; }
int byRef(const Foo& r = Foo(2)) { printf("byRef sees %d\n", r.v); return r.v; }
int byValue(Foo v = Foo()) { printf("byValue sees %d\n", v.v); return v.v; }
int* pointer(int* p = &global) { return p; }
int element(int* p = &table[2]) { return *p; }
long long wide(long long w = 1LL << 40, double d = 2.5) { return w + (long long)(d * 2); }
int sum2(int a, int b = 3, int c = 4) { return a * 100 + b * 10 + c; }

struct Widget {
  int scale;
  explicit Widget(int s) : scale(s) {}
  int times(int x = next(), int y = 2) const { return scale * x * y; }
  static int twice(int x = global) { return 2 * x; }
};

int report(int a, int b) { printf("report %d %d\n", a, b); return a + b; }

int main() {
  int f1 = f();
  int f2 = f();
  printf("f: %d %d %d\n", f1, f2, f(50));
  printf("counter %d\n", counter);
  int r = byRef() + 1;
  printf("after byRef %d\n", r);
  int v = byValue() + 1;
  printf("after byValue %d\n", v);
  printf("report: %d\n", report(byRef(), 9));
  printf("report: %d\n", report(1, byRef(Foo(9))));
  printf("pointer: %d %d\n", *pointer(), *pointer(&table[0]));
  global = 43;
  printf("pointer again: %d\n", *pointer());
  printf("element: %d\n", element());
  printf("wide: %lld\n", wide());
  printf("ns::use: %d %d\n", ns::use(), ns::use(1));
  printf("sum2: %d %d %d\n", sum2(1), sum2(1, 5), sum2(1, 5, 6));
  Widget w(3);
  int t1 = w.times();
  printf("times: %d %d\n", t1, w.times(1, 1));
  printf("twice: %d\n", Widget::twice());
  return counter;
}
