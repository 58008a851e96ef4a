// Lambdas without captures converted to pointers to functions: initialising and assigning a pointer,
// passing a lambda to a function taking a pointer, unary `+`, a table of pointers, and invokers of
// every calling shape (64-bit and double values, class results and class parameters, void).
#include <stdio.h>
struct P {
  int a, b;
};
static int apply(int (*f)(int), int v) { return f(v); }
static double fold(double (*f)(double, double), double x, double y) { return f(x, y); }
static P make(P (*f)(int), int v) { return f(v); }
static int total = 0;
int main() {
  int (*fp)(int) = [](int x) { return x + 1; };
  printf("init %d\n", fp(4));
  printf("passed %d\n", apply([](int x) { return x * 3; }, 5));
  auto plus = +[](int a) { return a - 1; };
  printf("unary %d\n", plus(10));
  auto sq = [](int x) { return x * x; };
  fp = sq;
  printf("assigned %d %d\n", fp(6), apply(sq, 7));
  int (*table[3])(int) = {[](int x) { return x + 100; }, sq, [](int x) { return -x; }};
  for (int i = 0; i < 3; i++) printf("table %d %d\n", i, table[i](3));
  printf("double %g\n", fold([](double a, double b) { return a * b + 0.5; }, 1.5, 4.0));
  long long (*wide)(long long, int) = [](long long a, int s) { return a << s; };
  printf("wide %lld\n", wide(3, 40));
  P p = make([](int v) { return P{v, v * 2}; }, 21);
  printf("class result %d %d\n", p.a, p.b);
  int (*sum)(P q) = [](P q) { return q.a + q.b; };
  printf("class param %d\n", sum(P{8, 9}));
  int (*byRef)(const P&) = [](const P& q) { return q.a * q.b; };
  printf("ref param %d\n", byRef(p));
  void (*add)(int) = [](int v) { total += v; };
  add(5);
  add(6);
  printf("void %d\n", total);
  bool same = fp == fp;
  printf("same %d\n", same);
  return 0;
}
