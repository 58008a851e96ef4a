// Lambdas: without captures (called directly, immediately, through a template), capturing by value and
// by reference (explicitly and by default), scalars, 64-bit, double, arrays, classes with copy
// constructors and destructors, nested lambdas, mutable closures, closures copied into templates.
#include <stdio.h>
struct Acc {
  int total;
  Acc(int t) : total(t) {}
  Acc(const Acc& o) : total(o.total + 1000) { printf("copy Acc %d\n", o.total); }
};
template <class F> int apply(F f, int v) { return f(v); }
template <class F> int twice(const F& f, int v) { return f(f(v)); }
static int closure_with_destructor();
static int statics_in_lambda();
static void more_shapes();
int main() {
  printf("dtor %d\n", closure_with_destructor());
  printf("statics %d\n", statics_in_lambda());
  printf("statics again %d\n", statics_in_lambda());
  more_shapes();
  auto sq = [](int x) { return x * x; };
  printf("sq %d\n", sq(7));
  printf("iife %d\n", [](int a, int b) { return a - b; }(10, 3));
  int base = 5;
  int count = 0;
  auto add = [base](int x) { return x + base; };
  base = 100;
  printf("add %d\n", add(1));
  auto bump = [&count](int by) { count += by; return count; };
  bump(2);
  bump(3);
  printf("count %d\n", count);
  auto both = [=](int x) { return x * base + count; };
  auto all = [&]() { base++; count--; };
  all();
  printf("both %d base %d count %d\n", both(2), base, count);
  long long big = 1LL << 40;
  double d = 2.5;
  auto mix = [big, &d](int k) { d *= 2; return big + k + (long long)d; };
  long long r1 = mix(1);
  long long r2 = mix(2);
  printf("mix %lld %lld %g\n", r1, r2, d);
  Acc acc(7);
  auto useAcc = [acc](int x) { return acc.total + x; };
  printf("acc %d\n", useAcc(1));
  auto refAcc = [&acc](int x) { acc.total += x; return acc.total; };
  refAcc(3);
  printf("acc now %d\n", acc.total);
  printf("apply %d %d\n", apply(sq, 9), apply(add, 1));
  printf("twice %d\n", twice(bump, 1));
  int arr[3] = {1, 2, 3};
  auto sum = [arr]() { int s = 0; for (int i = 0; i < 3; i++) s += arr[i]; return s; };
  arr[0] = 50;
  printf("arr sum %d\n", sum());
  auto outer = [&count, base](int x) {
    auto inner = [&count, base, x](int y) { count += y; return base + x + y; };
    return inner(x * 10);
  };
  int o = outer(2);
  printf("nested %d count %d\n", o, count);
  int n = 0;
  auto counter = [n]() mutable { return ++n; };
  counter();
  printf("mutable %d\n", counter());
  return count;
}

struct D {
  int v;
  D(int x) : v(x) {}
  D(const D& o) : v(o.v + 1) { printf("copy D %d\n", o.v); }
  ~D() { printf("~D %d\n", v); }
};

static int closure_with_destructor() {
  D d(4);
  int r;
  {
    auto g = [d]() { return d.v; };
    r = g();
    printf("inside %d\n", r);
  }
  printf("after scope\n");
  return r;
}

static int seed() {
  printf("seed\n");
  return 40;
}

// static locals are named, not captured, even under [=]
static int statics_in_lambda() {
  static int s = 5;
  static int t = seed();
  auto g = [=] { return s * 100 + t; };
  auto h = [&] { s++; t += 2; };
  h();
  s += 3;
  return g();
}

struct P { int a, b; };
struct Q {
  int k;
  int run(int m) {
    auto f = [m](int x) { return x * m; };  // in a member function, capturing a parameter
    return f(k);
  }
};

// a lambda returning a class, one created on each pass of a loop
static void more_shapes() {
  auto mk = [](int a, int b) { return P{a, b}; };
  P p = mk(3, 4);
  int total = 0;
  for (int i = 0; i < 4; i++) {
    auto step = [&total, i]() { total += i * i; };
    step();
  }
  Q q{6};
  int r = q.run(7);
  printf("shapes %d %d %d %d\n", p.a, p.b, total, r);
}
